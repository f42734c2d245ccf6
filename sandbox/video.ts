/**
 * What the sandbox's AI video routes (routes/video.ts) make: the kinds, their settings under PUT /_sandbox/settings,
 * the voices of image-text-slides, and the small video file a generation saves.
 */
import type { SandboxContext } from './context';

/** The kinds production knows; an install enables those it has provider keys for. */
export const VIDEO_KINDS = ['image-text-slides', 'veo3'] as const;

/**
 * Settings read beside `SandboxSettings` (PUT /_sandbox/settings may set them; a reset restores the defaults):
 * `videoKinds` the enabled kinds (both by default; `[]` is an install without provider keys), `aiVideoCredits`
 * the videos the organisation may still make (5), `trialAccount` (false), `videoDelayMs` how long a generation
 * takes (200 ms).
 */
export interface VideoSettings {
	videoKinds?: string[];
	aiVideoCredits?: number;
	trialAccount?: boolean;
	videoDelayMs?: number;
}

export function videoSettings(ctx: SandboxContext): Required<VideoSettings> {
	const s = ctx.settings as VideoSettings;
	return {
		videoKinds: Array.isArray(s.videoKinds) ? s.videoKinds.map(String) : [...VIDEO_KINDS],
		aiVideoCredits: typeof s.aiVideoCredits === 'number' ? s.aiVideoCredits : 5,
		trialAccount: s.trialAccount === true,
		videoDelayMs: typeof s.videoDelayMs === 'number' && s.videoDelayMs >= 0 ? s.videoDelayMs : 200,
	};
}

const VOICE_NAMES = [
	'Ada', 'Bram', 'Cleo', 'Dario', 'Edda', 'Felix', 'Greta', 'Hugo',
	'Ines', 'Jonas', 'Kaia', 'Lars', 'Mira', 'Nils', 'Olga', 'Pavel',
	'Quinn', 'Rosa', 'Sven', 'Tilde', 'Ulla', 'Viktor', 'Wanda', 'Xaver',
	'Yara', 'Zeno', 'Alma', 'Bodo', 'Carla', 'Dag', 'Elin', 'Finn',
	'Gisa', 'Henk', 'Ilse', 'Jari', 'Kira', 'Lino', 'Maja', 'Noor',
]; // prettier-ignore

/** The voices `loadVoices` answers: 40, always the same, as production's premade list is. */
export function sandboxVoices(
	origin: string,
): Array<{ id: string; name: string; preview_url: string }> {
	return VOICE_NAMES.map((name, i) => {
		const id = `sbxvoice${String(i + 1).padStart(2, '0')}${name.toLowerCase()}`;
		return { id, name, preview_url: `${origin}/voices/${id}.mp3` };
	});
}

function box(type: string, ...parts: Buffer[]): Buffer {
	const body = Buffer.concat(parts);
	const head = Buffer.alloc(8);
	head.writeUInt32BE(8 + body.length, 0);
	head.write(type, 4, 'latin1');
	return Buffer.concat([head, body]);
}

/**
 * A small valid MP4 (ISO base media): an `ftyp` box, then a `moov` with its movie header (one second long, no
 * tracks), which file-type readers and players' parsers take as video/mp4.
 */
export function smallVideo(): Buffer {
	const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
	const mvhd = Buffer.alloc(100);
	mvhd.writeUInt32BE(1000, 12); // timescale
	mvhd.writeUInt32BE(1000, 16); // duration: one second
	mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
	mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
	[0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].forEach((v, i) =>
		mvhd.writeUInt32BE(v, 36 + i * 4),
	); // identity matrix
	mvhd.writeUInt32BE(1, 96); // next track id
	return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd))]);
}
