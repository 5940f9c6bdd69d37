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

/** The evaluation grid is editable when the project is not in Setup, or for an administrator. */
export const canEditEvaluations = (user: User, projectStatus: number) => isAdmin(user) || projectStatus !== SETUP_STATUS_ID;

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
  const options = [...seen.values()].map((c) => ({ id: c.id, label: `${c.period} - ${c.year}`, isActive: c.isActive }));
  const active = options.find((o) => o.isActive);
  return { options, defaultId: active?.id ?? options[0]?.id ?? null };
}

/** Row updates merge the old row data with the changes before sending. */
export function mergeRow<T extends object>(old: T, changes: Partial<T>): T {
  return { ...old, ...changes };
}

/** ID One applies to projects whose geographic list contains 223 (Brazil). */
export const isIdOneApplicable = (geographicIds: readonly number[]) => geographicIds.includes(BRAZIL_GEOGRAPHIC_ID);
/** ID One editing: an administrator, or the project status is not 2 (Setup). */
export const canEditIdOne = (user: User, projectStatus: number) => isAdmin(user) || projectStatus !== SETUP_STATUS_ID;
