import { z } from 'zod';

/** A reference document of the Project Support dialog (spec 000 §2.8). */
export const SupportDocument = z.object({ slug: z.string(), title: z.string() });
export type SupportDocument = z.infer<typeof SupportDocument>;

/** `{ slug }` of GET /api/support/documents/{slug}: letters, digits, `-` and `_`, at most 100. */
export const SupportDocumentParams = z.object({
  slug: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be a document name (letters, digits, - and _)'),
});
