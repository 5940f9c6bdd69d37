import { sql } from 'kysely';
import type { OnePageCompleteQuery, OnePageWeekReportQuery } from '@domain/contract';
import { DURING_TYPES, PROBLEM_LEVEL, PROJECT_STATUS } from '@domain/constants';
import type { AnySheet, Column } from '../../adapters/reports';
import type { DB } from '../../db';
import { weekStart } from '../../platform/dates';
import { LABELS } from '../dashboards/service';
import { afterCode, BATCH, col, label, sqlKeyset, suggestionColumns } from './common';

/** A one-page's light as its label (002 §4: 0 Not Submitted, 1 Green, 2 Yellow, 3 Red). */
const LIGHT: Record<number, string> = { 1: 'Green', 2: 'Yellow', 3: 'Red' };
const light = (v: number | null | undefined) => label(LIGHT, v);
const FORMAT: Record<number, string> = { 1: 'Classic', 2: 'Checklist' };
const ids = (csv: string | undefined) => (csv ? csv.split(',').map(Number) : null);

/** The weeks (Monday dates) a one-page report covers: this week, a month, or a whole year (002 §5 "Other"). */
export function onePagePeriod(q: Pick<OnePageCompleteQuery, 'month' | 'year'>, now: Date) {
  if (q.month == null && q.year == null) {
    const monday = weekStart(now);
    return { from: monday, to: monday };
  }
  const year = q.year ?? now.getUTCFullYear();
  if (q.month == null) return { from: `${year}-01-01`, to: `${year}-12-31` };
  const mm = String(q.month).padStart(2, '0');
  const last = new Date(Date.UTC(year, q.month, 0)).getUTCDate();
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${last}` };
}

/** Rows a batch of the one-page report aims at (memory flat whatever the period). */
const ROWS_PER_BATCH = 40_000;
const MIN_PROJECTS_PER_BATCH = 200;

export interface OnePageCompleteRow {
  code: string;
  name: string;
  clientName: string | null;
  idStatus: number;
  idDuringType: number | null;
  internal: boolean;
  priority: boolean;
  initialDate: string | Date | null;
  endDate: string | Date | null;
  format: number | null;
  submittedAt: Date | null;
  submittedBy: string | null;
  isDelayedSubmitted: boolean | null;
  onePageProblemLevel: number | null;
  projectStatusExplanation: string | null;
  environmentStatus: number | null;
  projectEnvironmentExplanation: string | null;
  needHelpFromGovernance: number | null;
  needHelpFromGovernanceExplanation: string | null;
  riskOfDelay: number | null;
  riskOfDelayExplanation: string | null;
  solutionReadiness: number | null;
  solutionReadinessExplanation: string | null;
  integrationIdentity: number | null;
  integrationIdentityExplanation: string | null;
  properAttention: number | null;
  properAttentionExplanation: string | null;
  changeProjectStatus: number | null;
  changeProjectStatusExplanation: string | null;
  teamIssue: number | null;
  teamIssueExplanation: string | null;
  dnaProf: number | null;
  dnaTec: number | null;
  weeklyStatus: number | null;
  keyMessage: string | null;
  deliveryFocusNextWeek: string | null;
  teamPoint: string | null;
  methodInternal: string | null;
  methodExternal: string | null;
  governanceActionOption: number | null;
  governanceAction: string | null;
  governanceAllocation: string | null;
  hasAllocation: boolean | null;
  coManagementComment: string | null;
  executiveBoardComment: string | null;
  executiveResumeComment: string | null;
  pdcResumeComment: string | null;
}

type R = OnePageCompleteRow;
const submitted = (r: Pick<R, 'submittedAt'>) => r.submittedAt != null;

/** The fields both one-page reports show (the week report's rows hold only these). */
type WeekCells = Pick<
  R,
  | 'code'
  | 'name'
  | 'clientName'
  | 'initialDate'
  | 'endDate'
  | 'submittedAt'
  | 'submittedBy'
  | 'onePageProblemLevel'
  | 'environmentStatus'
  | 'keyMessage'
  | 'deliveryFocusNextWeek'
  | 'governanceActionOption'
  | 'governanceAction'
  | 'hasAllocation'
>;

/** Their columns, titled the same in both reports; in this order, the sheet of the week report. */
const WEEK = {
  code: col<WeekCells>('Project Code', 'text', (r) => r.code, 16),
  name: col<WeekCells>('Project Name', 'text', (r) => r.name, 36),
  client: col<WeekCells>('Client', 'text', (r) => r.clientName, 28),
  start: col<WeekCells>('Week Start', 'date', (r) => r.initialDate, 11),
  end: col<WeekCells>('Week End', 'date', (r) => r.endDate, 11),
  submitted: col<WeekCells>('OP Submitted?', 'boolean', submitted, 9),
  submittedAt: col<WeekCells>('Submitted At', 'datetime', (r) => r.submittedAt, 16),
  submittedBy: col<WeekCells>('Submitted By', 'text', (r) => r.submittedBy, 22),
  status: col<WeekCells>(
    'OP Status',
    'text',
    (r) => PROBLEM_LEVEL[submitted(r) ? (r.onePageProblemLevel ?? 0) : 0]!.label,
    13,
  ),
  environment: col<WeekCells>('Environment Status', 'text', (r) => light(r.environmentStatus), 10),
  keyMessage: col<WeekCells>('Key Message', 'text', (r) => r.keyMessage, 40),
  deliveryFocus: col<WeekCells>('Delivery Focus Next Week', 'text', (r) => r.deliveryFocusNextWeek, 40),
  governanceActionOption: col<WeekCells>(
    'Governance Action?',
    'text',
    (r) => label(LABELS.yesNoMaybe, r.governanceActionOption),
    10,
  ),
  governanceAction: col<WeekCells>('Governance Action', 'text', (r) => r.governanceAction, 40),
  hasAllocation: col<WeekCells>('Has Allocation', 'boolean', (r) => r.hasAllocation, 9),
};

/** One-page Complete's columns: the project, then every field of its one-page (002 §2.5) as labels. */
export const ONE_PAGE_COMPLETE_COLUMNS: Column<R>[] = [
  WEEK.code,
  WEEK.name,
  WEEK.client,
  col<R>('Project Status', 'text', (r) => PROJECT_STATUS[r.idStatus]?.adminLabel ?? r.idStatus, 12),
  col<R>('During Type', 'text', (r) => label(DURING_TYPES, r.idDuringType), 12),
  col<R>('Internal', 'boolean', (r) => r.internal, 9),
  col<R>('Priority', 'boolean', (r) => r.priority, 9),
  WEEK.start,
  WEEK.end,
  col<R>('Format', 'text', (r) => label(FORMAT, r.format), 10),
  WEEK.submitted,
  WEEK.submittedAt,
  WEEK.submittedBy,
  col<R>('Delayed Submission', 'boolean', (r) => (submitted(r) ? r.isDelayedSubmitted : null), 9),
  WEEK.status,
  col<R>('Project Status Explanation', 'text', (r) => r.projectStatusExplanation, 30),
  WEEK.environment,
  col<R>('Environment Explanation', 'text', (r) => r.projectEnvironmentExplanation, 30),
  col<R>('Need Help From Governance', 'text', (r) => label(LABELS.yesNo, r.needHelpFromGovernance), 10),
  col<R>('Governance Help Explanation', 'text', (r) => r.needHelpFromGovernanceExplanation, 30),
  col<R>('Risk of Delay', 'text', (r) => label(LABELS.riskOfDelay, r.riskOfDelay), 12),
  col<R>('Risk of Delay Explanation', 'text', (r) => r.riskOfDelayExplanation, 30),
  col<R>('Solution Readiness', 'integer', (r) => r.solutionReadiness, 10),
  col<R>('Solution Readiness Explanation', 'text', (r) => r.solutionReadinessExplanation, 30),
  col<R>('Integration Identity', 'text', (r) => label(LABELS.attention, r.integrationIdentity), 14),
  col<R>('Integration Identity Explanation', 'text', (r) => r.integrationIdentityExplanation, 30),
  col<R>('Proper Attention', 'text', (r) => label(LABELS.attention, r.properAttention), 14),
  col<R>('Proper Attention Explanation', 'text', (r) => r.properAttentionExplanation, 30),
  col<R>('Change of Project Status', 'text', (r) => label(LABELS.changeStatus, r.changeProjectStatus), 14),
  col<R>('Change of Status Explanation', 'text', (r) => r.changeProjectStatusExplanation, 30),
  col<R>('Team Issue', 'text', (r) => label(LABELS.teamIssue, r.teamIssue), 10),
  col<R>('Team Issue Explanation', 'text', (r) => r.teamIssueExplanation, 30),
  col<R>('Professional DNA', 'text', (r) => label(LABELS.done, r.dnaProf), 20),
  col<R>('Technical DNA', 'text', (r) => label(LABELS.done, r.dnaTec), 20),
  col<R>('Weekly Status', 'text', (r) => label(LABELS.done, r.weeklyStatus), 20),
  WEEK.keyMessage,
  WEEK.deliveryFocus,
  col<R>('Team Point', 'text', (r) => r.teamPoint, 30),
  col<R>('Method Internal', 'text', (r) => r.methodInternal, 30),
  col<R>('Method External', 'text', (r) => r.methodExternal, 30),
  WEEK.governanceActionOption,
  WEEK.governanceAction,
  col<R>('Governance Allocation', 'text', (r) => r.governanceAllocation, 30),
  WEEK.hasAllocation,
  col<R>('Co-management Comment', 'text', (r) => r.coManagementComment, 30),
  col<R>('Executive Board Comment', 'text', (r) => r.executiveBoardComment, 30),
  col<R>('Executive Resume Comment', 'text', (r) => r.executiveResumeComment, 30),
  col<R>('PDC Resume Comment', 'text', (r) => r.pdcResumeComment, 30),
];

/**
 * One row per project and one-page of the period (002 §7 one-page-complete); a project without a one-page in
 * the period is one row, not submitted (so "isSubmitted=false" and "OP Status Not Submitted" list it). Ordered
 * by project code and week. Read in batches: the next BATCH projects by code (an index range on the unique
 * code), then their one-pages of the period — never the whole report in memory. A period of many weeks takes
 * fewer projects a batch (at most about ROWS_PER_BATCH rows: 754 projects for a year, not 2,000 × 53 weeks).
 */
export async function* onePageCompleteRows(
  db: DB,
  q: OnePageCompleteQuery,
  now: Date,
  batch = BATCH,
): AsyncGenerator<R> {
  const { from, to } = onePagePeriod(q, now);
  const weeks = Math.round((Date.parse(to) - Date.parse(from)) / (7 * 86_400_000)) + 1;
  batch = Math.min(batch, Math.max(MIN_PROJECTS_PER_BATCH, Math.floor(ROWS_PER_BATCH / weeks)));
  const like = (v: string | null | undefined) => (v?.trim() ? `%${v.trim().toLowerCase()}%` : null);
  const code = like(q.projectCode);
  const name = like(q.projectName);
  const client = like(q.clientName);
  const projectIds = ids(q.projectIds);
  const clientIds = ids(q.clientIds);
  // only the filters given become SQL, so the planner sees plain conditions
  const projectWhere = [
    code && sql`lower(p.code) like ${code}`,
    name && sql`lower(p.name) like ${name}`,
    client && sql`lower(coalesce(c.name, '')) like ${client}`,
    q.isInternal != null && sql`p.internal = ${q.isInternal}`,
    q.projectStatus != null && sql`p.id_status = ${q.projectStatus}`,
    q.duringType != null && sql`p.id_during_type = ${q.duringType}`,
    projectIds && sql`p.id = any(${projectIds}::int[])`,
    clientIds && sql`p.client_id = any(${clientIds}::int[])`,
  ].filter((x) => !!x);
  const isSubmitted = sql`(o.submitted_at is not null)`;
  const pageWhere = [
    q.isSubmitted != null && sql`${isSubmitted} = ${q.isSubmitted}`,
    q.onePageStatus != null &&
      sql`(case when o.submitted_at is not null then coalesce(o.one_page_problem_level, 0) else 0 end) = ${q.onePageStatus}`,
    q.environmentStatus != null && sql`o.environment_status = ${q.environmentStatus}`,
  ].filter((x) => !!x);
  const and = (parts: ReturnType<typeof sql>[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

  const raw = db.withoutPlugins();
  /** The batch of projects after `after` (by code) with their one-pages; `last` null when none is left. */
  const read = async (after: string | null) => {
    const projects: { id: number; code: string }[] = (
      await sql<{ id: number; code: string }>`
        select p.id, p.code from projects p left join clients c on c.id = p.client_id
        where ${after === null ? sql`true` : sql`p.code > ${after}`} and ${and(projectWhere as never[])}
        order by p.code limit ${batch}`.execute(db)
    ).rows;
    if (projects.length === 0) return { rows: [] as R[], last: null };
    // no CamelCasePlugin here: the columns are aliased camelCase already, and mapping 50 keys of every row
    // cost more than writing it
    const r = await sql<R>`
      select p.code, p.name, c.name as "clientName", p.id_status as "idStatus",
             p.id_during_type as "idDuringType", p.internal, p.priority, o.initial_date::text as "initialDate",
             o.end_date::text as "endDate", o.format, o.submitted_at as "submittedAt", sb.name as "submittedBy",
             o.is_delayed_submitted as "isDelayedSubmitted", o.one_page_problem_level as "onePageProblemLevel",
             o.project_status_explanation as "projectStatusExplanation",
             o.environment_status as "environmentStatus",
             o.project_environment_explanation as "projectEnvironmentExplanation",
             o.need_help_from_governance as "needHelpFromGovernance",
             o.need_help_from_governance_explanation as "needHelpFromGovernanceExplanation",
             o.risk_of_delay as "riskOfDelay", o.risk_of_delay_explanation as "riskOfDelayExplanation",
             o.solution_readiness as "solutionReadiness",
             o.solution_readiness_explanation as "solutionReadinessExplanation",
             o.integration_identity as "integrationIdentity",
             o.integration_identity_explanation as "integrationIdentityExplanation",
             o.proper_attention as "properAttention",
             o.proper_attention_explanation as "properAttentionExplanation",
             o.change_project_status as "changeProjectStatus",
             o.change_project_status_explanation as "changeProjectStatusExplanation",
             o.team_issue as "teamIssue", o.team_issue_explanation as "teamIssueExplanation",
             o.dna_prof as "dnaProf", o.dna_tec as "dnaTec", o.weekly_status as "weeklyStatus",
             o.key_message as "keyMessage", o.delivery_focus_next_week as "deliveryFocusNextWeek",
             o.team_point as "teamPoint", o.method_internal as "methodInternal",
             o.method_external as "methodExternal", o.governance_action_option as "governanceActionOption",
             o.governance_action as "governanceAction", o.governance_allocation as "governanceAllocation",
             o.has_allocation as "hasAllocation", o.co_management_comment as "coManagementComment",
             o.executive_board_comment as "executiveBoardComment",
             o.executive_resume_comment as "executiveResumeComment", o.pdc_resume_comment as "pdcResumeComment"
      from projects p
      left join clients c on c.id = p.client_id
      left join one_pages o on o.project_id = p.id and o.initial_date between ${from}::date and ${to}::date
      left join professionals sb on sb.id = o.submitted_by_id
      where p.id = any(${projects.map((x) => x.id)}::int[]) and ${and(pageWhere as never[])}
      order by p.code, o.initial_date nulls first`.execute(raw);
    return { rows: r.rows, last: projects.length < batch ? null : projects[projects.length - 1]!.code };
  };

  // pipelined: the next batch is read while this one is written
  let next = read(null);
  for (;;) {
    const { rows, last } = await next;
    if (last !== null) {
      next = read(last);
      next.catch(() => undefined); // awaited on the next turn; a consumer that stops early leaves it unhandled
    }
    yield* rows;
    if (last === null) return;
  }
}

/** GET /api/reports/one-page-complete → ReportOnePage.xlsx. */
export const onePageCompleteReport = (db: DB, q: OnePageCompleteQuery, now: Date): AnySheet[] => [
  { name: 'One Page', columns: ONE_PAGE_COMPLETE_COLUMNS, rows: onePageCompleteRows(db, q, now) },
];

interface WeekRow {
  id: number;
  code: string;
  name: string;
  clientName: string | null;
  initialDate: string;
  endDate: string;
  submittedAt: Date | null;
  submittedBy: string | null;
  onePageProblemLevel: number | null;
  environmentStatus: number | null;
  keyMessage: string | null;
  deliveryFocusNextWeek: string | null;
  governanceActionOption: number | null;
  governanceAction: string | null;
  hasAllocation: boolean;
}
interface AllocationRow {
  id: number;
  code: string;
  initialDate: string;
  professional: string;
  isActive: boolean;
  totalDays: string | number;
  nextWeek: string | number | null;
  twoWeeks: string | number | null;
  isApproved: boolean;
  feedback: string | null;
}

/**
 * GET /api/reports/one-page → report-one-pages.xlsx: the one-pages of one week (002 §2.11 One Page card; the
 * week holding `week`, this week by default) — a summary sheet and the week's allocation suggestions.
 */
export function onePageWeekReport(db: DB, q: OnePageWeekReportQuery, now: Date): AnySheet[] {
  const monday = weekStart(q.week ? new Date(`${q.week}T00:00:00Z`) : now);
  const pages = sqlKeyset<WeekRow>(
    db,
    (last, size) =>
      sql<WeekRow>`
      select o.id, p.code, p.name, c.name as client_name, o.initial_date::text as initial_date,
             o.end_date::text as end_date, o.submitted_at, sb.name as submitted_by, o.one_page_problem_level,
             o.environment_status, o.key_message, o.delivery_focus_next_week, o.governance_action_option,
             o.governance_action, o.has_allocation
      from one_pages o
      join projects p on p.id = o.project_id
      left join clients c on c.id = p.client_id
      left join professionals sb on sb.id = o.submitted_by_id
      where o.initial_date = ${monday}::date and ${afterCode(last)}
      order by p.code
      limit ${size}`,
  );
  const allocations = sqlKeyset<AllocationRow>(
    db,
    (last, size) =>
      sql<AllocationRow>`
      select s.id, p.code, o.initial_date::text as initial_date, pr.name as professional, pr.is_active,
             s.total_days, w1.total_days as next_week, w2.total_days as two_weeks, s.is_approved, s.feedback
      from allocation_suggestions s
      join one_pages o on o.id = s.one_page_id
      join projects p on p.id = o.project_id
      join professionals pr on pr.id = s.professional_id
      left join allocation_suggestion_weeks w1 on w1.allocation_suggestion_id = s.id and w1.week_offset = 1
      left join allocation_suggestion_weeks w2 on w2.allocation_suggestion_id = s.id and w2.week_offset = 2
      where o.initial_date = ${monday}::date and s.id > ${last?.id ?? 0}
      order by s.id
      limit ${size}`,
  );
  return [
    {
      name: `One Pages ${monday}`,
      columns: Object.values(WEEK),
      rows: pages,
    },
    {
      name: 'Allocations',
      columns: [
        col<AllocationRow>('Project Code', 'text', (r) => r.code, 16),
        col<AllocationRow>('Week Start', 'date', (r) => r.initialDate, 11),
        col<AllocationRow>('Professional', 'text', (r) => r.professional, 28),
        col<AllocationRow>('Active', 'boolean', (r) => r.isActive, 8),
        ...suggestionColumns<AllocationRow>(),
      ],
      rows: allocations,
    },
  ];
}
