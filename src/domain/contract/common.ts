import { z } from 'zod';

/** Shared pieces of the contract. */
export const Id = z.int32().positive();
/** A calendar date 'YYYY-MM-DD'. */
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
/** A date-time string (ISO 8601). */
export const IsoDateTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'must be a date-time');
export const Email = z.string().trim().email('must be a valid e-mail');
export const ProjectStatusId = z.int32().min(1).max(6);
export const ToolkitStatusId = z.int32().min(0).max(3);
export const IdName = z.object({ ID: z.int32(), Name: z.string() });
export type IdName = z.infer<typeof IdName>;

/**
 * The body of a PUT under the one write policy: the `editable` fields, and every other field of
 * the `record` its GET answers accepted as it was read — optional, marked `readOnly` in the OpenAPI, and
 * dropped by the server before the handler (`src/server/platform/endpoint.ts`). A client may send back the
 * record it read with one field changed, as the spec's grids do ("the unchanged fields of the old row merged
 * into the update"); a read-only field is never a reason for a 400.
 */
export function takesBack<E extends z.ZodRawShape, R extends z.ZodRawShape>(
  editable: z.ZodObject<E>,
  record: z.ZodObject<R>,
  /** Other shapes the same PUT answers (a route serving two kinds of row): their fields are read-only too. */
  ...others: z.ZodObject[]
) {
  const readOnly: Record<string, z.ZodType> = {};
  for (const shape of [record, ...others].map((r) => r.shape as z.ZodRawShape))
    for (const [key, schema] of Object.entries(shape))
      if (!(key in editable.shape) && !(key in readOnly))
        readOnly[key] = (schema as z.ZodType).optional().meta({ readOnly: true });
  // strict: a field that is neither editable nor the record's is a mistake the client hears of (400)
  return (editable as z.ZodObject).safeExtend(readOnly).strict() as unknown as z.ZodObject<
    E & { [K in Exclude<keyof R, keyof E>]: z.ZodOptional<R[K]> },
    z.core.$strict
  >;
}

/** The fields of a body schema the server drops before the handler (`takesBack`'s read-only fields). */
export function readOnlyKeys(schema: z.ZodType | undefined): string[] {
  if (!schema || !(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as z.ZodRawShape)
    .filter(([, s]) => (s as z.ZodType).meta()?.readOnly === true)
    .map(([k]) => k);
}

/**
 * A body that patches exactly one field: `{ <one known key>: value }`. The error names the field
 * (or says which fields are allowed).
 */
export function singleField<T extends z.ZodRawShape>(shape: T) {
  const keys = Object.keys(shape);
  return z
    .record(z.string(), z.unknown())
    .superRefine((body, ctx) => {
      const present = Object.keys(body);
      if (present.length !== 1) {
        ctx.addIssue({ code: 'custom', message: `send exactly one field, one of: ${keys.join(', ')}` });
        return;
      }
      const key = present[0]!;
      const schema = shape[key];
      if (!schema) {
        ctx.addIssue({ code: 'custom', path: [key], message: `unknown field; allowed: ${keys.join(', ')}` });
        return;
      }
      const r = (schema as z.ZodType).safeParse(body[key]);
      if (!r.success)
        for (const issue of r.error.issues)
          ctx.addIssue({ code: 'custom', path: [key, ...issue.path], message: issue.message });
    })
    .transform((body) => body as { [K in keyof T]?: z.infer<T[K]> });
}
