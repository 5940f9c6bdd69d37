import { sql } from 'kysely';
import { PROJECT_STATUS } from '@domain/constants';
import type { AnySheet } from '../../adapters/reports';
import type { DB } from '../../db';
import { LABELS } from '../dashboards/service';
import {
  afterCode,
  col,
  label,
  num,
  pct,
  plainText,
  projectColumns,
  projectCells,
  projectStatusColumn,
  sqlKeyset,
  statusLabel,
} from './common';

/**
 * The project and client reports of 002 §2.11's cards (Client, Project, Company, Financial, Governance Material
 * Excel, Training and Development), built from what the portal holds. Each reads BATCH rows at a time.
 */

const SEGMENT_LEVEL: Record<number, string> = { 1: 'Primary', 2: 'Secondary' };

/** Segment names of the client by level, joined (a correlated subquery of a row with `p.client_id`). */
const segmentsOf = (level: number) => sql`(
  select string_agg(s.name, ', ' order by s.name) from client_segments cs join segments s on s.id = cs.segment_id
  where cs.client_id = p.client_id and cs.segment_level = ${level})`;
/** Managers (or partners) of the project `p`, names joined. */
const teamNames = (role: 'is_manager' | 'is_partner') => sql`(
  select string_agg(pr.name, ', ' order by pr.name) from project_team t join professionals pr on pr.id = t.professional_id
  where t.project_id = p.id and t.${sql.ref(role)})`;
/** The project's first practice by id (as the supervision grid names it). */
const practiceName = sql`(
  select pr.name from project_practices pp join practices pr on pr.id = pp.practice_id
  where pp.project_id = p.id order by pp.practice_id limit 1)`;

// --- client-segments (Client card: client and project segments)
interface ClientSegmentRow {
  key: string;
  client: string;
  economicGroup: string | null;
  segment: string;
  segmentLevel: number;
  projects: number;
}
interface ProjectSegmentRow {
  code: string;
  name: string;
  idStatus: number;
  client: string | null;
  economicGroup: string | null;
  primarySegments: string | null;
  secondarySegments: string | null;
  startDate: string | null;
}
export function clientSegmentsReport(db: DB): AnySheet[] {
  const clients = sqlKeyset<ClientSegmentRow>(
    db,
    (last, size) =>
      sql<ClientSegmentRow>`
      select c.name || '/' || c.id || '/' || cs.segment_id as key, c.name as client, c.economic_group,
             s.name as segment, cs.segment_level,
             (select count(*)::int from projects p where p.client_id = c.id) as projects
      from client_segments cs join clients c on c.id = cs.client_id join segments s on s.id = cs.segment_id
      where (${last?.key ?? null}::text is null or c.name || '/' || c.id || '/' || cs.segment_id > ${last?.key ?? null})
      order by 1 limit ${size}`,
  );
  const projects = sqlKeyset<ProjectSegmentRow>(
    db,
    (last, size) =>
      sql<ProjectSegmentRow>`
      select p.code, p.name, p.id_status, c.name as client, c.economic_group,
             ${segmentsOf(1)} as primary_segments, ${segmentsOf(2)} as secondary_segments,
             p.start_date::text as start_date
      from projects p left join clients c on c.id = p.client_id
      where ${afterCode(last)}
      order by p.code limit ${size}`,
  );
  const project = projectCells<ProjectSegmentRow>();
  return [
    {
      name: 'Client Segments',
      columns: [
        col<ClientSegmentRow>('Client', 'text', (r) => r.client, 30),
        col<ClientSegmentRow>('Economic Group', 'text', (r) => r.economicGroup, 24),
        col<ClientSegmentRow>('Segment', 'text', (r) => r.segment, 24),
        col<ClientSegmentRow>('Segment Level', 'text', (r) => label(SEGMENT_LEVEL, r.segmentLevel), 12),
        col<ClientSegmentRow>('Projects', 'integer', (r) => r.projects, 9),
      ],
      rows: clients,
    },
    {
      name: 'Project Segments',
      columns: [
        project.code,
        project.name,
        projectStatusColumn<ProjectSegmentRow>(),
        col<ProjectSegmentRow>('Client', 'text', (r) => r.client, 30),
        col<ProjectSegmentRow>('Economic Group', 'text', (r) => r.economicGroup, 24),
        col<ProjectSegmentRow>('Primary Segments', 'text', (r) => r.primarySegments, 30),
        col<ProjectSegmentRow>('Secondary Segments', 'text', (r) => r.secondarySegments, 30),
        col<ProjectSegmentRow>('Start Date', 'date', (r) => r.startDate, 11),
      ],
      rows: projects,
    },
  ];
}

