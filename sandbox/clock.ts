/** The sandbox's notion of "now": real time, or a manual clock that tests move forward. */
export type ClockMode = 'real' | 'manual';

export class Clock {
	private offsetMs = 0;
	private manualNow: number;

	constructor(
		public readonly mode: ClockMode,
		startAt?: string,
	) {
		this.manualNow = startAt ? Date.parse(startAt) : Date.now();
		if (Number.isNaN(this.manualNow))
			throw new Error(`clock.now is not an ISO 8601 date: ${startAt}`);
		// A real clock may still start elsewhere in time: keep the difference and let time run.
		if (mode === 'real' && startAt) this.offsetMs = this.manualNow - Date.now();
	}

	nowMs(): number {
		return this.mode === 'manual' ? this.manualNow : Date.now() + this.offsetMs;
	}

	now(): Date {
		return new Date(this.nowMs());
	}

	advance(seconds: number): void {
		if (this.mode === 'manual') this.manualNow += seconds * 1000;
		else this.offsetMs += seconds * 1000;
	}

	set(iso: string): void {
		const target = Date.parse(iso);
		if (Number.isNaN(target)) throw new Error(`not an ISO 8601 date: ${iso}`);
		if (this.mode === 'manual') this.manualNow = target;
		else this.offsetMs = target - Date.now();
	}
}
