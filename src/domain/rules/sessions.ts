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

// --- H6: During sessions — edit, delete, submit and undo

/**
 * The answers of a session's adjustScope and deliveringClientNeeds (001 §3 names the fields, not their
 * values; decided as the one-page's teamIssue scale): 1 Yes, 2 No, 3 Partially.
 */
export const SESSION_ANSWERS = [
  { value: 1, label: 'Yes' },
  { value: 2, label: 'No' },
  { value: 3, label: 'Partially' },
] as const;
export const sessionAnswerLabel = (value: number | null | undefined) =>
  SESSION_ANSWERS.find((a) => a.value === value)?.label ?? '';

export const SETUP_SESSION_MESSAGE =
  'The setup session is not a project session: it is edited on the Setup pages and cannot be deleted or submitted';
export const SESSION_DELETE_SUBMITTED_MESSAGE =
  'A submitted session cannot be deleted: undo the submit first';
export const SESSION_ALREADY_SUBMITTED_MESSAGE = 'This session is already submitted';
export const SESSION_NOT_SUBMITTED_MESSAGE = 'This session is not submitted';

export type SessionAction = 'edit' | 'delete' | 'submit' | 'undo';
type Refusal = { status: 403 | 409; message: string } | null;

/**
 * Why an action on a project session (the Project Session page, 001 §2, §4) is refused, or null when allowed.
 * Who: those who work on sessions — the project's team, Admin or OnePage holders (403 otherwise); undo is not
 * narrower (001 names nobody for it; the team owns its sessions). What (409): the setup session takes none of
 * these (its texts are PATCHed by the Setup pages); edit and delete only while not submitted (001 §4 "Once
 * submitted, add, edit and delete … are disabled"); submit only an open session, undo only a submitted one.
 */
export function sessionActionRefusal(
  action: SessionAction,
  user: User,
  team: readonly TeamEntry[],
  session: SessionKind,
): Refusal {
  if (!canWorkOnSessions(user, team)) return { status: 403, message: SESSION_RECORDS_DENIED_MESSAGE };
  if (session.isSetup) return { status: 409, message: SETUP_SESSION_MESSAGE };
  const submitted = !!session.submittedAt;
  if (action === 'edit' && submitted) return { status: 409, message: SESSION_SUBMITTED_MESSAGE };
  if (action === 'delete' && submitted) return { status: 409, message: SESSION_DELETE_SUBMITTED_MESSAGE };
  if (action === 'submit' && submitted) return { status: 409, message: SESSION_ALREADY_SUBMITTED_MESSAGE };
  if (action === 'undo' && !submitted) return { status: 409, message: SESSION_NOT_SUBMITTED_MESSAGE };
  return null;
}

/** The web's mirror: whether the button of `action` is shown for this session. */
export const canDoSessionAction = (
  action: SessionAction,
  user: User,
  team: readonly TeamEntry[],
  session: SessionKind,
) => sessionActionRefusal(action, user, team, session) === null;
