import type { SessionUser } from '../contract/session';
import { SCOPES, SETUP_STATUS_ID, BRAZIL_GEOGRAPHIC_ID } from '../constants';
import { hasAnyScope, isAdmin, teamRole, type TeamEntry } from './access';

type User = Pick<SessionUser, 'scopes' | 'professionalId'>;

/** Evaluation Management and Learning and Development: partner or manager of the project, or Admin or OnePage. */
export function canOpenEvaluationManagement(user: User, team: readonly TeamEntry[]): boolean {
  if (hasAnyScope(user, [SCOPES.admin, SCOPES.onePage])) return true;
  const r = teamRole(team, user.professionalId);
  return r.isManager || r.isPartner;
}

/**
 * Evaluation writes (decision, spec 000 §2.6/§6): an administrator always; the project's manager or partner
 * when the project is not in Setup. OnePage holders open the grid read-only.
 */
export function canEditEvaluations(user: User, team: readonly TeamEntry[], projectStatus: number): boolean {
  if (isAdmin(user)) return true;
  const r = teamRole(team, user.professionalId);
  return (r.isManager || r.isPartner) && projectStatus !== SETUP_STATUS_ID;
}

export interface CycleLike {
  id: number;
  period: string;
  year: number;
  isActive: boolean;
}

/** Cycles of the loaded evaluations without duplicates, labelled "period - year"; the active one is the default. */
export function cycleOptions(evaluations: readonly { cycle: CycleLike }[]) {
  const seen = new Map<number, CycleLike>();
  for (const e of evaluations) if (!seen.has(e.cycle.id)) seen.set(e.cycle.id, e.cycle);
  const options = [...seen.values()].map((c) => ({
    id: c.id,
    label: `${c.period} - ${c.year}`,
    isActive: c.isActive,
  }));
  const active = options.find((o) => o.isActive);
  return { options, defaultId: active?.id ?? options[0]?.id ?? null };
}

/** Row updates merge the old row data with the changes before sending. */
export function mergeRow<T extends object>(old: T, changes: Partial<T>): T {
  return { ...old, ...changes };
}

/** ID One applies to projects whose geographic list contains 223 (Brazil). */
export const isIdOneApplicable = (geographicIds: readonly number[]) =>
  geographicIds.includes(BRAZIL_GEOGRAPHIC_ID);
/**
 * ID One writes (spec 000 §6 + decision): an administrator regardless of status; otherwise, when the project
 * is not in Setup, holders of IDOne and members of the project's team.
 */
export function canEditIdOne(user: User, team: readonly TeamEntry[], projectStatus: number): boolean {
  if (isAdmin(user)) return true;
  if (projectStatus === SETUP_STATUS_ID) return false;
  return hasAnyScope(user, [SCOPES.idOne]) || teamRole(team, user.professionalId).isMember;
}
