import { sql } from 'kysely';
import type { SupervisionRow } from '@domain/contract';
import type { DB } from '../../db';

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

const STATUS_NAMES: Record<number, string> = { 1: 'Draft', 2: 'Setup', 3: 'During', 4: 'Closure', 5: 'Closed', 6: 'Paused' };

/** Monday (UTC) of the week containing `now`, as YYYY-MM-DD. */
export function weekStart(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const dow = (d.getUTCDay() + 6) % 7; // Monday = 0
  d.setUTCDate(d.getUTCDate() - dow);
  return d.toISOString().slice(0, 10);
}

/** Projects supervised by default: Setup, During and Closure (the ones expected to report weekly). */
export const DEFAULT_SUPERVISED_STATUSES = [2, 3, 4];

/**
 * Supervision rows (spec 002 §2.9): one row per project with this week's one-page (the one-page whose
 * week starts this week; none = not submitted, problem level 0) and the counters of the x-total headers,
 * computed over the whole filtered set while the rows are one window of it (infinite scroll).
 */
export async function supervisionRows(db: DB, q: SupervisionQuery, now = new Date()): Promise<{ rows: SupervisionRow[]; totals: SupervisionTotals }> {
  const monday = weekStart(now);
  const statuses = q.status && q.status.length ? q.status : DEFAULT_SUPERVISED_STATUSES;
  const search = q.search?.trim() ? `%${q.search.trim().toLowerCase()}%` : null;
  const result = await sql<Record<string, unknown>>`
    with base as (
      select p.id as id_project, p.code as project_code, p.name as project_name, c.name as client_name,
             p.id_status, p.id_during_type, dt.name as during_type_name, p.id_allocation_status,
             als.name as allocation_status_name, p.priority, p.internal, p.pdc_priority,
             bu.name as business_unit_name,
             (select pr.name from project_practices pp join practices pr on pr.id = pp.practice_id
                where pp.project_id = p.id order by pp.practice_id limit 1) as practice_name,
             (select cm.name from project_co_managements pc join comanagements cm on cm.id = pc.comanagement_id
                where pc.project_id = p.id order by pc.comanagement_id limit 1) as co_management_name,
             op.submitted_at is not null as one_page_submitted,
             case when op.submitted_at is not null then coalesce(op.one_page_problem_level, 0) else 0 end as one_page_problem_level,
             op.environment_status,
             coalesce(op.has_allocation, false) as has_allocation,
             coalesce(op.governance_action_option in (1, 3), false) as has_governance_action
      from projects p
      left join clients c on c.id = p.client_id
      left join during_types dt on dt.id = p.id_during_type
      left join allocation_statuses als on als.id = p.id_allocation_status
      left join business_units bu on bu.id = p.business_unit_id
      left join lateral (
        select o.submitted_at, o.one_page_problem_level, o.environment_status, o.has_allocation, o.governance_action_option
        from one_pages o
        where o.project_id = p.id and o.initial_date >= ${monday}::date
        order by o.initial_date desc, o.id desc
        limit 1
      ) op on true
      where p.id_status = any(${statuses}::int[])
        and (${search}::text is null or lower(p.code) like ${search} or lower(p.name) like ${search} or lower(coalesce(c.name, '')) like ${search})
    )
    select base.*,
           count(*) over () as total,
           count(*) filter (where one_page_submitted and one_page_problem_level = 1) over () as total_green,
           count(*) filter (where one_page_submitted and one_page_problem_level = 2) over () as total_yellow,
           count(*) filter (where one_page_submitted and one_page_problem_level = 3) over () as total_red,
           count(*) filter (where not one_page_submitted) over () as total_not_submitted
    from base
    order by project_code
    limit ${q.take} offset ${q.skip}
  `.execute(db);

  const rows = result.rows;
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
    return supervisionRows(db, { ...q, skip: 0, take: 1 }, now).then((x: { totals: SupervisionTotals }) => ({ rows: [] as SupervisionRow[], totals: x.totals }));
  }
  return {
    totals,
    rows: rows.map(
      (r): SupervisionRow => ({
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
      }),
    ),
  };
}
