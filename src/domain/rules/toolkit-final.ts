import type { SessionUser } from '../contract/session';
import { isAdmin } from './access';

/** Approved (2) and Not Approved (3) are final. */
export const FINAL_TOOLKIT_STATUSES = [2, 3] as const;
export const isFinalToolkitStatus = (idStatus: number) =>
  (FINAL_TOOLKIT_STATUSES as readonly number[]).includes(idStatus);

/**
 * Whether a toolkit row may be changed at all (edit, CHANGE, Change all, delete): rows in a final status
 * only by an administrator (spec 000 §4.4: the CHANGE button is hidden for them).
 */
export const canChangeToolkitRow = (user: Pick<SessionUser, 'scopes'>, idStatus: number) =>
  isAdmin(user) || !isFinalToolkitStatus(idStatus);

export const FINAL_TOOLKIT_MESSAGE = 'Approved and Not Approved toolkits cannot be changed';