// --- project-status (Project card: status and the dates from the status history)
interface ProjectStatusRow {
  code: string;
  name: string;
  client: string | null;
  idStatus: number;
  startDate: string | null;
  endDate: string | null;
  closedAt: Date | null;
  statusSince: Date | null;
  entered: Record<string, string> | null;
}
interface HistoryRow {
  id: number;
  code: string;
  fromStatus: number | null;
  toStatus: number;
  changedAt: Date;
  changedBy: string | null;
}
export function projectStatusReport(db: DB): AnySheet[] {
  const projects = sqlKeyset<ProjectStatusRow>(
    db,
    (last, size) =>
      sql<ProjectStatusRow>`
      select p.code, p.name, c.name as client, p.id_status, p.start_date::text as start_date,
             p.end_date::text as end_date, p.closed_at,
             (select max(h.changed_at) from project_status_history h
               where h.project_id = p.id and h.to_status = p.id_status) as status_since,
             (select jsonb_object_agg(x.to_status::text, x.at) from (
                select h.to_status, min(h.changed_at) as at from project_status_history h
                where h.project_id = p.id group by h.to_status) x) as entered
      from projects p left join clients c on c.id = p.client_id
      where ${afterCode(last)}
      order by p.code limit ${size}`,
  );
  const history = sqlKeyset<HistoryRow>(
    db,
    (last, size) =>
      sql<HistoryRow>`
      select h.id, p.code, h.from_status, h.to_status, h.changed_at, pr.name as changed_by
      from project_status_history h join projects p on p.id = h.project_id
      left join professionals pr on pr.id = h.changed_by
      where h.id > ${last?.id ?? 0} order by h.id limit ${size}`,
  );
  const entered = (id: number) => (r: ProjectStatusRow) => r.entered?.[String(id)] ?? null;
  return [
    {
      name: 'Project Status',
      columns: [
        ...projectColumns<ProjectStatusRow>(),
        col<ProjectStatusRow>('Status Since', 'date', (r) => r.statusSince, 11),
        col<ProjectStatusRow>('Start Date', 'date', (r) => r.startDate, 11),
        col<ProjectStatusRow>('End Date', 'date', (r) => r.endDate, 11),
        col<ProjectStatusRow>('Closed Date', 'date', (r) => r.closedAt, 11),
        ...[1, 2, 3, 4, 5, 6].map((id) =>
          col<ProjectStatusRow>(`${PROJECT_STATUS[id]!.adminLabel} Since`, 'date', entered(id), 11),
        ),
      ],
      rows: projects,
    },
    {
      name: 'Status History',
      columns: [
        col<HistoryRow>('Project Code', 'text', (r) => r.code, 16),
        col<HistoryRow>('From', 'text', (r) => (r.fromStatus == null ? null : statusLabel(r.fromStatus)), 12),
        col<HistoryRow>('To', 'text', (r) => statusLabel(r.toStatus), 12),
        col<HistoryRow>('Changed At', 'datetime', (r) => r.changedAt, 16),
        col<HistoryRow>('Changed By', 'text', (r) => r.changedBy, 24),
      ],
      rows: history,
    },
  ];
}

// --- company-context (Company card: the client and the project's context)
interface CompanyRow {
  code: string;
  name: string;
  idStatus: number;
  client: string | null;
  economicGroup: string | null;
  industry: string | null;
  primarySegments: string | null;
  secondarySegments: string | null;
  clientDescription: string | null;
  clientCulture: string | null;
  whatSalesContext: string | null;
  whyClientNeedHelp: string | null;
  projectScope: string | null;
  projectOutScope: string | null;
  startDate: string | null;
}
export function companyContextReport(db: DB): AnySheet[] {
  const rows = sqlKeyset<CompanyRow>(
    db,
    (last, size) =>
      sql<CompanyRow>`
      select p.code, p.name, p.id_status, c.name as client, c.economic_group,
             (select cc.data ->> 'industry' from crm_contacts cc join projects cp on cp.id = cc.project_id
               where cp.client_id = p.client_id and coalesce(cc.data ->> 'industry', '') <> ''
               order by cc.updated_at desc limit 1) as industry,
             ${segmentsOf(1)} as primary_segments, ${segmentsOf(2)} as secondary_segments,
             c.client_description, c.client_culture, p.what_sales_context, p.why_client_need_help,
             p.project_scope, p.project_out_scope, p.start_date::text as start_date
      from projects p left join clients c on c.id = p.client_id
      where ${afterCode(last)}
      order by p.code limit ${size}`,
  );
  const project = projectCells<CompanyRow>();
  return [
    {
      name: 'Company Context',
      columns: [
        project.code,
        project.name,
        projectStatusColumn<CompanyRow>(),
        col<CompanyRow>('Start Date', 'date', (r) => r.startDate, 11),
        project.client,
        col<CompanyRow>('Economic Group', 'text', (r) => r.economicGroup, 24),
        col<CompanyRow>('Industry', 'text', (r) => r.industry, 20),
        col<CompanyRow>('Primary Segments', 'text', (r) => r.primarySegments, 28),
        col<CompanyRow>('Secondary Segments', 'text', (r) => r.secondarySegments, 28),
        col<CompanyRow>('Client Description', 'text', (r) => plainText(r.clientDescription), 50),
        col<CompanyRow>('Client Culture', 'text', (r) => plainText(r.clientCulture), 50),
        col<CompanyRow>('Sales Context', 'text', (r) => r.whatSalesContext, 50),
        col<CompanyRow>('Why the Client Needs Help', 'text', (r) => r.whyClientNeedHelp, 50),
        col<CompanyRow>('Project Scope', 'text', (r) => r.projectScope, 50),
        col<CompanyRow>('Out of Scope', 'text', (r) => r.projectOutScope, 50),
      ],
      rows,
    },
  ];
}

