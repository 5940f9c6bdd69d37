import type {
  Client,
  ClientItem,
  DuringType,
  MasterListItem,
  MasterProfessional,
  MasterProfessionalsQuery,
  MasterToolkit,
  Methodology,
} from '@domain/contract';
import type { DB } from '../../db';
import { httpError } from '../../http';
import * as repo from './repo';

/** The simple master lists: `GET /master/<path>` → `[{ ID, Name }]` (path → table). */
export const SIMPLE_LISTS: ReadonlyMap<string, repo.SimpleMasterTable> = new Map([
  ['practices', 'practices'],
  ['geographics', 'geographics'],
  ['geographic-scopes', 'geographicScopes'],
  ['offices', 'offices'],
  ['comanagements', 'comanagements'],
  ['languages', 'languages'],
  ['segments', 'segments'],
  ['positions', 'positions'],
]);

const truthy = (v: unknown) => v === true || v === 'true' || v === '1' || v === 1;

/** An own property of a parsed JSON object (never one of Object.prototype's). */
const own = (o: unknown, key: string): unknown =>
  o !== null && typeof o === 'object' && Object.hasOwn(o, key)
    ? (o as Record<string, unknown>)[key]
    : undefined;

/** Whether a where-clause (or a filter holding one) asks for every status. */
function whereAnyStatus(filter: unknown): boolean {
  const where = own(filter, 'where') ?? filter;
  return truthy(own(where, 'IsAnyStatus')) || truthy(own(where, 'isAnyStatus'));
}

/**
 * Whether a professionals query asks for every status (spec: "filter for any status", `IsAnyStatus true`):
 * `isAnyStatus` / `IsAnyStatus`, or a `filter` / `where` JSON object (parsed, or still as text) saying so.
 */
export function wantsAnyStatus(query: Partial<Record<keyof MasterProfessionalsQuery, unknown>>): boolean {
  if (truthy(query.isAnyStatus) || truthy(query.IsAnyStatus)) return true;
  for (const raw of [query.filter, query.where]) {
    let value = raw;
    if (typeof raw === 'string') {
      try {
        value = JSON.parse(raw);
      } catch {
        continue;
      }
    }
    if (whereAnyStatus(value)) return true;
  }
  return false;
}

/** `IsActive: false` on a deactivated item (Admin › Master data), nothing on an active one (the spec's shape). */
const inactiveFlag = (deactivatedAt: Date | null): { IsActive?: false } =>
  deactivatedAt === null ? {} : { IsActive: false };

/** Every item (records holding a deactivated one still show it by name); deactivated ones flagged. */
export async function simpleList(db: DB, table: repo.SimpleMasterTable): Promise<MasterListItem[]> {
  const rows = await repo.listSimple(db, table);
  return rows.map((r) => ({ ID: r.id, Name: r.name, ...inactiveFlag(r.deactivatedAt) }));
}

export async function methodologies(db: DB): Promise<Methodology[]> {
  const rows = await repo.listMethodologies(db);
  return rows.map((r) => ({
    ID: r.id,
    Name: r.name,
    IDPractice: r.practiceId,
    ...inactiveFlag(r.deactivatedAt),
  }));
}

export async function toolkits(db: DB): Promise<MasterToolkit[]> {
  const rows = await repo.listToolkits(db);
  return rows.map((r) => ({
    ID: r.id,
    Name: r.name,
    IsActive: r.isActive && r.deactivatedAt === null,
    Methodology: { ID: r.methodologyId, Name: r.methodologyName, IDPractice: r.practiceId },
  }));
}

/** Active professionals, or every one when the query asks for any status. */
export async function professionals(db: DB, query: MasterProfessionalsQuery): Promise<MasterProfessional[]> {
  const rows = await repo.listProfessionals(db, wantsAnyStatus(query));
  return rows.map((r) => ({
    ID: r.id,
    Name: r.name,
    photoGUID: r.photoGuid ?? null,
    JobTitle: { Name: r.jobTitle ?? '' },
    Email: r.email,
    Login: r.login,
    isActive: r.isActive,
  }));
}

async function clientsWithSegments(db: DB, id?: number): Promise<Client[]> {
  const [clients, segments] = await Promise.all([repo.listClients(db, id), repo.listClientSegments(db, id)]);
  const byClient = new Map<number, NonNullable<Client['ClientSegments']>>();
  for (const s of segments) {
    const list = byClient.get(s.clientId) ?? [];
    list.push({ Segment: { ID: s.id, Name: s.name }, SegmentLevel: s.segmentLevel as 1 | 2 });
    byClient.set(s.clientId, list);
  }
  return clients.map((c) => ({
    ID: c.id,
    Name: c.name,
    EconomicGroup: c.economicGroup ?? null,
    ClientDescription: c.clientDescription ?? null,
    ClientCulture: c.clientCulture ?? null,
    ClientSegments: byClient.get(c.id) ?? [],
    ...inactiveFlag(c.deactivatedAt),
  }));
}

export const clients = (db: DB) => clientsWithSegments(db);

export async function client(db: DB, id: number): Promise<Client> {
  const [found] = await clientsWithSegments(db, id);
  if (!found) throw httpError(404, `Client ${id} not found`);
  return found;
}

/** GET /api/clients: `{ id, name }` by name. */
export const clientNames = async (db: DB): Promise<ClientItem[]> =>
  (await repo.listClientNames(db)).map((c) => ({
    id: c.id,
    name: c.name,
    ...(c.deactivatedAt === null ? {} : { isActive: false as const }),
  }));

export const duringTypes = (db: DB): Promise<DuringType[]> => repo.listDuringTypes(db);
