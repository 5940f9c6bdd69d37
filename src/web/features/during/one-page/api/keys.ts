import type {
  AllocationSuggestionRecord,
  AllocationSuggestionsResponse,
  OnePageListRow,
  OnePageRecord,
} from '@domain/contract';

/** GET /api/one-pages/{id}: the contract's one-page with its version (ETag); a list row of the project's list. */
export type { OnePageListRow, OnePageRecord };
/** An allocation suggestion with its version (If-Match of PUT / PATCH). */
export type Suggestion = AllocationSuggestionRecord;
/** GET …/one-page/{onePageId} (and approve-all): why someone is not listed, and the suggestions. */
export type SuggestionsAnswer = AllocationSuggestionsResponse;

/** Query keys of the one-page screens. */
export const onePageKeys = {
  all: ['one-pages'] as const,
  list: (projectId: number) => [...onePageKeys.all, 'project', projectId] as const,
  detail: (id: number) => [...onePageKeys.all, 'detail', id] as const,
  suggestions: (onePageId: number) => [...onePageKeys.all, 'suggestions', onePageId] as const,
};

export const validId = (id: number) => Number.isInteger(id) && id > 0;

/** The list row fields of a one-page record (the cached list row is refreshed from every answer). */
export const listRowOf = (r: OnePageRecord): OnePageListRow => ({
  id: r.id,
  createdAt: r.createdAt,
  initialDate: r.initialDate,
  endDate: r.endDate,
  submittedAt: r.submittedAt,
  idSubmittedBy: r.idSubmittedBy,
  isDelayedSubmitted: r.isDelayedSubmitted,
  format: r.format,
  onePageProblemLevel: r.onePageProblemLevel,
  environmentStatus: r.environmentStatus,
});
