import type { SessionUser } from '../contract/session';
import { SETUP_STATUS_ID, TOOLKIT_STATUS, TOOLKIT_STATUS_OTHER } from '../constants';
import { isAdmin, teamRole, type TeamEntry } from './access';

type User = Pick<SessionUser, 'scopes' | 'professionalId'>;

/** The options of the change dialogs (spec 000 §4.4 table). */
export function toolkitStatusOptions(user: User, team: readonly TeamEntry[]): number[] {
  if (isAdmin(user)) return [0, 1, 2, 3];
  const r = teamRole(team, user.professionalId);
  if (r.isManager && r.isPartner) return [1, 2, 3];
  if (r.isManager) return [1];
  if (r.isPartner) return [2, 3];
  return [];
}

/**
 * Toolkit add, delete, the CHANGE column and Change all (spec 000 §6): "granted when the user has the
 * Admin scope, or is on the project team as manager or partner and the project status is not 2".
 */
export function canEditToolkits(user: User, team: readonly TeamEntry[], projectStatus: number): boolean {
  if (isAdmin(user)) return true;
  const r = teamRole(team, user.professionalId);
  return (r.isManager || r.isPartner) && projectStatus !== SETUP_STATUS_ID;
}

/** The row CHANGE button: hidden for Approved / Not Approved and for users who cannot change. */
export function showChangeButton(toolkitStatus: number, options: readonly number[]): boolean {
  return toolkitStatus !== 2 && toolkitStatus !== 3 && options.length > 0;
}

/** Grid display: 0 Draft grey, 1 Request yellow, 2 Approved green, 3 Not Approved red, other Pending yellow. */
export function toolkitStatusDisplay(id: number) {
  return TOOLKIT_STATUS[id] ?? TOOLKIT_STATUS_OTHER;
}

export const REQUEST_NOTICE =
  'If you change the status to request, an e-mail message will be sent to project partner';
