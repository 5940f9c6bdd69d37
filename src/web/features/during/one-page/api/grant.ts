import { useQueryClient } from '@tanstack/react-query';
import type { ProjectDetail } from '@domain/contract';
import { onePages } from '@web/api/endpoints/one-pages';
import { api } from '@web/api/endpoint';
import { projectKeys } from '@web/api/keys';
import { useNotifyingMutation } from '@web/ui';

/**
 * PATCH /api/projects/{id}/project-team/grant/{teamMemberId} (002 §7): toggles the member's isOnePageAllow;
 * the answer (the team member) replaces the member in the cached project.
 */
export function useGrantOnePageAccess(projectId: number) {
  const qc = useQueryClient();
  return useNotifyingMutation({
    mutationFn: (teamMemberId: number) => api(onePages.grant, { params: { id: projectId, teamMemberId } }),
    success: 'Saved',
    onSuccess: (member, teamMemberId) => {
      qc.setQueryData<ProjectDetail>(projectKeys.detail(projectId), (p) =>
        p
          ? {
              ...p,
              projectTeam: p.projectTeam.map((m) =>
                m.id === teamMemberId
                  ? {
                      ...m,
                      isOnePageAllow:
                        typeof member?.isOnePageAllow === 'boolean'
                          ? member.isOnePageAllow
                          : !m.isOnePageAllow,
                    }
                  : m,
              ),
            }
          : p,
      );
    },
    onError: () => void qc.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}
