import { Readable } from 'node:stream';

/** DocuSign's failed calls as errors: `DocusignError` with the HTTP status, DocuSign's errorCode and message. */

/** An error answered by DocuSign (or its OAuth service): HTTP status, DocuSign's errorCode and message. */
export class DocusignError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly errorCode: string | undefined,
  ) {
    super(message);
    this.name = 'DocusignError';
  }
}

interface AxiosLikeError {
  message?: string;
  response?: { status?: number; data?: unknown };
}

async function bodyOf(data: unknown): Promise<unknown> {
  if (data instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const c of data) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(String(c)));
    data = Buffer.concat(chunks);
  }
  if (Buffer.isBuffer(data)) data = data.toString('utf8');
  if (typeof data === 'string') {
    try {
      return JSON.parse(data) as unknown;
    } catch {
      return data;
    }
  }
  return data;
}

/** DocuSign's answer to a failed call as an Error: `DocuSign <what> failed (<status> <errorCode>): <message>`. */
export async function docusignError(e: unknown, what: string): Promise<DocusignError> {
  if (e instanceof DocusignError) return e;
  const err = (e ?? {}) as AxiosLikeError;
  const status = err.response?.status;
  if (status === undefined) {
    return new DocusignError(`DocuSign ${what} failed: ${err.message ?? String(e)}`, undefined, undefined);
  }
  const body = (await bodyOf(err.response?.data).catch(() => undefined)) as
    { errorCode?: string; message?: string; error?: string; error_description?: string } | string | undefined;
  const b = typeof body === 'object' && body !== null ? body : {};
  const errorCode = b.errorCode ?? b.error;
  let message =
    b.message ?? b.error_description ?? (typeof body === 'string' && body ? body.slice(0, 300) : undefined);
  if (errorCode === 'consent_required') {
    message = `${message ?? 'consent required'} — open the consent URL once as the DocuSign user (see README)`;
  }
  return new DocusignError(
    `DocuSign ${what} failed (${status}${errorCode ? ` ${errorCode}` : ''}): ${message ?? err.message ?? 'no message'}`,
    status,
    errorCode,
  );
}
