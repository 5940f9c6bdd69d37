import { z } from 'zod';

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
