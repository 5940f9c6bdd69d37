import type { SessionUser } from '../contract/session';
import { ADMIN_MENU_SCOPES, SCOPES } from '../constants';

export interface TeamEntry {
  idProfessional: number;
  isManager: boolean;
  isPartner: boolean;
  isOnePageAllow?: boolean;
}

type UserLike = Pick<SessionUser, 'scopes'>;

/** Whether the user holds at least one of the scopes. */
export function hasAnyScope(user: UserLike | undefined, scopes: readonly string[]): boolean {
  return !!user && user.scopes.some((s) => scopes.includes(s));
}

export const isAdmin = (user: UserLike | undefined) => hasAnyScope(user, [SCOPES.admin]);
/** The governance scope (API.Portal.OnePage). */
export const isGovernance = (user: UserLike | undefined) => hasAnyScope(user, [SCOPES.onePage]);
/** The Admin menu group and admin data: Admin, IDOne, KNW or PDC (spec 000 §6). */
export const canSeeAdmin = (user: UserLike | undefined) => hasAnyScope(user, ADMIN_MENU_SCOPES);

/** The user's role on a project team. */
export function teamRole(team: readonly TeamEntry[], professionalId: number) {
  const entry = team.find((t) => t.idProfessional === professionalId);
  return {
    isMember: !!entry,
    isManager: !!entry?.isManager,
    isPartner: !!entry?.isPartner,
    isOnePageAllow: !!entry?.isOnePageAllow,
  };
}
