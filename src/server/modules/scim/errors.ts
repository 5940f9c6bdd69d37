import type { FastifyReply } from 'fastify';
import { statusText } from '../../platform/errors';

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

/** RFC 7644 §3.12 `scimType` values the endpoint answers. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

/** A refusal of the SCIM endpoint: answered in RFC 7644's error shape (status, scimType, detail). */
export class ScimError extends Error {
  constructor(
    public readonly status: number,
    public readonly scimType: ScimType | undefined,
    detail: string,
  ) {
    super(detail);
  }
}

export const scimError = (status: number, scimType: ScimType | undefined, detail: string) =>
  new ScimError(status, scimType, detail);

/**
 * The error body: RFC 7644's (`schemas`, `status` as a string, `scimType`, `detail`) plus the portal's one error
 * shape (`statusCode`, `error`, `message`) — SCIM clients ignore attributes they do not know, and every error of
 * the server keeps the one shape.
 */
export function scimErrorBody(status: number, scimType: ScimType | undefined, detail: string) {
  return {
    schemas: [SCIM_ERROR_SCHEMA],
    status: String(status),
    ...(scimType ? { scimType } : {}),
    detail,
    statusCode: status,
    error: statusText(status),
    message: detail,
  };
}

export function sendScimError(
  reply: FastifyReply,
  status: number,
  scimType: ScimType | undefined,
  detail: string,
) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type(SCIM_CONTENT_TYPE)
    .send(scimErrorBody(status, scimType, detail));
}
