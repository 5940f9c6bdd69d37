import { sql } from 'kysely';
import {
  FEEL_COMFORTABLE_LABELS,
  WATCHED_TOOLKIT_LABELS,
  type EvaluationsReportQuery,
  type ProjectAllocationReportQuery,
  type SetupAssessmentReportQuery,
} from '@domain/contract';
import type { z } from 'zod';
import type { AnySheet } from '../../adapters/reports';
import type { DB } from '../../db';
import { col, label, num, projectColumns, projectNameColumns, sqlKeyset, suggestionColumns } from './common';

/** The people reports of 002 §2.11: Project Evaluations, Setup Assessment, Project Allocation (date ranges). */

/** The day after `ymd` (ranges are inclusive of their end day). */
const dayAfter = (ymd: string) => {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

// --- project-professional-evaluations: the evaluations updated in the range
interface EvaluationRow {
  id: number;
  code: string;
  name: string;
  client: string | null;
  professional: string;
  jobTitle: string | null;
  cycle: string;
  cycleActive: boolean;
  evaluationStatus: string;
  isEligible: boolean;
  isReadOnly: boolean;
  totalDays: string;
  evaluator: string | null;
  validator: string | null;
  partner: string | null;
  updatedAt: Date;
}
export function evaluationsReport(db: DB, q: z.infer<typeof EvaluationsReportQuery>): AnySheet[] {
  const rows = sqlKeyset<EvaluationRow>(
    db,
    (last, size) =>
      sql<EvaluationRow>`
      select e.id, p.code, p.name, c.name as client, pr.name as professional, pr.job_title,
             cy.year || ' ' || cy.period as cycle, cy.is_active as cycle_active, e.evaluation_status,
             e.is_eligible, e.is_read_only, e.total_days, ev.name as evaluator, va.name as validator,
             pa.name as partner, e.updated_at
      from project_evaluations e
      join projects p on p.id = e.project_id
      join professionals pr on pr.id = e.professional_id
      join evaluation_cycles cy on cy.id = e.cycle_id
      left join clients c on c.id = p.client_id
      left join professionals ev on ev.id = e.evaluator_id
      left join professionals va on va.id = e.validator_id
      left join professionals pa on pa.id = e.partner_id
      where e.updated_at >= ${q.startDate}::date and e.updated_at < ${dayAfter(q.endDate)}::date
        and (${q.idProfessional ?? null}::int is null or e.professional_id = ${q.idProfessional ?? null})
        and (${q.idProject ?? null}::int is null or e.project_id = ${q.idProject ?? null})
        and e.id > ${last?.id ?? 0}
      order by e.id limit ${size}`,
  );
  return [
    {
      name: 'Project Evaluations',
      columns: [
        ...projectNameColumns<EvaluationRow>(),
        col<EvaluationRow>('Professional', 'text', (r) => r.professional, 26),
        col<EvaluationRow>('Job Title', 'text', (r) => r.jobTitle, 14),
        col<EvaluationRow>('Cycle', 'text', (r) => r.cycle, 12),
        col<EvaluationRow>('Active Cycle', 'boolean', (r) => r.cycleActive, 8),
        col<EvaluationRow>('Evaluation Status', 'text', (r) => r.evaluationStatus, 14),
        col<EvaluationRow>('Eligible', 'boolean', (r) => r.isEligible, 8),
        col<EvaluationRow>('Read Only', 'boolean', (r) => r.isReadOnly, 8),
        col<EvaluationRow>('Total Days', 'number', (r) => num(r.totalDays), 10),
        col<EvaluationRow>('Evaluator', 'text', (r) => r.evaluator, 24),
        col<EvaluationRow>('Validator', 'text', (r) => r.validator, 24),
        col<EvaluationRow>('Partner', 'text', (r) => r.partner, 24),
        col<EvaluationRow>('Updated At', 'datetime', (r) => r.updatedAt, 16),
      ],
      rows,
    },
  ];
}

// --- setup-assessment: the assessments created in the range
interface AssessmentRow {
  id: number;
  code: string;
  name: string;
  client: string | null;
  idStatus: number;
  professional: string;
  createdBy: string | null;
  updatedBy: string | null;
  watchedToolkit: number | null;
  doYouFeelComfortable: number | null;
  rating: number | null;
  ratingDescription: string | null;
  howCouldBeenDoneBetter: string | null;
  createdAt: Date;
  updatedAt: Date;
}
export function setupAssessmentReport(db: DB, q: z.infer<typeof SetupAssessmentReportQuery>): AnySheet[] {
  const rows = sqlKeyset<AssessmentRow>(
    db,
    (last, size) =>
      sql<AssessmentRow>`
      select a.id, p.code, p.name, c.name as client, p.id_status, pr.name as professional,
             cb.name as created_by, ub.name as updated_by, a.watched_toolkit, a.do_you_feel_comfortable,
             a.rating, a.rating_description, a.how_could_been_done_better, a.created_at, a.updated_at
      from setup_assessments a
      join projects p on p.id = a.project_id
      join professionals pr on pr.id = a.professional_id
      left join clients c on c.id = p.client_id
      left join professionals cb on cb.id = a.created_by
      left join professionals ub on ub.id = a.updated_by
      where a.created_at >= ${q.startDate}::date and a.created_at < ${dayAfter(q.endDate)}::date
        and a.id > ${last?.id ?? 0}
      order by a.id limit ${size}`,
  );
  return [
    {
      name: 'Setup Assessments',
      columns: [
        ...projectColumns<AssessmentRow>(),
        col<AssessmentRow>('Professional', 'text', (r) => r.professional, 26),
        col<AssessmentRow>('Created By', 'text', (r) => r.createdBy, 24),
        col<AssessmentRow>('Updated By', 'text', (r) => r.updatedBy, 24),
        col<AssessmentRow>(
          'Watched Toolkit',
          'text',
          (r) => label(WATCHED_TOOLKIT_LABELS, r.watchedToolkit),
          14,
        ),
        col<AssessmentRow>(
          'Feels Comfortable',
          'text',
          (r) => label(FEEL_COMFORTABLE_LABELS, r.doYouFeelComfortable),
          12,
        ),
        col<AssessmentRow>('Rating', 'integer', (r) => r.rating, 8),
        col<AssessmentRow>('Rating Description', 'text', (r) => r.ratingDescription, 40),
        col<AssessmentRow>('How Could It Have Been Done Better', 'text', (r) => r.howCouldBeenDoneBetter, 40),
        col<AssessmentRow>('Created At', 'datetime', (r) => r.createdAt, 16),
        col<AssessmentRow>('Updated At', 'datetime', (r) => r.updatedAt, 16),
      ],
      rows,
    },
  ];
}

// --- project-allocation: the allocation suggestions per professional and week
interface AllocationRow {
  id: number;
  professional: string;
  jobTitle: string | null;
  isActive: boolean;
  code: string;
  name: string;
  client: string | null;
  initialDate: string;
  endDate: string;
  totalDays: string;
  nextWeek: string | null;
  twoWeeks: string | null;
  isApproved: boolean;
  feedback: string | null;
  submittedAt: Date | null;
}
export function projectAllocationReport(db: DB, q: z.infer<typeof ProjectAllocationReportQuery>): AnySheet[] {
  const professionals = q.professionalIds ? q.professionalIds.split(',').map(Number) : null;
  const codes = q.projectCodes
    ? q.projectCodes
        .split(',')
        .map((c) => c.trim().toLowerCase())
        .filter(Boolean)
    : null;
  const rows = sqlKeyset<AllocationRow>(
    db,
    (last, size) =>
      sql<AllocationRow>`
      select s.id, pr.name as professional, pr.job_title, pr.is_active, p.code, p.name, c.name as client,
             o.initial_date::text as initial_date, o.end_date::text as end_date, s.total_days,
             w1.total_days as next_week, w2.total_days as two_weeks, s.is_approved, s.feedback, o.submitted_at
      from allocation_suggestions s
      join one_pages o on o.id = s.one_page_id
      join projects p on p.id = o.project_id
      join professionals pr on pr.id = s.professional_id
      left join clients c on c.id = p.client_id
      left join allocation_suggestion_weeks w1 on w1.allocation_suggestion_id = s.id and w1.week_offset = 1
      left join allocation_suggestion_weeks w2 on w2.allocation_suggestion_id = s.id and w2.week_offset = 2
      where o.initial_date between ${q.startDate}::date and ${q.endDate}::date
        and (${professionals}::int[] is null or s.professional_id = any(${professionals}::int[]))
        and (${codes}::text[] is null or lower(p.code) = any(${codes}::text[]))
        and (${last?.professional ?? null}::text is null
             or (pr.name, s.id) > (${last?.professional ?? null}::text, ${last?.id ?? 0}::int))
      order by pr.name, s.id limit ${size}`,
  );
  return [
    {
      name: 'Project Allocation',
      columns: [
        col<AllocationRow>('Professional', 'text', (r) => r.professional, 26),
        col<AllocationRow>('Job Title', 'text', (r) => r.jobTitle, 14),
        col<AllocationRow>('Active', 'boolean', (r) => r.isActive, 8),
        ...projectNameColumns<AllocationRow>(),
        col<AllocationRow>('Week Start', 'date', (r) => r.initialDate, 11),
        col<AllocationRow>('Week End', 'date', (r) => r.endDate, 11),
        ...suggestionColumns<AllocationRow>(),
        col<AllocationRow>('OP Submitted?', 'boolean', (r) => r.submittedAt != null, 9),
      ],
      rows,
    },
  ];
}
