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
