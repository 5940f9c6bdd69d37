import type { SessionUser } from '../contract/session';
import { isAdmin, isGovernance, teamRole, type TeamEntry } from './access';
import { canEditSetup } from './setup';
import { SETUP_RECORDS_DENIED_MESSAGE } from './sessions';

type User = Pick<SessionUser, 'scopes' | 'professionalId'>;
type Refusal = { status: 403; message: string } | null;

/** Professional DNA — During (spec 001 §2 "Professional DNA page", §3 "Professional DNA session (during)"). */

/** Session types of `project_professional_dnas` (001 §7): 1 the setup DNA, 2 a During DNA session. */
export const DNA_SESSION_TYPE = { setup: 1, during: 2 } as const;

/** The question of a DNA entry and its answers (001 §2, §3: dnaMetExpectation 0 No, 1 Yes, 2 Not Applicable). */
export const DNA_QUESTION = 'Did this session meet your expectations?';
export const DNA_ANSWERS = [
  { value: 0, label: 'No' },
  { value: 1, label: 'Yes' },
  { value: 2, label: 'Not Applicable' },
] as const;
export const dnaAnswerLabel = (value: number | null | undefined) =>
  DNA_ANSWERS.find((a) => a.value === value)?.label ?? '';

/**
 * Project statuses in which DNA sessions are closed (decision; 001 §6 names nobody for this page): Draft (1),
 * not started yet, and Finished (5), closed. Setup, During, Closure and Paused projects hold DNA sessions.
 */
export const DNA_CLOSED_STATUSES: readonly number[] = [1, 5];

export const DNA_SESSIONS_DENIED_MESSAGE =
  "Professional DNA sessions are recorded by the project's team and holders of Admin or OnePage";
export const DNA_CLOSED_MESSAGE =
  'Professional DNA sessions cannot be changed while the project is in Draft or Finished';
export const DNA_ROWS_DENIED_MESSAGE =
  "Professional DNA is edited by the project's team and holders of Admin or OnePage";
export const DNA_NEXT_DATE_MESSAGE = 'The next session date cannot be before the session date';
export const DNA_NOT_ON_TEAM_MESSAGE =
  "Invalid request: idProfessional: the professional is not on the project's team";
export const dnaEntryTakenMessage = (name: string) => `${name} already has an entry in this DNA session`;

/** Who works on DNA sessions (as on project sessions, 001 §2/§6): the project's team, Admin or OnePage holders. */
export const canWorkOnDnaSessions = (user: User, team: readonly TeamEntry[]) =>
  isAdmin(user) || isGovernance(user) || teamRole(team, user.professionalId).isMember;

/**
 * Why a write to a During DNA session or its entries is refused (403), or null: those who work on DNA
 * sessions, while the project is neither Draft nor Finished — Admin at any status (as the scope holder's
 * setup data, 001 §6).
 */
export function dnaSessionWriteRefusal(
  user: User,
  team: readonly TeamEntry[],
  projectStatus: number,
): Refusal {
  if (!canWorkOnDnaSessions(user, team)) return { status: 403, message: DNA_SESSIONS_DENIED_MESSAGE };
  if (DNA_CLOSED_STATUSES.includes(projectStatus) && !isAdmin(user))
    return { status: 403, message: DNA_CLOSED_MESSAGE };
  return null;
}

/** Whether the user may add, edit and delete DNA sessions and entries (the web's mirror: hide the buttons). */
export const canEditDnaSessions = (user: User, team: readonly TeamEntry[], projectStatus: number) =>
  dnaSessionWriteRefusal(user, team, projectStatus) === null;

/**
 * A DNA row (`PUT`/`DELETE /api/professional-dnas/{id}` serve both kinds): a setup row (type 1) follows the
 * setup pages (canEditSetup, 001 §6); a During entry (type 2) the DNA sessions' rule.
 */
export function dnaRowWriteRefusal(
  user: User,
  team: readonly TeamEntry[],
  projectStatus: number,
  sessionType: number,
): Refusal {
  if (sessionType === DNA_SESSION_TYPE.setup)
    return canEditSetup(user, team, projectStatus)
      ? null
      : { status: 403, message: SETUP_RECORDS_DENIED_MESSAGE };
  return dnaSessionWriteRefusal(user, team, projectStatus);
}

/** The route-level rule of a DNA row write: anyone who may write some kind of row; the service decides per row. */
export const mayWriteSomeDnaRow = (user: User, team: readonly TeamEntry[], projectStatus: number) =>
  canEditSetup(user, team, projectStatus) || canEditDnaSessions(user, team, projectStatus);

/** The 403 message of a refused DNA row write (the route does not know the row's kind yet). */
export const dnaRowDeniedMessage = (user: User, team: readonly TeamEntry[]) =>
  canWorkOnDnaSessions(user, team) ? DNA_CLOSED_MESSAGE : DNA_ROWS_DENIED_MESSAGE;

/**
 * The dates of a DNA session (decision; 001 §3 names sessionDate and sessionNextDate): the next session date,
 * when both are set, is not before the session date. Dates are 'YYYY-MM-DD' (compared as text). Null when valid.
 */
export function dnaSessionDatesRefusal(
  sessionDate: string | null | undefined,
  sessionNextDate: string | null | undefined,
): string | null {
  if (!sessionDate || !sessionNextDate) return null;
  return sessionNextDate.slice(0, 10) < sessionDate.slice(0, 10) ? DNA_NEXT_DATE_MESSAGE : null;
}
