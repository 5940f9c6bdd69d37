import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { allocationSuggestions as E } from '@web/api/endpoints/allocation-suggestions';
import { api } from '@web/api/endpoint';
import { queryById } from '@web/api/entity-query';
import { removeById, upsertById } from '@web/api/cache';
import { useNotify } from '@web/ui';
import { onePageKeys, type Suggestion, type SuggestionsAnswer } from './keys';

/** 001 §8: an allocation that could not be changed. */
export const ALLOCATION_ERROR = [
  'Error updating allocation',
  'Something went wrong while updating the allocation.',
] as const;
/** 001 §8: the feedback's autosave. */
export const FEEDBACK_SAVED = 'Feedback saved';
export const FEEDBACK_ERROR = [
  'Error updating feedback',
  'Something went wrong while updating the feedback.',
] as const;
/** 001 §8: Approve All. */
export const APPROVED_ALL = 'All Governance Allocations approved';

/** GET /api/project-allocation-suggestions/one-page/{onePageId} → `{ infoMessage, suggestions }` (001 §7). */
const suggestionsQuery = queryById(E.list, onePageKeys.suggestions, { param: 'onePageId' });
export const useSuggestions = suggestionsQuery.useById;

/** Writes suggestions answered by the server into the cached answer (no reload). */
function store(client: QueryClient, onePageId: number, fn: (list: Suggestion[]) => Suggestion[] | undefined) {
  client.setQueryData<SuggestionsAnswer>(onePageKeys.suggestions(onePageId), (a) =>
    a ? { ...a, suggestions: fn(a.suggestions) ?? a.suggestions } : a,
  );
}
const isSuggestion = (v: unknown): v is Suggestion =>
  !!v && typeof v === 'object' && typeof (v as Suggestion).id === 'number';

/** The new body of a PUT: the whole suggestion with the change merged in. */
export const putBody = (s: Suggestion) => ({
  id: s.id,
  idProfessional: s.idProfessional,
  totalDays: s.totalDays,
  idPractice: s.idPractice,
  feedback: s.feedback,
  isApproved: s.isApproved,
  nextAllocations: s.nextAllocations,
});

/** The allocation table's writes (001 §4, §7, §8): each answer goes into the cached table. */
export function useSuggestionMutations(onePageId: number) {
  const qc = useQueryClient();
  const key = onePageKeys.suggestions(onePageId);
  const reload = () => void qc.invalidateQueries({ queryKey: key });
  const notify = useNotify();
  const put = (s: unknown) => (isSuggestion(s) ? store(qc, onePageId, (l) => upsertById(l, [s])) : reload());
  /** A refused change: the §8 toast, and the table read again (someone may have changed it). */
  const failed = () => {
    notify.error(...ALLOCATION_ERROR);
    reload();
  };
  return {
    /** POST same path: idProfessional, totalDays, nextAllocations. */
    add: useMutation({
      mutationFn: (b: {
        idProfessional: number;
        totalDays: number;
        nextAllocations: { totalDays: number }[];
      }) => api(E.create, { params: { onePageId }, body: b }),
      // a refusal is shown in the Add dialog
      onSuccess: (s) => {
        notify.success('Added with success.');
        put(s);
      },
    }),
    /** PUT the whole suggestion (isApproved, next weeks), with its version as If-Match. */
    update: useMutation({
      mutationFn: (s: Suggestion) =>
        api(E.update, { params: { id: s.id }, body: putBody(s), version: s.version }),
      onMutate: (s) => store(qc, onePageId, (l) => upsertById(l, [s])), // shown at once
      onSuccess: put,
      onError: failed,
    }),
    /** PATCH { totalDays } (this week). */
    setDays: useMutation({
      mutationFn: ({ s, totalDays }: { s: Suggestion; totalDays: number }) =>
        api(E.patch, { params: { id: s.id }, body: { totalDays }, version: s.version }),
      onMutate: ({ s, totalDays }) => store(qc, onePageId, (l) => upsertById(l, [{ ...s, totalDays }])),
      onSuccess: put,
      onError: failed,
    }),
    remove: useMutation({
      mutationFn: (s: Suggestion) => api(E.remove, { params: { id: s.id } }),
      onSuccess: (_a, s) => store(qc, onePageId, (l) => removeById(l, s.id)),
      onError: failed,
    }),
    /** PATCH …/one-page/{onePageId}/approve-all. */
    approveAll: useMutation({
      mutationFn: () => api(E.approveAll, { params: { onePageId } }),
      onSuccess: (answer) => {
        notify.success(APPROVED_ALL);
        const list = Array.isArray(answer)
          ? answer
          : answer && typeof answer === 'object' && Array.isArray((answer as SuggestionsAnswer).suggestions)
            ? (answer as SuggestionsAnswer).suggestions
            : null;
        if (list) store(qc, onePageId, () => list.filter(isSuggestion));
        else reload(); // no list in the answer: read the table back (versions changed)
      },
      onError: failed,
    }),
  };
}

/** PATCH { feedback } for the feedback autosave (its own toasts: "Feedback saved" / the §8 failure). */
export function patchFeedback(
  client: QueryClient,
  onePageId: number,
  id: number,
  feedback: string,
  ctx: { version: number | null | undefined; keepalive: boolean },
) {
  return api(E.patch, { params: { id }, body: { feedback }, ...ctx }).then((s) => {
    if (isSuggestion(s)) store(client, onePageId, (l) => upsertById(l, [s]));
    return s;
  });
}
