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

// --- sa-idone: ID One Accredited Centre (spec 002 §2.9, §3 "projectIDOne.hasIDOne", §7 "Report downloads")

/** GET /api/id-one-centre: one project with its partner(s), manager(s) and whether it has ID One records. */
export const IdOneCentreRow = z.object({
  idProject: z.int32(),
  projectCode: z.string(),
  /** The project's partner name(s), comma-separated ("Responsible"). */
  responsible: z.string().nullable(),
  /** The project's manager name(s), comma-separated. */
  projectManager: z.string().nullable(),
  hasIDOne: z.boolean(),
});
export type IdOneCentreRow = z.infer<typeof IdOneCentreRow>;

/**
 * GET /api/id-one-centre and GET /api/reports/idone: the grid's search — every word (case and accents ignored)
 * in the project code, the responsible or the project manager.
 */
export const IdOneCentreQuery = z.object({
  search: z.string().max(200, 'must be at most 200 characters').optional(),
});
export type IdOneCentreQuery = z.infer<typeof IdOneCentreQuery>;
// --- end sa-idone
