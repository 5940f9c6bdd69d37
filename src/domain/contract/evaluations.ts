import { z } from 'zod';
import { EvaluationCycle } from './master';

const NameRef = z.object({ name: z.string() }).nullable().optional();

/** Project evaluation (000 §3). */
export const ProjectEvaluation = z.object({
  id: z.number().int(),
  idProject: z.number().int().optional(),
  idProfessional: z.number().int(),
  idEvaluator: z.number().int().nullable(),
  idValidator: z.number().int().nullable(),
  idPartner: z.number().int().nullable(),
  professional: NameRef,
  evaluator: NameRef,
  validator: NameRef,
  partner: NameRef,
  totalDays: z.number(),
  isEligible: z.boolean(),
  evaluationStatus: z.object({ description: z.string() }),
  isReadOnly: z.boolean(),
  cycle: EvaluationCycle,
});
export type ProjectEvaluation = z.infer<typeof ProjectEvaluation>;

/** POST/PUT body: allocated days and status are read-only and not accepted. */
export const ProjectEvaluationBody = z.object({
  idProfessional: z.number().int().positive(),
  idEvaluator: z.number().int().positive().nullable(),
  idValidator: z.number().int().positive().nullable(),
  idPartner: z.number().int().positive().nullable(),
  isEligible: z.boolean(),
  idCycle: z.number().int().positive().optional(),
});
export type ProjectEvaluationBody = z.infer<typeof ProjectEvaluationBody>;
