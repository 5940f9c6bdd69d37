import { z } from 'zod';

/** Project ID One record (000 §3). */
export const ProjectIdOne = z.object({
  id: z.int32(),
  idProject: z.int32(),
  idResponsibleDefinition: z.int32().nullable(),
  numberProfile: z.int32().min(0),
  additionalProfiles: z.int32().min(0),
  clientNameDefined: z.boolean(),
});
export type ProjectIdOne = z.infer<typeof ProjectIdOne>;
export const ProjectIdOneBody = ProjectIdOne.omit({ id: true, idProject: true }).extend({ idProject: z.int32().positive().optional() });
export type ProjectIdOneBody = z.infer<typeof ProjectIdOneBody>;
