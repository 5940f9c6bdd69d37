import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { AccessRule, ProjectAccess } from '@domain/rules';
import type { DB } from '../db';
import { prepared } from '../db/prepared';
import { httpError } from '../http';

/**
 * Where a project rule finds its project: a function of the validated request (may throw 404). A locator may also
 * load the caller's access itself (`access`): the record's project and its team in one statement instead of two.
 */
export type ProjectLocator = ((request: FastifyRequest, db: DB) => number | Promise<number>) & {
  access?: (request: FastifyRequest, db: DB) => Promise<ProjectAccess>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (a rule of @domain/rules; `'public'` for sign-in, health and docs). */
    access?: AccessRule | 'public';
    /** For project rules: where the project id comes from (default: the `id` path parameter). */
    project?: ProjectLocator;
  }
  interface FastifyRequest {
    /** The caller's relation to the route's project (set by the access step of project rules). */
    projectAccess: ProjectAccess;
  }
}

/** The project id from a validated path parameter (default `id`). */
export const projectFromParam =
  (name = 'id'): ProjectLocator =>
  (request) =>
    (request.params as Record<string, number>)[name]!;

/** The project id from a record the path names: `lookup(db, recordId)` → its project id, or undefined (404). */
export const projectOfRecord =
  (what: string, lookup: (db: DB, id: number) => Promise<number | undefined>, param = 'id'): ProjectLocator =>
  async (request, db) => {
    const id = (request.params as Record<string, number>)[param]!;
    const projectId = await lookup(db, id);
    if (projectId === undefined) throw httpError(404, `${what} ${id} not found`);
    return projectId;
  };

/**
 * Loads the project (404), its team, and builds the caller's relation to it — one statement (every project route
 * runs it before its own: the KPI poll every 5 s for everyone with a project open).
 */
export async function loadProjectAccess(
  db: DB,
  user: ProjectAccess['user'],
  projectId: number,
): Promise<ProjectAccess> {
  const [row] = await projectWithTeam(db, projectId);
  if (!row) throw httpError(404, `Project ${projectId} not found`);
  return { user, project: { id: row.id, idStatus: row.idStatus }, team: row.team };
}

/** The access step's columns: the project's id and status, and its team as JSON. */
const projectAndTeam = (db: DB) =>
  db
    .selectFrom('projects as p')
    .select((eb) => [
      'p.id',
      'p.idStatus',
      jsonArrayFrom(
        eb
          .selectFrom('projectTeam as t')
          .select(['t.professionalId as idProfessional', 't.isManager', 't.isPartner', 't.isOnePageAllow'])
          .whereRef('t.projectId', '=', 'p.id'),
      ).as('team'),
    ]);

const projectWithTeam = prepared((db: DB, projectId: number) =>
  projectAndTeam(db).where('p.id', '=', projectId),
);

/** Tables of records that belong to one project (an `id` and a `projectId`) whose routes locate it in one statement. */
type RecordTable = 'onePages';
const recordProjectWithTeam = {
  onePages: prepared((db: DB, id: number) =>
    projectAndTeam(db).where('p.id', '=', (eb) =>
      eb.selectFrom('onePages').select('projectId').where('id', '=', id),
    ),
  ),
} satisfies Record<RecordTable, unknown>;

/**
 * The project of a record the path names, and the caller's access to it, in one statement (the record's project
 * looked up inside the access step's): 404 `<what> <id> not found` when there is no such record. For the records
 * read on every screen load (a one-page: its project, then the access step, were two round trips).
 */
export const projectOfRecordIn = (what: string, table: RecordTable, param = 'id'): ProjectLocator => {
  const idOf = (request: FastifyRequest) => (request.params as Record<string, number>)[param]!;
  const statement = recordProjectWithTeam[table];
  const load = async (request: FastifyRequest, db: DB) => {
    const [row] = await statement(db, idOf(request));
    if (!row) throw httpError(404, `${what} ${idOf(request)} not found`);
    return row;
  };
  return Object.assign(async (request: FastifyRequest, db: DB) => (await load(request, db)).id, {
    access: async (request: FastifyRequest, db: DB): Promise<ProjectAccess> => {
      const row = await load(request, db);
      return { user: request.user, project: { id: row.id, idStatus: row.idStatus }, team: row.team };
    },
  });
};

export interface DeclaredRoute {
  method: string;
  url: string;
  rule: string;
  description: string;
  mutating: boolean;
  /** The route's schemas (params, querystring, body…), for generated tests and docs. */
  schema?: RouteOptions['schema'];
}

const PROTECTED = /^\/(api|master|crm|photos)(\/|$)/i;

/**
 * The access step. Every route under /api, /master, /crm and /photos must declare `config.access`
 * (the server refuses to start otherwise); the step authenticates the caller (onRequest, before any
 * parsing), then checks the rule — on the user, or on the user's relation to the route's project,
 * loaded once into `request.projectAccess` — before validation's result reaches the handler.
 * Declarations are collected into `app.routeCatalog` (the README's permission table).
 */
export function installAccess(app: FastifyInstance, catalog: DeclaredRoute[]) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    const methods = [route.method].flat();
    if (!access) {
      if (PROTECTED.test(route.url))
        throw new Error(`${methods.join(',')} ${route.url} declares no access rule`);
      return;
    }
    if (!methods.includes('HEAD')) {
      for (const method of methods) {
        catalog.push({
          method,
          url: route.url,
          rule: access === 'public' ? 'public' : access.name,
          description: access === 'public' ? 'Anyone' : access.description,
          mutating: !['GET', 'HEAD', 'OPTIONS'].includes(method),
          schema: route.schema,
        });
      }
    }
    if (access === 'public') return;
    const onRequest = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [app.authenticate as never, ...onRequest];
    const preHandler = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [
      async (request: FastifyRequest) => {
        if (access.kind === 'user') {
          if (!access.allows(request.user)) throw httpError(403, access.denied);
          return;
        }
        const locate = request.routeOptions.config.project ?? projectFromParam('id');
        request.projectAccess = locate.access
          ? await locate.access(request, app.db)
          : await loadProjectAccess(app.db, request.user, await locate(request, app.db));
        if (!access.allows(request.projectAccess))
          throw httpError(403, access.deniedFor?.(request.projectAccess) ?? access.denied);
      },
      ...preHandler,
    ] as never;
  });
}
