import type { FastifyReply, FastifyRequest } from 'fastify';
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

/** Parses a positive integer route parameter (400 otherwise). */
export function idParam(request: FastifyRequest, name = 'id'): number {
  const raw = (request.params as Record<string, string>)[name];
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0)
    throw new HttpError(400, `Invalid request: ${name} must be a positive integer`);
  return n;
}

/** Sends a file download with the spec's `x-file-name` header. */
export function sendFile(reply: FastifyReply, body: Buffer | string, fileName: string, contentType: string) {
  return reply
    .header('content-type', contentType)
    .header('x-file-name', fileName)
    .header('access-control-expose-headers', 'x-file-name')
    .header('content-disposition', `attachment; filename="${fileName.replace(/"/g, '')}"`)
    .send(body);
}
