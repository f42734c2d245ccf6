/**
 * Paging by page number, as GET /media and GET /notifications page: from `first` while `more` says
 * so of the answer. An empty page ends the list whatever it says (nothing lies past it: a service
 * saying "more" there would cost the page bound's requests).
 */
import type { IDataObject } from 'n8n-workflow';
import { paginated, type PagedRequests } from '../shared/transport';

export function numberedPages(
	first: number,
	list: string,
	more: (page: IDataObject, qs: IDataObject) => boolean,
): PagedRequests {
	return paginated(() => ({
		start: (qs) => {
			qs.page = first;
			return true;
		},
		next: (answer, qs) => {
			const page = (answer ?? {}) as IDataObject;
			const entries = page[list];
			if (!more(page, qs) || !Array.isArray(entries) || entries.length === 0) return false;
			qs.page = Number(qs.page) + 1;
			return true;
		},
	}));
}
