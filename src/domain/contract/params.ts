import { z } from 'zod';

/**
 * Path parameters: canonical positive integers within PostgreSQL's `integer` range — `0x3`, `3.0`,
 * `+3`, ` 3`, `03` and `99999999999` are refused with 400 naming the parameter (used by the endpoint table,
 * src/domain/contract/endpoints, and re-exported by src/server/platform/params.ts).
 */
export const IdParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive integer')
  .transform(Number)
  .pipe(z.number().max(2_147_483_647, 'must be at most 2147483647'));

/** A small non-negative integer path parameter (statuses). */
export const SmallParam = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,3})$/, 'must be a non-negative integer')
  .transform(Number);

/** `{ id }` path parameters. */
export const IdParams = z.object({ id: IdParam });

/** `{ projectId }` path parameters (`/api/…/project/:projectId`). */
export const ProjectIdParams = z.object({ projectId: IdParam });
