import type { SupervisionRow } from '@domain/contract';
import type { DB } from '../../db';
import { weekStart } from '../../platform/dates';
import * as repo from './repo';

export interface SupervisionQuery {
  search?: string;
  status?: number[];
  skip: number;
  take: number;
}

export type { SupervisionRow };

export interface SupervisionTotals {
  total: number;
  green: number;
  yellow: number;
  red: number;
  notSubmitted: number;
}

const STATUS_NAMES: Record<number, string> = {
  1: 'Draft',
  2: 'Setup',
  3: 'During',
  4: 'Closure',
  5: 'Closed',
  6: 'Paused',
};

/** Projects supervised by default: Setup, During and Closure (the ones expected to report weekly). */
export const DEFAULT_SUPERVISED_STATUSES = [2, 3, 4];

/**
 * Supervision rows (spec 002 §2.9): one row per project with this week's one-page (the one-page whose
 * week starts this week; none = not submitted, problem level 0) and the counters of the x-total headers,
 * computed over the whole filtered set while the rows are one window of it (infinite scroll).
 */
export async function supervisionRows(
  db: DB,
  q: SupervisionQuery,
  now = new Date(),
): Promise<{ rows: SupervisionRow[]; totals: SupervisionTotals }> {
  const monday = weekStart(now);
  const statuses = q.status && q.status.length ? q.status : DEFAULT_SUPERVISED_STATUSES;
  const search = q.search?.trim() ? `%${q.search.trim().toLowerCase()}%` : null;
  const rows = await repo.supervisionWindow(db, { monday, statuses, search, skip: q.skip, take: q.take });
  let totals: SupervisionTotals = { total: 0, green: 0, yellow: 0, red: 0, notSubmitted: 0 };
  if (rows.length) {
    const r = rows[0]!;
    totals = {
      total: Number(r.total),
      green: Number(r.totalGreen),
      yellow: Number(r.totalYellow),
      red: Number(r.totalRed),
      notSubmitted: Number(r.totalNotSubmitted),
    };
  } else if (q.skip > 0) {
    // a window past the end: still report the totals
    return supervisionRows(db, { ...q, skip: 0, take: 1 }, now).then((x: { totals: SupervisionTotals }) => ({
      rows: [] as SupervisionRow[],
      totals: x.totals,
    }));
  }
  return {
    totals,
    rows: rows.map((r): SupervisionRow => ({
      idProject: Number(r.idProject),
      projectCode: String(r.projectCode),
      projectName: String(r.projectName),
      clientName: (r.clientName as string) ?? null,
      statusName: STATUS_NAMES[Number(r.idStatus)] ?? String(r.idStatus),
      idStatus: Number(r.idStatus),
      practiceName: (r.practiceName as string) ?? null,
      businessUnitName: (r.businessUnitName as string) ?? null,
      coManagementName: (r.coManagementName as string) ?? null,
      duringTypeName: (r.duringTypeName as string) ?? null,
      idDuringType: r.idDuringType == null ? null : Number(r.idDuringType),
      allocationStatusName: (r.allocationStatusName as string) ?? null,
      idAllocationStatus: Number(r.idAllocationStatus ?? 0),
      hasAllocation: Boolean(r.hasAllocation),
      hasGovernanceAction: Boolean(r.hasGovernanceAction),
      pdcPriority: Boolean(r.pdcPriority),
      priority: Boolean(r.priority),
      internal: Boolean(r.internal),
      onePageSubmitted: Boolean(r.onePageSubmitted),
      onePageProblemLevel: Number(r.onePageProblemLevel ?? 0),
      environmentStatus: r.environmentStatus == null ? null : Number(r.environmentStatus),
    })),
  };
}
