import type { ProjectDetail, SessionUser } from '@domain/contract';
import {
  canFillOnePage,
  canGrantOnePageAccess,
  canListOnePages,
  canOpenOnePage,
  canUndoOnePage,
  onePageOpenDeniedMessage,
} from '@domain/rules';
import { useProject } from '@web/api/project';
import { useSession } from '@web/api/session-context';
import { teamEntries } from '@web/api/setup-access';

export interface OnePageRights {
  canList: boolean;
  canOpen: boolean;
  canFill: boolean;
  canUndo: boolean;
  canGrant: boolean;
}

/** The caller's one-page rights on a project (001 §6, mirrored from src/domain/rules/onepage.ts); none until known. */
export function onePageRights(
  user: Pick<SessionUser, 'scopes' | 'professionalId'> | undefined,
  project: Pick<ProjectDetail, 'projectTeam'> | undefined,
): OnePageRights {
  if (!user || !project)
    return { canList: false, canOpen: false, canFill: false, canUndo: false, canGrant: false };
  const team = teamEntries(project.projectTeam);
  return {
    canList: canListOnePages(user, team),
    canOpen: canOpenOnePage(user, team),
    canFill: canFillOnePage(user, team),
    canUndo: canUndoOnePage(user),
    canGrant: canGrantOnePageAccess(user, team),
  };
}

/** The project, the session user, the one-page rights (the server refuses the same with 403) and the refusals. */
export function useOnePageAccess(projectId: number) {
  const { user } = useSession();
  const q = useProject(projectId);
  const team = teamEntries(q.data?.projectTeam);
  return {
    isLoading: q.isLoading,
    isError: q.isError,
    project: q.data,
    user,
    ...onePageRights(user, q.data),
    /** Why the list is not shown (the server's 403 text for this person). */
    listDenied: user ? onePageOpenDeniedMessage(user, team, true) : '',
    /** Why Open is not offered. */
    openDenied: user ? onePageOpenDeniedMessage(user, team, false) : '',
  };
}
export type OnePageAccess = ReturnType<typeof useOnePageAccess>;
