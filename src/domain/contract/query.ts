import { z } from 'zod';

/**
 * Query-string pieces. Query values arrive as text: integers are digits only (no sign, no exponent,
 * no spaces, at most 9 digits) and then range-checked, so `take=-1`, `take=1e3`, `skip=abc` and
 * `take=100000` are refused with 400 naming the parameter, never coerced.
 */
export const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'must be a non-negative integer')
    .transform(Number)
    .pipe(z.int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** A yes/no query flag: `true`/`false`/`1`/`0`. */
export const queryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** `skip` (default 0) and `take` (1 to `maxTake`, default `defaultTake`) of a paged list. */
export const pagingQuery = (maxTake: number, defaultTake: number) =>
  z.object({
    skip: queryInt(0, 999_999_999).default(0),
    take: queryInt(1, maxTake).default(defaultTake),
  });
