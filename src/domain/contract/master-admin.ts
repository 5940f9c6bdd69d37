import { z } from 'zod';
import { IdParam } from './params';
import { queryInt } from './query';
import {
  MASTER_LIST_GROUPS,
  MASTER_LIST_KEYS,
  isTimeZone,
  type MasterField,
  type MasterListDef,
} from '../rules/master-lists';

/**
 * Admin › Master data (portal API, camelCase): every master list a screen reads, its items with their status,
 * use and version, and each item's history. The catalogue of lists and fields is src/domain/rules/master-lists.ts.
 */

/** One list of the overview: its catalogue key and label, how many items are active and inactive, its version. */
export const MasterListSummary = z.object({
  key: z.enum(MASTER_LIST_KEYS),
  label: z.string(),
  group: z.enum(MASTER_LIST_GROUPS),
  active: z.int32(),
  inactive: z.int32(),
  /** The list's change counter (moves on every change of its items, whoever writes them). */
  version: z.int32(),
  /** Items are renamed only (allocation statuses): no add, deactivate or delete. */
  renameOnly: z.boolean(),
});
export type MasterListSummary = z.infer<typeof MasterListSummary>;

/** GET /api/admin/master-data: every list (the lead's first-screen guide reads the counts). */
export const MasterListsOverview = z.object({ lists: z.array(MasterListSummary) });
export type MasterListsOverview = z.infer<typeof MasterListsOverview>;

/** GET /api/admin/master-data/versions: each list's version (cheap; other tabs compare it with theirs). */
export const MasterListVersions = z.object({ versions: z.record(z.string(), z.int32()) });
export type MasterListVersions = z.infer<typeof MasterListVersions>;

const Text = z.string().max(300, 'must be at most 300 characters');
const Html = z.string().max(200_000, 'must be at most 200000 characters');
const Id = z.int32().positive();

/**
 * The fields an administrator edits, of every list (each list has some of them: the catalogue says which). The
 * service checks a body against its list's own schema ({@link masterValuesSchema}).
 */
export const MasterItemFields = z.object({
  name: Text.optional(),
  timeZone: Text.nullable().optional(),
  practiceId: Id.nullable().optional(),
  methodologyId: Id.nullable().optional(),
  period: Text.optional(),
  year: z.int32().optional(),
  isActive: z.boolean().optional(),
  economicGroup: Text.nullable().optional(),
  segmentIds: z.array(Id).max(50, 'at most 50 segments').optional(),
  clientDescription: Html.nullable().optional(),
  clientCulture: Html.nullable().optional(),
  stakeholderTypes: z.array(Text).max(10).optional(),
  type: z.int32().optional(),
});
export type MasterItemFields = z.infer<typeof MasterItemFields>;
export type MasterFieldKey = keyof MasterItemFields;

/** One item of a list as the grid shows it: its fields, status, use and version. */
export const MasterItem = MasterItemFields.extend({
  id: z.int32(),
  /** How the screens name the item (its name; "<period> <year>" for an evaluation cycle). */
  label: z.string(),
  /** Offered for new records (false: deactivated — kept on the records that hold it). */
  active: z.boolean(),
  deactivatedAt: z.string().nullable(),
  /** How many records hold the item (0: it can be deleted). */
  inUse: z.int32(),
  /** Each field's value as shown (names of referenced items, labels of choices). */
  display: z.record(z.string(), z.string()),
  version: z.int32(),
  updatedAt: z.string(),
});
export type MasterItem = z.infer<typeof MasterItem>;

/** GET /api/admin/master-data/:list: a page of the list's items, by label. */
export const MasterItemPage = z.object({
  items: z.array(MasterItem),
  total: z.int32(),
});
export type MasterItemPage = z.infer<typeof MasterItemPage>;

export const MASTER_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;

/** `?search=` (folded: case, accents and spaces ignored), `status`, `skip`, `take` (≤ 500, default 100). */
export const MasterItemsQuery = z.object({
  search: z.string().max(200, 'must be at most 200 characters').optional(),
  status: z
    .enum(MASTER_STATUS_FILTERS, { message: `must be one of ${MASTER_STATUS_FILTERS.join(', ')}` })
    .default('all'),
  skip: queryInt(0, 999_999_999).default(0),
  take: queryInt(1, 500).default(100),
});
export type MasterItemsQuery = z.input<typeof MasterItemsQuery>;

/** A list's key in the path (an unknown list is 404, not 400: the path names a resource). */
export const MasterListParams = z.object({ list: z.string().max(100, 'must be at most 100 characters') });
export const MasterItemParams = MasterListParams.extend({ id: IdParam });

/** One line of an item's history. */
export const MasterHistoryEntry = z.object({
  id: z.int32(),
  at: z.string(),
  action: z.enum(['created', 'changed', 'deactivated', 'reactivated', 'deleted', 'imported']),
  actor: z.object({ id: z.int32(), name: z.string() }).nullable(),
  /** field → [before, after] (names of referenced items, not ids). */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).nullable(),
});
export type MasterHistoryEntry = z.infer<typeof MasterHistoryEntry>;
export const MasterHistory = z.object({ items: z.array(MasterHistoryEntry) });
export type MasterHistory = z.infer<typeof MasterHistory>;

/** The zod schema of one field of the catalogue (as an administrator may write it). */
export function masterFieldSchema(field: MasterField): z.ZodType {
  switch (field.type) {
    case 'text': {
      const t = z.string().trim().max(300, 'must be at most 300 characters');
      return field.required ? t.min(1, 'is required') : t.nullable().transform((v) => (v === '' ? null : v));
    }
    case 'html':
      return Html.nullable().transform((v) => (v === '' ? null : v));
    case 'int': {
      let n = z.int32({ message: 'must be a whole number' });
      if (field.min !== undefined) n = n.min(field.min, `must be at least ${field.min}`);
      if (field.max !== undefined) n = n.max(field.max, `must be at most ${field.max}`);
      return field.required ? n : n.nullable();
    }
    case 'boolean':
      return z.boolean({ message: 'must be true or false' });
    case 'timeZone':
      return z
        .string()
        .trim()
        .nullable()
        .transform((v) => (v === '' ? null : v))
        .refine((v) => v === null || isTimeZone(v), 'must be a time zone such as America/Sao_Paulo');
    case 'ref':
      return field.required ? Id : Id.nullable();
    case 'refs':
      return z.array(Id).max(50, 'at most 50 items');
    case 'choice': {
      const allowed = (field.values ?? []).map((v) => v.value);
      const c = z
        .union([z.string(), z.number()])
        .refine((v) => allowed.includes(v), `must be one of ${allowed.join(', ')}`);
      return field.required ? c : c.nullable();
    }
    case 'choices': {
      const allowed = (field.values ?? []).map((v) => v.value);
      return z
        .array(z.union([z.string(), z.number()]))
        .max(allowed.length, `at most ${allowed.length} values`)
        .refine((vs) => vs.every((v) => allowed.includes(v)), `each must be one of ${allowed.join(', ')}`);
    }
  }
}

/**
 * The schema of a list's item values: its catalogue fields only (another field is refused), the required ones
 * required — or, with `partial`, every field optional (an edit: what is missing is kept).
 */
export function masterValuesSchema(def: MasterListDef, partial = false) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of def.fields) {
    const s = masterFieldSchema(f);
    shape[f.key] = partial || !f.required ? s.optional() : s;
  }
  return z.strictObject(shape);
}