// --- financial-kpi (Financial card: the dashboards' figures, per project's latest dashboard)
interface FinancialRow {
  code: string;
  name: string;
  client: string | null;
  idStatus: number;
  practice: string | null;
  startDate: string | null;
  endDate: string | null;
  dashboardAt: Date;
  weekStart: string | null;
  currentWeek: string | null;
  firstAllocation: string | null;
  initial: string | null;
  target: string | null;
  teamSize: number;
  daysThisWeek: string | null;
  dashboards: number;
}
export function financialKpiReport(db: DB): AnySheet[] {
  const rows = sqlKeyset<FinancialRow>(
    db,
    (last, size) =>
      sql<FinancialRow>`
      select p.code, p.name, c.name as client, p.id_status, ${practiceName} as practice,
             p.start_date::text as start_date, p.end_date::text as end_date, d.created_at as dashboard_at,
             o.initial_date::text as week_start, d.current_week, d.first_allocation, d.initial, d.target,
             (select count(*)::int from project_team t join professionals pr on pr.id = t.professional_id
               where t.project_id = p.id and pr.is_active) as team_size,
             (select sum(s.total_days) from allocation_suggestions s where s.one_page_id = d.one_page_id) as days_this_week,
             (select count(*)::int from project_dashboards x where x.project_id = p.id) as dashboards
      from projects p
      join lateral (select * from project_dashboards d where d.project_id = p.id
                    order by d.created_at desc, d.id desc limit 1) d on true
      left join one_pages o on o.id = d.one_page_id
      left join clients c on c.id = p.client_id
      where ${afterCode(last)}
      order by p.code limit ${size}`,
  );
  const margin = (r: FinancialRow) =>
    r.initial == null || r.target == null ? null : (Number(r.initial) - Number(r.target)) / 100;
  return [
    {
      name: 'Financial KPI',
      columns: [
        ...projectColumns<FinancialRow>(),
        col<FinancialRow>('Practice', 'text', (r) => r.practice, 20),
        col<FinancialRow>('Start Date', 'date', (r) => r.startDate, 11),
        col<FinancialRow>('End Date', 'date', (r) => r.endDate, 11),
        col<FinancialRow>('Latest Dashboard', 'date', (r) => r.dashboardAt, 11),
        col<FinancialRow>('One Page Week', 'date', (r) => r.weekStart, 11),
        col<FinancialRow>('Current Week', 'percent', (r) => pct(r.currentWeek), 10),
        col<FinancialRow>('First Allocation', 'percent', (r) => pct(r.firstAllocation), 10),
        col<FinancialRow>('Sales Margin', 'percent', (r) => pct(r.initial), 10),
        col<FinancialRow>('Target', 'percent', (r) => pct(r.target), 10),
        col<FinancialRow>('Margin vs Target', 'percent', margin, 10),
        col<FinancialRow>('Active Team', 'integer', (r) => r.teamSize, 8),
        col<FinancialRow>('Days Suggested This Week', 'number', (r) => num(r.daysThisWeek), 10),
        col<FinancialRow>('Dashboards', 'integer', (r) => r.dashboards, 10),
      ],
      rows,
    },
  ];
}

