import { z } from 'zod';
import { IdParam } from './params';
import { IdName } from './common';
import { queryBool } from './query';

/** Master data of the integration API (`ID`, `Name` casing; spec 000/001/002 §3, §7). */
export const MasterProfessional = z.object({
  ID: z.int32(),
  Name: z.string(),
  photoGUID: z.string().nullable().optional(),
  JobTitle: z.object({ Name: z.string() }).optional(),
  Email: z.string().optional(),
  Login: z.string().optional(),
  isActive: z.boolean().optional(),
});
export type MasterProfessional = z.infer<typeof MasterProfessional>;

/**
 * An item of a master list (`{ ID, Name }`, the spec's shape). A deactivated item (Admin › Master data) also says
 * `IsActive: false`: it stays on the records that hold it — shown by name — and pickers do not offer it for new
 * ones (absent = active, as the firm's API answers).
 */
export const MasterListItem = IdName.extend({ IsActive: z.literal(false).optional() });
export type MasterListItem = z.infer<typeof MasterListItem>;
export const Practice = IdName;
export type Practice = IdName;
export const Methodology = MasterListItem.extend({ IDPractice: z.int32().nullable().optional() });
export type Methodology = z.infer<typeof Methodology>;
export const Geographic = IdName;
export const GeographicScope = IdName;
export const Office = IdName;
export const CoManagement = IdName;
export const Language = IdName;
export const Segment = IdName;
export const Position = IdName;

export const ClientSegment = z.object({
  Segment: IdName,
  SegmentLevel: z.union([z.literal(1), z.literal(2)]),
});
export type ClientSegment = z.infer<typeof ClientSegment>;
export const Client = z.object({
  ID: z.int32(),
  Name: z.string().min(1, 'is required'),
  EconomicGroup: z.string().nullable().optional(),
  ClientDescription: z.string().nullable().optional(),
  ClientCulture: z.string().nullable().optional(),
  ClientSegments: z.array(ClientSegment).optional(),
  /** `false` for a deactivated client (see {@link MasterListItem}). */
  IsActive: z.literal(false).optional(),
});
export type Client = z.infer<typeof Client>;
/** POST /master/clients/{id}/segments: list of Segment and SegmentLevel. */
export const ClientSegmentsBody = z.array(
  z.object({ Segment: z.int32(), SegmentLevel: z.union([z.literal(1), z.literal(2)]) }),
);

export const MasterToolkit = z.object({
  ID: z.int32(),
  Name: z.string(),
  IsActive: z.boolean(),
  Methodology: z.object({
    ID: z.int32().nullable().optional(),
    Name: z.string().nullable().optional(),
    IDPractice: z.int32().nullable(),
  }),
});
export type MasterToolkit = z.infer<typeof MasterToolkit>;

export const DuringType = z.object({ id: z.int32().min(1).max(3), name: z.string() });
export type DuringType = z.infer<typeof DuringType>;
export const EvaluationCycle = z.object({
  id: z.int32(),
  period: z.string(),
  year: z.int32(),
  isActive: z.boolean(),
});
export type EvaluationCycle = z.infer<typeof EvaluationCycle>;

/** `{ id, name }` of GET /api/clients (portal API casing). */
export const ClientItem = z.object({
  id: z.int32(),
  name: z.string(),
  /** `false` for a deactivated client (kept on its projects, not offered for new ones). */
  isActive: z.literal(false).optional(),
});
export type ClientItem = z.infer<typeof ClientItem>;

/** A LoopBack-style JSON filter in the query string (`filter={"where":{"IsAnyStatus":true}}`): a JSON object. */
const JsonObjectQuery = z
  .string()
  .max(2000, 'must be at most 2000 characters')
  .transform((text, ctx) => {
    try {
      const value: unknown = JSON.parse(text);
      if (value !== null && typeof value === 'object' && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      /* refused below */
    }
    ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
    return z.NEVER;
  });

/**
 * GET /master/professionals: active professionals unless any status is asked for, by `isAnyStatus=true`
 * (or `IsAnyStatus`) or a JSON `filter` / `where` whose where-clause has `IsAnyStatus: true`.
 */
export const MasterProfessionalsQuery = z.object({
  filter: JsonObjectQuery.optional(),
  where: JsonObjectQuery.optional(),
  isAnyStatus: queryBool.optional(),
  IsAnyStatus: queryBool.optional(),
});
export type MasterProfessionalsQuery = z.infer<typeof MasterProfessionalsQuery>;

/* --- H1: the client of Setup › Client (001 §2, §7 "GET and PUT /master/clients/{idClient}") --- */

/** GET /master/clients/{id} and the PUT's answer: the client with its `version` (ETag / If-Match). */
export const ClientRecord = Client.extend({ version: z.int32() });
export type ClientRecord = z.infer<typeof ClientRecord>;

/**
 * PUT /master/clients/{id}: the whole object with one field changed — every field optional, a missing one
 * is kept (merge). ClientDescription and ClientCulture are rich text (sanitised on save). `ID`, when sent,
 * must be the path's id; ClientSegments are written by their own call and ignored here.
 */
export const ClientPut = z.object({
  ID: z.int32().optional(),
  Name: z.string().trim().min(1, 'is required').max(300).optional(),
  EconomicGroup: z.string().max(300).nullable().optional(),
  ClientDescription: z.string().max(200_000).nullable().optional(),
  ClientCulture: z.string().max(200_000).nullable().optional(),
  ClientSegments: z.array(ClientSegment).optional(),
  version: z.int32().optional(),
});
export type ClientPut = z.infer<typeof ClientPut>;

/** `?projectId=N`: the Setup page's project (the caller edits the client as that project's setup). */
export const ClientPutQuery = z.object({
  projectId: IdParam.optional(),
});

// --- knm: the client's segments from KNM › Edit Client (spec 002 §2.10, §3 "Client (master)", §7)
/** A segment id as sent: `{ ID }` (the spec's `Segment`, a name may come along) or the bare id. */
const SegmentRef = z
  .union([z.int32().positive(), z.object({ ID: z.int32().positive(), Name: z.string().optional() })])
  .transform((s) => (typeof s === 'number' ? s : s.ID));
/**
 * POST /master/clients/{id}/segments: the client's segments, each a Segment and a SegmentLevel (1 primary, 2
 * secondary). Replaces the client's set; at most one primary, no segment twice (checked by the service, 400).
 */
export const KnmClientSegmentsBody = z
  .array(z.object({ Segment: SegmentRef, SegmentLevel: z.union([z.literal(1), z.literal(2)]) }))
  .max(50, 'at most 50 segments');
export type KnmClientSegmentsBody = z.infer<typeof KnmClientSegmentsBody>;
/** The Edit Client dialog's choice of SegmentLevel (002 §3). */
export const SEGMENT_LEVELS = [
  { value: 1, label: 'Primary' },
  { value: 2, label: 'Secondary' },
] as const;
// --- end knm
