import { z } from 'zod';

/** Project ID One record (000 §3). */
export const ProjectIdOne = z.object({
  id: z.int32(),
  idProject: z.int32(),
  idResponsibleDefinition: z.int32().nullable(),
  numberProfile: z.int32().min(0).max(10_000),
  additionalProfiles: z.int32().min(0).max(10_000),
  clientNameDefined: z.boolean(),
  /** The record's version (ETag / If-Match). */
  version: z.int32().optional(),
});
export type ProjectIdOne = z.infer<typeof ProjectIdOne>;
export const ProjectIdOneBody = ProjectIdOne.omit({ id: true, idProject: true, version: true }).extend({
  idProject: z.int32().positive().optional(),
});
export type ProjectIdOneBody = z.infer<typeof ProjectIdOneBody>;
