import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { dashboards } from '@web/api/endpoints/dashboards';
import { api } from '@web/api/endpoint';
import type { SaveContext } from '@web/ui';
import { dashboardKeys, type ProjectDashboardRecord } from './keys';

/** The four dashboard comments (002 §2.5); the PDC Resume only for Admin and PDC holders. */
export type CommentField =
  'coManagementComment' | 'executiveBoardComment' | 'executiveResumeComment' | 'pdcResumeComment';

/**
 * PATCH /api/project-dashboards/one-page/{onePageId} with one comment (002 §7) and the one-page's version as
 * If-Match (a stale save is a 412 the field resolves with "Keep mine" / "Take theirs"). The answer — the
 * one-page with its new version — goes into the cached dashboard.
 */
export function useSaveComment(dashboardId: number, onePageId: number) {
  const qc = useQueryClient();
  return useCallback(
    (field: CommentField) => async (value: string, ctx: SaveContext) => {
      const saved = await api(dashboards.comment, {
        params: { onePageId },
        body: { [field]: value },
        ...ctx,
      });
      qc.setQueryData<ProjectDashboardRecord>(dashboardKeys.detail(dashboardId), (d) =>
        d?.onePage ? { ...d, onePage: { ...d.onePage, ...saved } } : d,
      );
      return saved;
    },
    [qc, dashboardId, onePageId],
  );
}
