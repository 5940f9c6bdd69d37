import { useQueryClient } from '@tanstack/react-query';
import { dashboards } from '@web/api/endpoints/dashboards';
import { api } from '@web/api/endpoint';
import { queryById } from '@web/api/entity-query';
import { removeById, upsertById } from '@web/api/cache';
import { useNotifyingMutation, useNotify } from '@web/ui';
import { dashboardKeys, type DashboardAccess } from './keys';

/** 002 §8 "E-mail access" (title - body). */
export const ACCESS_MESSAGES = {
  loadError: ['Error loading data', 'Could not load professionals or access list.'],
  granted: (n: number) =>
    ['Access granted successfully', `Added ${n} professional(s) to the email list.`] as const,
  grantError: ['Error granting access', 'Could not grant dashboard access.'],
  removed: (name: string) => ['Access removed successfully', `Removed ${name} from the email list.`] as const,
  removeError: ['Error removing access', 'Could not remove dashboard access.'],
  noneSelected: ['No professionals selected', 'Please select at least one professional to add.'],
} as const;

/** GET /api/professional-dashboard-access/project/{projectId}: who receives the project's dashboard e-mails. */
const dashboardAccessQuery = queryById(dashboards.accessList, dashboardKeys.access, { param: 'projectId' });
export const useDashboardAccess = dashboardAccessQuery.useById;

const isAccessList = (v: unknown): v is DashboardAccess[] =>
  Array.isArray(v) &&
  v.every((a) => !!a && typeof a === 'object' && typeof (a as DashboardAccess).id === 'number');

/**
 * POST /api/professional-dashboard-access/bulk { IDProject, ProfessionalIds } (002 §7): the added rows go into the
 * cached list (read again when the answer carries none). Toasts of 002 §8; the dialog shows a refusal too.
 */
export function useAddDashboardAccess(projectId: number) {
  const qc = useQueryClient();
  const notify = useNotify();
  const key = dashboardKeys.access(projectId);
  return useNotifyingMutation({
    mutationFn: (ids: number[]) =>
      api(dashboards.accessAdd, { body: { IDProject: projectId, ProfessionalIds: ids } }),
    error: false,
    onError: () => notify.error(...ACCESS_MESSAGES.grantError),
    onSuccess: (answer, ids) => {
      notify.success(...ACCESS_MESSAGES.granted(ids.length));
      if (isAccessList(answer)) qc.setQueryData<DashboardAccess[]>(key, (l) => upsertById(l, answer));
      else void qc.invalidateQueries({ queryKey: key });
    },
  });
}

/** DELETE /api/professional-dashboard-access/{id} (002 §7): the row leaves the cached list. */
export function useRemoveDashboardAccess(projectId: number) {
  const qc = useQueryClient();
  const notify = useNotify();
  const key = dashboardKeys.access(projectId);
  return useNotifyingMutation({
    mutationFn: (a: DashboardAccess) => api(dashboards.accessRemove, { params: { id: a.id } }),
    error: false,
    onError: () => notify.error(...ACCESS_MESSAGES.removeError),
    onSuccess: (_x, a) => {
      notify.success(...ACCESS_MESSAGES.removed(a.professionalName));
      qc.setQueryData<DashboardAccess[]>(key, (l) => removeById(l, a.id));
    },
  });
}
