import { useQueryClient } from '@tanstack/react-query';
import type { OnePageSubmit } from '@domain/contract';
import { onePages } from '@web/api/endpoints/one-pages';
import { api } from '@web/api/endpoint';
import { failureMessage, useNotify, useNotifyingMutation } from '@web/ui';
import { dashboardKeys, type DashboardOnePage, type ProjectDashboardRecord } from './keys';

/** Fields of a one-page that are not values of the form (a submit sends the rest). */
const NOT_VALUES = new Set([
  'id',
  'createdAt',
  'initialDate',
  'endDate',
  'submittedAt',
  'idSubmittedBy',
  'isDelayedSubmitted',
  'format',
  'project',
  'version',
]);
/** The values a submit sends: the one-page as the dashboard holds it (the server checks them, 001 §5). */
export const submitValues = (p: DashboardOnePage): OnePageSubmit =>
  Object.fromEntries(Object.entries(p).filter(([k]) => !NOT_VALUES.has(k))) as OnePageSubmit;

/**
 * 'One Page Submit / Undo Submit' (002 §2.5, §7): PATCH /api/one-pages/{id}/submit (with the one-page's values)
 * when submittedAt is empty, /unsubmit when set. The answer's submittedAt and version go into the cached
 * dashboard; the archive list is read again (a submit builds a dashboard). Toasts: 001 §8 for a submit; an undo
 * says 'Saved' / 'Something went wrong' as the One-Page list does.
 */
export function useSubmitToggle(projectId: number, dashboardId: number) {
  const qc = useQueryClient();
  const notify = useNotify();
  return useNotifyingMutation({
    mutationFn: ({ onePage, undo }: { onePage: DashboardOnePage; undo: boolean }) =>
      undo
        ? api(onePages.unsubmit, { params: { id: onePage.id } })
        : api(onePages.submit, { params: { id: onePage.id }, body: submitValues(onePage) }),
    error: false,
    onError: (e, { undo }) =>
      notify.error(undo ? 'Something went wrong' : 'Error submitting One Page', failureMessage(e)),
    onSuccess: (record, { undo }) => {
      notify.success(undo ? 'Saved' : 'One Page submitted successfully!');
      if (record && typeof record === 'object')
        qc.setQueryData<ProjectDashboardRecord>(dashboardKeys.detail(dashboardId), (d) =>
          d?.onePage
            ? {
                ...d,
                onePage: {
                  ...d.onePage,
                  submittedAt: record.submittedAt ?? null,
                  version: typeof record.version === 'number' ? record.version : d.onePage.version,
                },
              }
            : d,
        );
      void qc.invalidateQueries({ queryKey: dashboardKeys.list(projectId) });
    },
  });
}
