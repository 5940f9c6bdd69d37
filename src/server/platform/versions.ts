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

/** No record ever has this version: a well-formed tag that is none of ours fails the condition (412). */
export const NO_VERSION = -1;

/** One entity tag (RFC 9110 §8.8.3): optionally weak, quoted, of visible characters but the double quote. */
const ENTITY_TAG = /^(?:W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/;

/**
 * The version the client expects, from `If-Match` (`*` and absence mean "any"). The header is a list of entity
 * tags, opaque to the client (RFC 9110 §13.1.1): a tag of ours (`"3"`, `W/"3"`) names that version; any other
 * well-formed tag — `"stale-0"`, `"0"`, a list naming none or several of ours — cannot match, so the write
 * answers 412 with the current record. Only a header that is no list of entity tags is a 400.
 */
export function expectedVersion(request: FastifyRequest): number | undefined {
  const raw = request.headers['if-match'];
  if (raw === undefined) return undefined;
  const value = String(raw).trim();
  if (value === '*') return undefined;
  const tags = value.split(',').map((t) => t.trim());
  const opaque = tags.map((t) => ENTITY_TAG.exec(t)?.[1]);
  if (opaque.some((t) => t === undefined))
    throw httpError(400, 'Invalid request: If-Match must be one ETag of this record, like "3"');
  const ours = opaque.filter((t) => /^[1-9][0-9]{0,9}$/.test(t!) && Number(t) <= 2_147_483_647);
  return ours.length === 1 ? Number(ours[0]) : NO_VERSION;
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
