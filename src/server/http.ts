import type { z } from 'zod';

/** An error with an HTTP status; the error handler turns it into `{ statusCode, error, message }`. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** More fields of the error body (e.g. `current` on 412). */
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const httpError = (statusCode: number, message: string, extra?: Record<string, unknown>) =>
  new HttpError(statusCode, message, extra);

/** Formats zod issues as one clear sentence naming the fields. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((i) => {
      const field = i.path.length ? i.path.join('.') : 'body';
      return `${field}: ${i.message}`;
    })
    .join('; ');
}

/** Validates a request part against a contract schema; 400 with the field named otherwise. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what = 'Invalid request',
): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new HttpError(400, `${what}: ${describeZodError(result.error)}`);
  return result.data;
}
