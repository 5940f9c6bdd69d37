import { z } from 'zod';
import { pagingQuery } from './query';

/** Supervision row (002 §3). */
export const SupervisionRow = z.object({
  idProject: z.int32(),
  projectCode: z.string(),
  projectName: z.string(),
  clientName: z.string().nullable(),
  statusName: z.string(),
  idStatus: z.int32().min(1).max(6),
  practiceName: z.string().nullable(),
  businessUnitName: z.string().nullable(),
  coManagementName: z.string().nullable(),
  duringTypeName: z.string().nullable(),
  idDuringType: z.int32().nullable(),
  allocationStatusName: z.string().nullable(),
  idAllocationStatus: z.int32().min(0).max(6),
  hasAllocation: z.boolean(),
  hasGovernanceAction: z.boolean(),
  pdcPriority: z.boolean(),
  priority: z.boolean(),
  internal: z.boolean(),
  onePageSubmitted: z.boolean(),
  onePageProblemLevel: z.int32().min(0).max(3),
  environmentStatus: z.int32().min(1).max(3).nullable(),
});
export type SupervisionRow = z.infer<typeof SupervisionRow>;

/** The response headers carrying the supervision counters. */
export const SUPERVISION_HEADERS = {
  total: 'x-total',
  green: 'x-total-green',
  yellow: 'x-total-yellow',
  red: 'x-total-red',
  notSubmitted: 'x-total-notsubmitted',
} as const;

/**
 * The grid's filters (GET /api/weekly-supervision and its export): `search` (code, name or client, at
 * most 200 characters) and `status` (project status ids 1 to 6, comma-separated or repeated; default
 * Setup, During and Closure).
 */
export const SupervisionFilterQuery = z.object({
  search: z.string().max(200, 'must be at most 200 characters').optional(),
  status: z
    .union([z.string().max(100), z.array(z.string().max(100)).max(20)])
    .transform((v) => [v].flat().flatMap((s) => s.split(',')))
    .pipe(
      z.array(
        z
          .string()
          .regex(/^[1-6]$/, 'must be status ids 1 to 6')
          .transform(Number),
      ),
    )
    .optional(),
});
export type SupervisionFilterQuery = z.infer<typeof SupervisionFilterQuery>;

/** GET /api/weekly-supervision (and allocation / PDC): the filters plus `skip` and `take` (1 to 1000, default 100). */
export const SupervisionGridQuery = SupervisionFilterQuery.extend(pagingQuery(1000, 100).shape);
export type SupervisionGridQuery = z.infer<typeof SupervisionGridQuery>;

// --- supervision

/** A yes/no query flag: `true`/`false`/`1`/`0`. */
const queryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** A comma-separated (or repeated) list of small ids `min`…`max` in a query string. */
const idListQuery = (name: string, min: number, max: number) =>
  z
    .union([z.string().max(100), z.array(z.string().max(100)).max(20)])
    .transform((v) => [v].flat().flatMap((s) => s.split(',')))
    .pipe(
      z.array(
        z
          .string()
          .regex(new RegExp(`^[${min}-${max}]$`), `must be ${name} ${min} to ${max}`)
          .transform(Number),
      ),
    );

/**
 * The supervision grids' filters beyond search and status (spec 002 §2.9 columns; §4 ids): what the three
 * screens' header filters offer. Lists are comma-separated or repeated; 0 in environmentStatus and duringType
 * means "none". Booleans are true/false (or 1/0). Every filter narrows the rows and the x-total counters alike.
 */
export const SupervisionFilters = SupervisionFilterQuery.extend({
  onePageSubmitted: queryBool.optional(),
  problemLevel: idListQuery('problem levels', 0, 3).optional(),
  environmentStatus: idListQuery('environment statuses (0 = none)', 0, 3).optional(),
  duringType: idListQuery('during types (0 = none)', 0, 3).optional(),
  allocationStatus: idListQuery('allocation statuses', 0, 6).optional(),
  priority: queryBool.optional(),
  internal: queryBool.optional(),
  pdcPriority: queryBool.optional(),
  hasAllocation: queryBool.optional(),
  hasGovernanceAction: queryBool.optional(),
});
export type SupervisionFilters = z.infer<typeof SupervisionFilters>;

/** GET /api/{weekly,allocation,pdc}-supervision: the filters plus `skip` and `take` (1 to 1000, default 100). */
export const SupervisionPageQuery = SupervisionFilters.extend(pagingQuery(1000, 100).shape);
export type SupervisionPageQuery = z.infer<typeof SupervisionPageQuery>;

/**
 * A supervision row as the grids receive it: §3's row plus the project's `version` (If-Match of the supervision
 * edits and of PATCH /api/projects/{id}) and `idOnePage`, this week's one-page (null when the project has none:
 * the Edit dialog's one-page fields are then off).
 */
export const SupervisionGridRow = SupervisionRow.extend({
  version: z.int32(),
  idOnePage: z.int32().nullable(),
});
export type SupervisionGridRow = z.infer<typeof SupervisionGridRow>;

export const NO_ONE_PAGE_THIS_WEEK_MESSAGE =
  'This project has no one-page this week: one-pages are opened each Monday for projects in During';
export const SUBMITTED_NEEDS_LEVEL_MESSAGE = 'A submitted one-page needs an OP Status: Green, Yellow or Red';

/**
 * The Weekly Supervision row's edit, PATCH /api/projects/{id}/priority (the spec's path, although it edits more
 * than the priority: spec 002 §2.9 Weekly Edit, §7): any subset (at least one) of the project's priority, internal
 * and During Type, and this week's one-page problem level, environment status and submitted flag (true submits it
 * as the caller, false clears the submission).
 */
export const WeeklySupervisionPatch = z
  .strictObject({
    priority: z.boolean(),
    internal: z.boolean(),
    idDuringType: z.int32().min(1).max(3),
    onePageProblemLevel: z.int32().min(0).max(3),
    onePageEnvironmentStatus: z.int32().min(1).max(3),
    isSubmitted: z.boolean(),
  })
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message:
      'Send at least one of priority, internal, idDuringType, onePageProblemLevel, onePageEnvironmentStatus, isSubmitted',
  });
export type WeeklySupervisionPatch = z.infer<typeof WeeklySupervisionPatch>;

/** PATCH /api/projects/{id}/allocation-status (spec 002 §2.9 Allocation Edit, §4: 0 unset … 6 Written not Submitted). */
export const SupervisionAllocationStatusPatch = z.strictObject({
  idAllocationStatus: z.int32().min(0).max(6),
});
export type SupervisionAllocationStatusPatch = z.infer<typeof SupervisionAllocationStatusPatch>;

/** A supervision grid's counters (002 §2.9: total, green, yellow, red, not submitted — the x-total* headers). */
export interface SupervisionTotals {
  total: number;
  green: number;
  yellow: number;
  red: number;
  notSubmitted: number;
}
