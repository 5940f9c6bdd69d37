import type { SessionUser } from '../contract/session';
import { isAdmin, isGovernance, teamRole, type TeamEntry } from './access';
import { canEditSetup } from './setup';

type User = Pick<SessionUser, 'scopes' | 'professionalId'>;

/** What the rules read of a project session. */
export interface SessionKind {
  isSetup: boolean;
  /** Set once the (During) session is submitted; null or undefined while open. */
  submittedAt?: string | Date | null;
}

export const SESSION_SUBMITTED_MESSAGE = 'This session was submitted: its records are read-only';
export const SETUP_RECORDS_DENIED_MESSAGE =
  "Setup pages are edited by the project's team while the project is in Setup, or by an administrator";
export const SESSION_RECORDS_DENIED_MESSAGE = 'Only team members may work on project sessions';

/** The project's sessions and their sub-records (001 §2 Project Session): the team, Admin or OnePage holders. */
export const canWorkOnSessions = (user: User, team: readonly TeamEntry[]) =>
  isAdmin(user) || isGovernance(user) || teamRole(team, user.professionalId).isMember;

/**
 * Who may read a session's records: the setup session's are setup data, read by every signed-in person
 * (as the setup pages); a During session's by those who work on sessions.
 */
export const canReadSessionRecords = (user: User, team: readonly TeamEntry[], session: SessionKind) =>
  session.isSetup || canWorkOnSessions(user, team);

/**
 * Why a write to a session or its records (stakeholders, roles, expectations, deliverables, risks) is
 * refused, or null when allowed:
 * - the setup session (isSetup): canEditSetup (001 §6: Admin always, team members while status 2) → 403;
 * - a During session: the team or Admin / OnePage holders (403), and nobody once it was submitted
 *   (001 §4 "Once submitted, add, edit and delete in the sub-grids are disabled") → 409.
 */
export function sessionWriteRefusal(
  user: User,
  team: readonly TeamEntry[],
  projectStatus: number,
  session: SessionKind,
): { status: 403 | 409; message: string } | null {
  if (session.isSetup)
    return canEditSetup(user, team, projectStatus)
      ? null
      : { status: 403, message: SETUP_RECORDS_DENIED_MESSAGE };
  if (!canWorkOnSessions(user, team)) return { status: 403, message: SESSION_RECORDS_DENIED_MESSAGE };
  if (session.submittedAt) return { status: 409, message: SESSION_SUBMITTED_MESSAGE };
  return null;
}

/** Whether the user may add, edit and delete a session's records (the web's mirror: hide the buttons). */
export const canWriteSessionRecords = (
  user: User,
  team: readonly TeamEntry[],
  projectStatus: number,
  session: SessionKind,
) => sessionWriteRefusal(user, team, projectStatus, session) === null;

/**
 * The route-level rule of session writes: the broadest set any session admits (a During session's —
 * canEditSetup's people are all in it); the service then applies sessionWriteRefusal for the session's kind.
 */
export const mayWriteSomeSession = (user: User, team: readonly TeamEntry[], projectStatus: number) =>
  canEditSetup(user, team, projectStatus) || canWorkOnSessions(user, team);

/**
 * The key two stakeholder names are compared by (the import candidates, 001 §2 "those whose name is already
 * present are excluded"): trimmed, inner spaces collapsed, case- and accent-insensitive.
 */
export const stakeholderNameKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
