import type { SessionUser } from '../contract/session';
import { SETUP_STATUS_ID } from '../constants';
import { isAdmin, teamRole, type TeamEntry } from './access';

/**
 * Setup pages (spec 001 §6): the scope holder (Admin) edits setup data at any time; other members of the
 * project's team only while the project is in Setup (idStatus 2); everyone else reads.
 */
export function canEditSetup(
  user: Pick<SessionUser, 'scopes' | 'professionalId'>,
  team: readonly TeamEntry[],
  projectStatus: number,
): boolean {
  if (isAdmin(user)) return true;
  return projectStatus === SETUP_STATUS_ID && teamRole(team, user.professionalId).isMember;
}
