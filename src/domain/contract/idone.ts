import { z } from 'zod';
import { pagingQuery, queryBool } from './query';
import { SUPERVISION_HEADERS } from './supervision';

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

/** A list of professional ids in a query string: comma-separated or repeated, each a positive integer. */
const professionalIdsQuery = z
  .union([z.string().max(5000), z.array(z.string().max(5000)).max(500)])
  .transform((v) => [v].flat().flatMap((s) => s.split(',')))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^[1-9]\d{0,8}$/, 'must be professional ids (positive integers)')
          .transform(Number),
      )
      .max(500, 'must be at most 500 ids'),
  );

/**
 * The filters of GET /api/id-one-centre and GET /api/reports/idone (the grid's search and header filters):
 * `search` — every word (case and accents ignored) in the project code or the name of one of its partners
 * (Responsible) or managers (Project Manager), at most 200 characters; `hasIDOne` — true/false (or 1/0): whether
 * the project has ID One records; `responsible` / `projectManager` — professional ids (comma-separated or
 * repeated): the project has one of them as partner / manager. Every filter narrows the rows and x-total alike.
 */
export const IdOneCentreQuery = z.object({
  search: z.string().max(200, 'must be at most 200 characters').optional(),
  hasIDOne: queryBool.optional(),
  responsible: professionalIdsQuery.optional(),
  projectManager: professionalIdsQuery.optional(),
});
export type IdOneCentreQuery = z.infer<typeof IdOneCentreQuery>;

/** GET /api/id-one-centre: the filters plus `skip` and `take` (1 to 1000, default 100), in project code order. */
export const IdOneCentrePageQuery = IdOneCentreQuery.extend(pagingQuery(1000, 100).shape);
export type IdOneCentrePageQuery = z.infer<typeof IdOneCentrePageQuery>;

/** The response header of GET /api/id-one-centre counting the whole filtered set (the supervision grids' name). */
export const ID_ONE_CENTRE_HEADERS = { total: SUPERVISION_HEADERS.total } as const;

/** A professional a header filter offers. */
export const IdOneCentrePerson = z.object({ id: z.int32(), name: z.string() });
export type IdOneCentrePerson = z.infer<typeof IdOneCentrePerson>;

/**
 * GET /api/id-one-centre/people: the options of the Responsible and Project Manager header filters — the
 * professionals who are partner / manager of at least one project, by name.
 */
export const IdOneCentrePeople = z.object({
  responsible: z.array(IdOneCentrePerson),
  projectManager: z.array(IdOneCentrePerson),
});
export type IdOneCentrePeople = z.infer<typeof IdOneCentrePeople>;
// --- end sa-idone
