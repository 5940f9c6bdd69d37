import type { FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from '../http';

/**
 * Versions of editable records (ETag / If-Match). Every editable record carries an integer `version`;
 * GET answers `ETag: "<version>"`; PUT/PATCH accept `If-Match` and answer 412 with the current record
 * when it is stale. Without If-Match the write still works (the firm's other clients send none).
 */
export const etagOf = (version: number) => `"${version}"`;

export function setEtag(reply: FastifyReply, version: number) {
  reply.header('etag', etagOf(version));
}

/**
 * The version the client expects, from `If-Match` (`"3"`, `W/"3"`; `*` and absence mean "any").
 * A malformed or multi-valued header is a 400.
 */
export function expectedVersion(request: FastifyRequest): number | undefined {
  const raw = request.headers['if-match'];
  if (raw === undefined) return undefined;
  const value = String(raw).trim();
  if (value === '*') return undefined;
  const m = /^(?:W\/)?"([1-9][0-9]{0,9})"$/.exec(value);
  if (!m || Number(m[1]) > 2_147_483_647)
    throw httpError(400, 'Invalid request: If-Match must be one ETag of this record, like "3"');
  return Number(m[1]);
}

/** 412 with the current record (and its ETag) — the client shows it and lets the person choose. */
export function staleRecord(reply: FastifyReply, current: unknown, version: number): never {
  setEtag(reply, version);
  throw httpError(412, 'This record was changed by someone else meanwhile', { current });
}

/** The answer of a conditional write: 412 with the current record when it was stale, else the record with its ETag. */
export function answerVersioned<T extends { version: number }>(
  reply: FastifyReply,
  result: { changed: boolean; current: T },
): T {
  if (!result.changed) staleRecord(reply, result.current, result.current.version);
  setEtag(reply, result.current.version);
  return result.current;
}
