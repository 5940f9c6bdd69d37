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
