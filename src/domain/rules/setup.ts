import type { SessionUser } from '../contract/session';
import { SETUP_STATUS_ID } from '../constants';
import { isAdmin, teamRole, type TeamEntry } from './access';

type User = Pick<SessionUser, 'scopes' | 'professionalId'>;

/**
 * Setup pages (spec 001 §6): the scope holder (Admin) edits setup data at any time; other members of the
 * project's team only while the project is in Setup (idStatus 2); everyone else reads. This covers DNA,
 * roles, expectations, deliverables, risks, stakeholders (and their import), finalization, the scope
 * texts, the sales context and why the client needs help, and the client's description and culture.
 */
export function canEditSetup(user: User, team: readonly TeamEntry[], projectStatus: number): boolean {
  if (isAdmin(user)) return true;
  return projectStatus === SETUP_STATUS_ID && teamRole(team, user.professionalId).isMember;
}

/**
 * Project Info's governed fields (001 §6): title, practice, methodology, geography, geographic scope,
 * office, co-management and support co-management — the scope holder only, at any time.
 */
export const canEditGovernedProjectFields = (user: User) => isAdmin(user);

/** During Type (001 §6): the scope holder, or the project's manager or a partner — at any status. */
export function canEditDuringType(user: User, team: readonly TeamEntry[]): boolean {
  if (isAdmin(user)) return true;
  const r = teamRole(team, user.professionalId);
  return r.isManager || r.isPartner;
}

/** The one-field project writes of Setup (PATCH /api/projects/{id}, PUT …/metadata) and who may make each. */
export const PROJECT_SETUP_FIELDS = {
  name: 'governed',
  whatSalesContext: 'setup',
  whyClientNeedHelp: 'setup',
  idPractice: 'governed',
  idMethodology: 'governed',
  idGeography: 'governed',
  idGeographicScope: 'governed',
  idOffice: 'governed',
  idCoMgt: 'governed',
  idSupportCoMgt: 'governed',
  idDuringType: 'duringType',
} as const;
export type ProjectSetupField = keyof typeof PROJECT_SETUP_FIELDS;

/** Whether the user may change one Project Info field (the server's check and the form's disabled state). */
export function canEditProjectField(
  field: ProjectSetupField,
  user: User,
  team: readonly TeamEntry[],
  projectStatus: number,
): boolean {
  switch (PROJECT_SETUP_FIELDS[field]) {
    case 'governed':
      return canEditGovernedProjectFields(user);
    case 'duringType':
      return canEditDuringType(user, team);
    case 'setup':
      return canEditSetup(user, team, projectStatus);
  }
}

/** The 403 message for a Project Info field the user may not change. */
export function projectFieldDeniedMessage(field: ProjectSetupField): string {
  switch (PROJECT_SETUP_FIELDS[field]) {
    case 'governed':
      return 'Only an administrator may change the project title, practice, methodology, geography, geographic scope, office and co-management';
    case 'duringType':
      return "During Type is changed by an administrator, or by the project's manager or a partner";
    case 'setup':
      return "Setup pages are edited by the project's team while the project is in Setup, or by an administrator";
  }
}

export const SETUP_ASSESSMENT_REFUSAL = {
  manager: 'You are not able to fill the setup assessment because you are the project manager',
  partner: 'You are not able to fill the setup assessment because you are a partner',
  outsider: 'You are not able to fill the setup assessment because you are not part of the team',
} as const;

/**
 * The setup assessment is each ordinary team member's own (001 §5–§6): the project manager, a partner and
 * anyone outside the team are refused with the spec's message. Null when the person is one who fills it.
 */
export function setupAssessmentRefusal(user: Pick<User, 'professionalId'>, team: readonly TeamEntry[]) {
  const r = teamRole(team, user.professionalId);
  if (r.isManager) return SETUP_ASSESSMENT_REFUSAL.manager;
  if (r.isPartner) return SETUP_ASSESSMENT_REFUSAL.partner;
  if (!r.isMember) return SETUP_ASSESSMENT_REFUSAL.outsider;
  return null;
}

/** A member who fills the assessment may change it while the project is in Setup; a scope holder always. */
export function canFillSetupAssessment(
  user: User,
  team: readonly TeamEntry[],
  projectStatus: number,
): boolean {
  if (setupAssessmentRefusal(user, team) !== null) return false;
  return isAdmin(user) || projectStatus === SETUP_STATUS_ID;
}

/** The 403 message when the assessment may not be changed. */
export function setupAssessmentDeniedMessage(user: User, team: readonly TeamEntry[]): string {
  return (
    setupAssessmentRefusal(user, team) ??
    'The setup assessment can be changed only while the project is in Setup'
  );
}

/** Professional lookups on setup pages offer — and the server accepts — only the project's team (001 §6). */
export const isTeamProfessional = (team: readonly TeamEntry[], professionalId: number | null | undefined) =>
  professionalId == null || team.some((t) => t.idProfessional === professionalId);
