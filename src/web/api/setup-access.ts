import { useMemo } from 'react';
import type { ProjectDetail, SessionUser, TeamMember } from '@domain/contract';
import {
  canEditProjectField,
  canEditSetup,
  canFillSetupAssessment,
  setupAssessmentRefusal,
  type ProjectSetupField,
  type TeamEntry,
} from '@domain/rules';
import { useSession } from './session-context';
import { useProject } from './project';

/** The project's team as the domain's rules read it. */
export const teamEntries = (team: readonly TeamMember[] | undefined): TeamEntry[] =>
  (team ?? []).map((m) => ({
    idProfessional: m.idProfessional,
    isManager: m.isManager,
    isPartner: m.isPartner,
    isOnePageAllow: !!m.isOnePageAllow,
  }));

export interface SetupAccess {
  project: ProjectDetail | undefined;
  user: SessionUser | undefined;
  /** The project's setup session (isSetup) — the parent of its scope texts and setup grids. */
  setupSessionId: number | undefined;
  /** The team, as the rules read it. */
  team: TeamEntry[];
  /** The team as the options of a Professional select (001 §6: chosen among the team), by name. */
  teamOptions: { value: number; label: string }[];
  /** Setup pages' data (001 §6): Admin always, team members while in Setup. */
  canEdit: boolean;
  /** One Project Info field (title and the governed lists: Admin; During Type: also manager/partner). */
  canEditField(field: ProjectSetupField): boolean;
  /** The caller's own setup assessment: null when they fill it, else the spec's refusal. */
  assessmentRefusal: string | null;
  canFillAssessment: boolean;
}

/**
 * The caller's rights on a project's setup pages, from the cached project (its team and status) and the
 * session user — the web's mirror of the server's rules (src/domain/rules/setup.ts). Everything is
 * read-only until the project has loaded.
 */
export function useSetupAccess(projectId: number): SetupAccess & { isLoading: boolean } {
  const { user } = useSession();
  const q = useProject(projectId);
  const project = q.data;
  const team = teamEntries(project?.projectTeam);
  const teamOptions = useMemo(
    () =>
      (project?.projectTeam ?? [])
        .map((t) => ({ value: t.idProfessional, label: t.professional.name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [project?.projectTeam],
  );
  const ready = !!project && !!user;
  const status = project?.idStatus ?? 0;
  return {
    isLoading: q.isLoading,
    project,
    user,
    setupSessionId: project?.projectSession?.find((s) => s.isSetup)?.id,
    team,
    teamOptions,
    canEdit: ready && canEditSetup(user, team, status),
    canEditField: (field) => ready && canEditProjectField(field, user, team, status),
    assessmentRefusal: user ? setupAssessmentRefusal(user, team) : null,
    canFillAssessment: ready && canFillSetupAssessment(user, team, status),
  };
}
