import {
  canSeePdcResume,
  isDashboardRecipientTitle,
  type MasterProfessional,
  type ProjectDetail,
  type SessionUser,
} from '@domain/contract';
import { RULES, allows, canFillOnePage, canGrantOnePageAccess, canUndoOnePage } from '@domain/rules';
import { useProject } from '@web/api/project';
import { useSession } from '@web/api/session-context';
import { teamEntries } from '@web/api/setup-access';

export interface DashboardRights {
  /** Manage Email Access (002 §6; RULES.dashboardEmailAccess): Admin, the project's manager or partner. */
  canManageEmail: boolean;
  /** The comments of a format-1 dashboard (RULES.dashboardCommentEdit): Admin, OnePage, manager, partner. */
  canComment: boolean;
  /** The PDC Resume comment box (002 §2.5, §6): Admin or PDC (the server leaves it out for others). */
  canSeePdcResume: boolean;
  canSubmit: boolean;
  canUndo: boolean;
  canGrant: boolean;
}

const NONE: DashboardRights = {
  canManageEmail: false,
  canComment: false,
  canSeePdcResume: false,
  canSubmit: false,
  canUndo: false,
  canGrant: false,
};

/** The caller's rights on a project's dashboards, mirrored from the server's rules; none until both are known. */
export function dashboardRights(
  user: Pick<SessionUser, 'scopes' | 'professionalId'> | undefined,
  project: Pick<ProjectDetail, 'id' | 'idStatus' | 'projectTeam'> | undefined,
): DashboardRights {
  if (!user || !project) return NONE;
  const team = teamEntries(project.projectTeam);
  const p = { id: project.id, idStatus: project.idStatus };
  return {
    canManageEmail: allows(RULES.dashboardEmailAccess, user, p, team),
    canComment: allows(RULES.dashboardCommentEdit, user, p, team),
    canSeePdcResume: canSeePdcResume(user),
    canSubmit: canFillOnePage(user, team),
    canUndo: canUndoOnePage(user),
    canGrant: canGrantOnePageAccess(user, team),
  };
}

/** The project, the session user and the rights. */
export function useDashboardAccessRights(projectId: number) {
  const { user } = useSession();
  const q = useProject(projectId);
  return {
    isLoading: q.isLoading,
    isError: q.isError,
    project: q.data,
    user,
    ...dashboardRights(user, q.data),
  };
}

/** The professionals offered for dashboard e-mails (002 §2.5): active, whose job title contains director, partner,
 * diretor or sócio (case and accents ignored, as the server checks), not on the list yet. */
export function emailCandidates(
  professionals: readonly MasterProfessional[] | undefined,
  listed: ReadonlySet<number>,
): MasterProfessional[] {
  return (professionals ?? [])
    .filter((p) => p.isActive !== false && isDashboardRecipientTitle(p.JobTitle?.Name) && !listed.has(p.ID))
    .sort((a, b) => a.Name.localeCompare(b.Name));
}
