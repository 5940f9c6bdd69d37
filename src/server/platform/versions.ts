import type { FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from '../http';
import { parseId } from './params';

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
  // a version is written as an id is (a positive PostgreSQL integer)
  const ours = opaque.map((t) => parseId(t)).filter((v) => v !== undefined);
  return ours.length === 1 ? ours[0]! : NO_VERSION;
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

/** A conditional write's outcome (the services answer it): whether it was written, and the record now. */
export interface VersionedResult<T extends { version: number }> {
  changed: boolean;
  current: T;
}

/**
 * A conditional write (PUT / PATCH / POST with If-Match) as one call: `write` runs with the version the
 * request's If-Match expects (400 when the header is malformed); the answer is the record with its ETag, or 412
 * with the current record when it was stale.
 */
export async function versionedWrite<T extends { version: number }>(
  req: FastifyRequest,
  reply: FastifyReply,
  write: (expected: number | undefined) => Promise<VersionedResult<T>>,
): Promise<T> {
  return answerVersioned(reply, await write(expectedVersion(req)));
}

/** A conditional delete (If-Match): 204 when removed, else 412 with the current record. */
export async function versionedRemove(
  req: FastifyRequest,
  reply: FastifyReply,
  remove: (
    expected: number | undefined,
  ) => Promise<{ removed: true } | { removed: false; current: { version: number } }>,
): Promise<FastifyReply> {
  const r = await remove(expectedVersion(req));
  if (!r.removed) staleRecord(reply, r.current, r.current.version);
  return reply.code(204).send();
}

/** A record with its ETag (GET). */
export function withEtag<T extends { version: number }>(reply: FastifyReply, record: T): T {
  setEtag(reply, record.version);
  return record;
}

/** A new record: 201 with its ETag. */
export function created<T extends { version: number }>(reply: FastifyReply, record: T): FastifyReply {
  setEtag(reply, record.version);
  return reply.code(201).send(record);
}
