import { z } from 'zod';

/** Project ID One record (000 §3). */
export const ProjectIdOne = z.object({
  id: z.number().int(),
  idProject: z.number().int(),
  idResponsibleDefinition: z.number().int().nullable(),
  numberProfile: z.number().int().min(0),
  additionalProfiles: z.number().int().min(0),
  clientNameDefined: z.boolean(),
});
export type ProjectIdOne = z.infer<typeof ProjectIdOne>;
export const ProjectIdOneBody = ProjectIdOne.omit({ id: true, idProject: true }).extend({ idProject: z.number().int().positive().optional() });
export type ProjectIdOneBody = z.infer<typeof ProjectIdOneBody>;
