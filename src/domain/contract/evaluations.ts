import { z } from 'zod';
import { EvaluationCycle } from './master';

const NameRef = z.object({ name: z.string() }).nullable().optional();

/** Project evaluation (000 §3). */
export const ProjectEvaluation = z.object({
  id: z.int32(),
  idProject: z.int32().optional(),
  idProfessional: z.int32(),
  idEvaluator: z.int32().nullable(),
  idValidator: z.int32().nullable(),
  idPartner: z.int32().nullable(),
  professional: NameRef,
  evaluator: NameRef,
  validator: NameRef,
  partner: NameRef,
  totalDays: z.number(),
  isEligible: z.boolean(),
  evaluationStatus: z.object({ description: z.string() }),
  isReadOnly: z.boolean(),
  cycle: EvaluationCycle,
  /** The record's version (ETag / If-Match). */
  version: z.int32().optional(),
});
export type ProjectEvaluation = z.infer<typeof ProjectEvaluation>;

/** POST/PUT body: allocated days and status are read-only and not accepted. */
export const ProjectEvaluationBody = z.object({
  idProfessional: z.int32().positive(),
  idEvaluator: z.int32().positive().nullable(),
  idValidator: z.int32().positive().nullable(),
  idPartner: z.int32().positive().nullable(),
  isEligible: z.boolean(),
  idCycle: z.int32().positive().optional(),
});
export type ProjectEvaluationBody = z.infer<typeof ProjectEvaluationBody>;
