import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type {} from '@fastify/multipart'; // request.parts / isMultipart
import { assertValidKey } from '@server/adapters/files';
import { HttpError, httpError } from '@server/http';

/**
 * HTTP side of files: reading a PDF upload (@fastify/multipart, field `file`) and streaming a stored file
 * back with the spec's `x-file-name` header.
 *
 * Wiring: register `@fastify/multipart` once on the app (`app.register(multipart, MULTIPART_OPTIONS)`);
 * each upload route then passes its own size limit to `readPdfUpload`, so the JSON body limit of the app
 * can stay small.
 */

export const NO_FILE_MESSAGE = 'Please, select a file';
export { ONLY_PDF_MESSAGE } from '@domain/rules/messages';
import { ONLY_PDF_MESSAGE } from '@domain/rules/messages';

/** Upload limit of a PDF route unless it says otherwise. */
export const DEFAULT_PDF_MAX_BYTES = 25 * 1024 * 1024;

/**
 * Options for registering @fastify/multipart on the app. Limits here are the app-wide ceiling; routes pass
 * their own `fileSize` (readPdfUpload). File names are read as UTF-8 (what browsers send).
 */
export const MULTIPART_OPTIONS = {
  limits: { fileSize: DEFAULT_PDF_MAX_BYTES, files: 5, fields: 50, parts: 60, fieldSize: 64 * 1024 },
} as const;

export interface PdfUpload {
  buffer: Buffer;
  /** The name the person's file had (path and control characters removed). */
  fileName: string;
  size: number;
}

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/** True when the bytes are a PDF (the `%PDF-` header at offset 0, as file-type detects it). Never the name. */
export function isPdf(buffer: Buffer): boolean {
  return buffer.length >= PDF_MAGIC.length && buffer.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);
}

/** The base name of an uploaded file, without a client path, control characters or excess length. */
export function cleanFileName(name: string | undefined, fallback = 'file.pdf'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 255);
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : fallback;
}

/** 25 MB, 1.5 MB, 64 KB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const v = bytes / (1024 * 1024);
  return Number.isInteger(v) ? `${v} MB` : `${v.toFixed(1)} MB`;
}

/** A multipart error as the client's 4xx (413 for limits), never a 500. */
function uploadError(e: unknown, maxBytes: number): HttpError {
  if (e instanceof HttpError) return e;
  const err = e as { code?: string; statusCode?: number; message?: string };
  switch (err?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return httpError(413, `The file is too large: the limit is ${formatBytes(maxBytes)}`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return httpError(413, 'The upload has too many parts: send one file in the field "file"');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return httpError(400, NO_FILE_MESSAGE);
  }
  if (err?.statusCode && err.statusCode >= 400 && err.statusCode < 500)
    return httpError(err.statusCode, err.message ?? 'Bad request');
  return httpError(
    400,
    `Invalid request: the upload could not be read (${err?.message ?? 'malformed multipart body'})`,
  );
}

/**
 * Reads the PDF of a multipart upload (field `file`) into memory, at most `maxBytes`.
 * 400 'Please, select a file' when there is no file (or not a multipart request, or an empty file);
 * 400 'Only PDF files is allowed' when the bytes are not a PDF, whatever the name says;
 * 413 when the file is over the limit.
 */
export async function readPdfUpload(
  request: FastifyRequest,
  opts: { maxBytes?: number; field?: string } = {},
): Promise<PdfUpload> {
  const maxBytes = opts.maxBytes ?? DEFAULT_PDF_MAX_BYTES;
  const field = opts.field ?? 'file';
  if (typeof request.isMultipart !== 'function') {
    throw new Error('readPdfUpload: @fastify/multipart is not registered on this app');
  }
  if (!request.isMultipart()) throw httpError(400, NO_FILE_MESSAGE);
  let upload: PdfUpload | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 5, fields: 50, parts: 60 } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field || upload) {
        part.file.resume(); // not ours: read past it
        continue;
      }
      const buffer = await part.toBuffer();
      upload = { buffer, fileName: cleanFileName(part.filename), size: buffer.length };
    }
  } catch (e) {
    throw uploadError(e, maxBytes);
  }
  if (!upload || upload.size === 0) throw httpError(400, NO_FILE_MESSAGE);
  if (!isPdf(upload.buffer)) throw httpError(400, ONLY_PDF_MESSAGE);
  return upload;
}

/**
 * Streams a stored file as a download: its content type and size, `x-file-name` (URI-encoded, as the web
 * app reads it; exposed to CORS) and an attachment Content-Disposition with an ASCII `filename` fallback
 * and the exact name in RFC 5987 `filename*` (UTF-8) when it is not plain ASCII.
 */
export function sendStoredFile(
  reply: FastifyReply,
  stream: Readable | Buffer,
  file: { fileName: string; contentType: string; size?: number },
): FastifyReply {
  reply
    .header('content-type', file.contentType)
    .header('x-file-name', encodeURIComponent(file.fileName))
    .header('access-control-expose-headers', 'x-file-name, content-disposition')
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'private, no-store');
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply.send(stream);
}

/** A new random storage key under `prefix` (e.g. 'proposals' → 'proposals/3f2c…'). */
export function newFileKey(prefix: string): string {
  const key = `${prefix.replace(/\/+$/, '')}/${crypto.randomUUID()}`;
  assertValidKey(key);
  return key;
}
