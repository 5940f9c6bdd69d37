import { useMemo } from 'react';
import { canWorkOnSignedDocuments } from '@domain/rules';
import { useSetupAccess } from '@web/api/setup-access';

export interface PersonOption {
  id: number;
  name: string;
}

/**
 * The caller's rights on Closure With Client: the project's team or an Admin may change it (RULES.closureClientEdit,
 * mirrored by canWorkOnSignedDocuments); the person-responsible choices are the project team only (002 §6).
 */
export function useClosureAccess(projectId: number) {
  const access = useSetupAccess(projectId);
  const projectTeam = access.project?.projectTeam;
  const people = useMemo<PersonOption[]>(
    () =>
      (projectTeam ?? [])
        .map((m) => ({ id: m.idProfessional, name: m.professional.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [projectTeam],
  );
  return {
    isLoading: access.isLoading,
    project: access.project,
    people,
    canEdit: !!access.project && !!access.user && canWorkOnSignedDocuments(access.user, access.team),
  };
}
