import { sql } from 'kysely';
import type { DB } from '../../db';

/** One window of the supervision rows, each carrying the counters of the whole filtered set (snake_case SQL → camelCase keys). */
export async function supervisionWindow(
  db: DB,
  q: { monday: string; statuses: number[]; search: string | null; skip: number; take: number },
): Promise<Record<string, unknown>[]> {
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
        where o.project_id = p.id and o.initial_date >= ${q.monday}::date
        order by o.initial_date desc, o.id desc
        limit 1
      ) op on true
      where p.id_status = any(${q.statuses}::int[])
        and (${q.search}::text is null or lower(p.code) like ${q.search} or lower(p.name) like ${q.search} or lower(coalesce(c.name, '')) like ${q.search})
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
  return result.rows;
}

/** Managers, partners (names, comma-separated) and dates of a batch of projects (at least one id), by project id. */
export async function projectDetails(db: DB, ids: number[]) {
  const rows = await db
    .selectFrom('projects as p')
    .where('p.id', 'in', ids)
    .select(['p.id', 'p.startDate', 'p.endDate'])
    .select((eb) => {
      const names = (role: 't.isManager' | 't.isPartner') =>
        eb
          .selectFrom('projectTeam as t')
          .innerJoin('professionals as pr', 'pr.id', 't.professionalId')
          .whereRef('t.projectId', '=', 'p.id')
          .where(role, '=', true)
          .select(sql<string | null>`string_agg(pr.name, ', ' order by pr.name)`.as('names'));
      return [names('t.isManager').as('managerNames'), names('t.isPartner').as('partnerNames')];
    })
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}