// --- governance-material (Governance Material Excel card: the one-pages asking for governance)
interface GovernanceRow {
  id: number;
  code: string;
  name: string;
  client: string | null;
  idStatus: number;
  manager: string | null;
  partner: string | null;
  initialDate: string;
  submittedAt: Date | null;
  onePageProblemLevel: number | null;
  needHelpFromGovernance: number | null;
  needHelpFromGovernanceExplanation: string | null;
  governanceActionOption: number | null;
  governanceAction: string | null;
  governanceAllocation: string | null;
  keyMessage: string | null;
}
export function governanceMaterialReport(db: DB): AnySheet[] {
  const rows = sqlKeyset<GovernanceRow>(
    db,
    (last, size) =>
      sql<GovernanceRow>`
      select o.id, p.code, p.name, c.name as client, p.id_status, ${teamNames('is_manager')} as manager,
             ${teamNames('is_partner')} as partner, o.initial_date::text as initial_date, o.submitted_at,
             o.one_page_problem_level, o.need_help_from_governance, o.need_help_from_governance_explanation,
             o.governance_action_option, o.governance_action, o.governance_allocation, o.key_message
      from one_pages o join projects p on p.id = o.project_id left join clients c on c.id = p.client_id
      where (o.need_help_from_governance = 1 or o.governance_action_option in (1, 3)
             or coalesce(o.governance_action, '') <> '' or coalesce(o.governance_allocation, '') <> '')
        and (${last?.id ?? null}::int is null or o.id < ${last?.id ?? null})
      order by o.id desc limit ${size}`,
  );
  const sub = (r: GovernanceRow) => r.submittedAt != null;
  return [
    {
      name: 'Governance Material',
      columns: [
        ...projectColumns<GovernanceRow>(),
        col<GovernanceRow>('Project Manager', 'text', (r) => r.manager, 24),
        col<GovernanceRow>('Partner', 'text', (r) => r.partner, 24),
        col<GovernanceRow>('Week Start', 'date', (r) => r.initialDate, 11),
        col<GovernanceRow>('OP Submitted?', 'boolean', sub, 9),
        col<GovernanceRow>(
          'OP Status',
          'text',
          (r) =>
            sub(r)
              ? label({ 0: 'Not Submitted', 1: 'Green', 2: 'Yellow', 3: 'Red' }, r.onePageProblemLevel ?? 0)
              : 'Not Submitted',
          13,
        ),
        col<GovernanceRow>(
          'Need Help From Governance',
          'text',
          (r) => label(LABELS.yesNo, r.needHelpFromGovernance),
          10,
        ),
        col<GovernanceRow>(
          'Governance Help Explanation',
          'text',
          (r) => r.needHelpFromGovernanceExplanation,
          40,
        ),
        col<GovernanceRow>(
          'Governance Action?',
          'text',
          (r) => label(LABELS.yesNoMaybe, r.governanceActionOption),
          10,
        ),
        col<GovernanceRow>('Governance Action', 'text', (r) => r.governanceAction, 40),
        col<GovernanceRow>('Governance Allocation', 'text', (r) => r.governanceAllocation, 30),
        col<GovernanceRow>('Key Message', 'text', (r) => r.keyMessage, 40),
      ],
      rows,
    },
  ];
}

// --- training-development (Training and Development card)
interface TrainingRow {
  code: string;
  name: string;
  client: string | null;
  idStatus: number;
  manager: string | null;
  partner: string | null;
  tdOportunity: boolean | null;
  text: string | null;
  updatedAt: Date;
}
export function trainingDevelopmentReport(db: DB): AnySheet[] {
  const rows = sqlKeyset<TrainingRow>(
    db,
    (last, size) =>
      sql<TrainingRow>`
      select p.code, p.name, c.name as client, p.id_status, ${teamNames('is_manager')} as manager,
             ${teamNames('is_partner')} as partner, td.td_oportunity, td.text, td.updated_at
      from project_training_development td join projects p on p.id = td.project_id
      left join clients c on c.id = p.client_id
      where ${afterCode(last)}
      order by p.code limit ${size}`,
  );
  return [
    {
      name: 'Training and Development',
      columns: [
        ...projectColumns<TrainingRow>(),
        col<TrainingRow>('Project Manager', 'text', (r) => r.manager, 24),
        col<TrainingRow>('Partner', 'text', (r) => r.partner, 24),
        col<TrainingRow>('T&D Opportunity', 'boolean', (r) => r.tdOportunity, 10),
        col<TrainingRow>('Training and Development', 'text', (r) => plainText(r.text), 60),
        col<TrainingRow>('Updated At', 'datetime', (r) => r.updatedAt, 16),
      ],
      rows,
    },
  ];
}
