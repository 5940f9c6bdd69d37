import type { SessionUser } from '../contract/session';
import { isAdmin, teamRole, type TeamEntry } from './access';
import { missingAssessmentsMessage } from './messages';

/** The next status of the Forward-to action: 1→2→3→4→5; none at 5 (Finished) or 6 (Paused). */
export function nextStatus(idStatus: number): number | null {
  return idStatus >= 1 && idStatus <= 4 ? idStatus + 1 : null;
}

/** Statuses an administrator may set directly from the list: Setup, During, Closure, Closed, Paused. */
export const ADMIN_SETTABLE_STATUSES = [2, 3, 4, 5, 6] as const;

export const CLOSE_OUT_INCOMPLETE_MESSAGE = 'Complete the Close-out Form to Finish the Project';
export const STATUS_CHANGED_MESSAGE = 'Project status changed successfully.';
export const STATUS_CHANGE_FAILED_MESSAGE =
  'Unable to change status. Verify every ritual has been done correctly, or try contacting IT.';

export type ForwardCheck =
  | { ok: true }
  | { ok: false; reason: 'final' | 'skip' | 'missing-assessments' | 'close-out-incomplete'; message: string };

/**
 * Whether a project may move forward from `from` to `to` (spec 000 §4.2): one step at a time; 3→4 needs
 * every assessment (missingAssessmentNames empty); 4→5 needs the close-out form (explicit false blocks).
 */
export function checkForward(p: {
  from: number;
  to: number;
  missingAssessmentNames?: string | null;
  closeOutComplete?: boolean | null;
}): ForwardCheck {
  const next = nextStatus(p.from);
  if (next === null) return { ok: false, reason: 'final', message: 'This project cannot be moved forward.' };
  if (p.to !== next)
    return {
      ok: false,
      reason: 'skip',
      message: `A project moves one step at a time: from ${p.from} only to ${next}.`,
    };
  if (p.from === 3 && p.missingAssessmentNames && p.missingAssessmentNames.trim() !== '') {
    return {
      ok: false,
      reason: 'missing-assessments',
      message: missingAssessmentsMessage(p.missingAssessmentNames),
    };
  }
  if (p.from === 4 && p.closeOutComplete === false)
    return { ok: false, reason: 'close-out-incomplete', message: CLOSE_OUT_INCOMPLETE_MESSAGE };
  return { ok: true };
}

/** Who may forward a project (decision): its manager or partner, or Admin. */
export function canForward(
  user: Pick<SessionUser, 'scopes' | 'professionalId'>,
  team: readonly TeamEntry[],
): boolean {
  if (isAdmin(user)) return true;
  const r = teamRole(team, user.professionalId);
  return r.isManager || r.isPartner;
}

/** Only Admin sets a project's status directly (spec 000 §6). */
export const canSetStatusDirectly = (user: Pick<SessionUser, 'scopes'>) => isAdmin(user);
