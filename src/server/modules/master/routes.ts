import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MasterListKey } from '@domain/rules/master-lists';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { on } from '../../platform/endpoint';
import { versionedWrite, withEtag } from '../../platform/versions';
import * as service from './service';
import * as clients from './client.service';
import { listVersion } from '../master-admin/service';

const tags = ['master'];
const E = endpoints.master;

/** The simple lists' entries, in the order of service.SIMPLE_LISTS (which maps each path to its table). */
const SIMPLE = [
  E.practices,
  E.geographics,
  E.geographicScopes,
  E.offices,
  E.comanagements,
  E.languages,
  E.segments,
  E.positions,
];

/** Whether `If-None-Match` names the ETag (`*`, a list, weak forms — weak comparison, RFC 9110 §13.1.2). */
function noneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const value = String(header).trim();
  if (value === '*') return true;
  return value.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * A master list's answer with its ETag, the versions of the lists it is built from (`"m<v>[.<v>…]"`, moved by
 * every change: migration 0019): 304 when the client's copy is current — revalidating a cached list is cheap.
 */
function versioned<T>(db: FastifyInstance['db'], keys: readonly MasterListKey[], build: () => Promise<T>) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<T | FastifyReply> => {
    const etag = `"m${(await Promise.all(keys.map((k) => listVersion(db, k)))).join('.')}"`;
    reply.header('etag', etag);
    if (noneMatch(req, etag)) return reply.code(304).send();
    return build();
  };
}

/** The master-data service of the integration API (spec 000/001/002 §7, `ID`/`Name` casing), plus the portal's own lookups. */
export default async function masterRoutes(app: FastifyInstance) {
  const { db } = app;
  const config = { access: RULES.signedIn };

  if (SIMPLE.length !== service.SIMPLE_LISTS.size)
    throw new Error('a simple master list has no endpoint entry');
  for (const e of SIMPLE) {
    const table = service.SIMPLE_LISTS.get(e.path.slice('/master/'.length));
    if (!table) throw new Error(`${e.path}: no master table in SIMPLE_LISTS`);
    const key = e.path.slice('/master/'.length) as MasterListKey;
    on(
      app,
      e,
      { tags, config },
      versioned(db, [key], () => service.simpleList(db, table)),
    );
  }

  on(
    app,
    E.methodologies,
    { tags, config },
    versioned(db, ['methodologies'], () => service.methodologies(db)),
  );

  on(
    app,
    E.toolkits,
    { tags, config },
    versioned(db, ['toolkits', 'methodologies'], () => service.toolkits(db)),
  );

  on(app, E.professionals, { tags, config }, (req) => service.professionals(db, req.query));

  on(
    app,
    E.clients,
    { tags, config },
    versioned(db, ['clients', 'segments'], () => service.clients(db)),
  );

  /** One client with its version (ETag); ClientDescription and ClientCulture as sanitised HTML. */
  on(app, E.client, { tags, config }, async (req, reply) =>
    withEtag(reply, await clients.clientRecord(db, req.params.id)),
  );

  /**
   * PUT /master/clients/{id} (001 §7: the whole object with one field changed), from Setup › Client with
   * `?projectId=N`, or by Admin / KNW without it — see client.service.ts. If-Match → 412 when stale.
   */
  on(app, E.updateClient, { tags, config: { access: clients.CLIENT_EDIT_RULE } }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      clients.updateClient(db, req.user, req.params.id, req.body, req.query.projectId, v),
    ),
  );

  // --- knm: the client's segments (KNM › Edit Client, 002 §2.10, §7): holders of Admin or KNW
  /** DELETE /master/clients/{id}/segments: removes every segment of the client; answers the client. */
  on(app, E.clearSegments, { tags, config: { access: RULES.knm } }, (req, reply) =>
    versionedWrite(req, reply, (v) => clients.replaceSegments(db, req.params.id, [], v)),
  );

  /** POST /master/clients/{id}/segments: the client's segments become the list (at most one primary; 400). */
  on(app, E.replaceSegments, { tags, config: { access: RULES.knm } }, (req, reply) =>
    versionedWrite(req, reply, (v) => clients.replaceSegments(db, req.params.id, req.body, v)),
  );
  // --- end knm

  on(app, E.duringTypes, { tags, config }, () => service.duringTypes(db));

  on(
    app,
    E.clientNames,
    { tags, config },
    versioned(db, ['clients'], () => service.clientNames(db)),
  );
}
