import type { FastifyInstance } from 'fastify';
import { httpError, idParam } from '../../http';

/** Simple master lists: `GET /master/<path>` → `[{ ID, Name }]`. */
const SIMPLE: Record<string, 'practices' | 'geographics' | 'geographicScopes' | 'offices' | 'comanagements' | 'languages' | 'segments' | 'positions'> = {
  practices: 'practices',
  geographics: 'geographics',
  'geographic-scopes': 'geographicScopes',
  offices: 'offices',
  comanagements: 'comanagements',
  languages: 'languages',
  segments: 'segments',
  positions: 'positions',
};

function truthy(v: unknown): boolean {
  return v === true || v === 'true' || v === '1';
}

/** Whether a professionals query asks for every status (spec: "filter for any status", `IsAnyStatus true`). */
export function wantsAnyStatus(query: Record<string, unknown>): boolean {
  if (truthy(query.isAnyStatus) || truthy(query.IsAnyStatus)) return true;
  for (const key of ['filter', 'where']) {
    const raw = query[key];
    if (typeof raw === 'string') {
      try {
        const parsed = JSON.parse(raw) as Record<string, unknown>;
        const where = (parsed.where as Record<string, unknown>) ?? parsed;
        if (truthy(where.IsAnyStatus) || truthy(where.isAnyStatus)) return true;
      } catch {
        /* not JSON: ignore */
      }
    }
  }
  return false;
}

/** The master-data service of the integration API (spec 000/001/002 §7, `ID`/`Name` casing). */
export default async function masterModule(app: FastifyInstance) {
  app.addHook('preHandler', app.authenticate);
  const { db } = app;

  for (const [path, table] of Object.entries(SIMPLE)) {
    app.get(`/master/${path}`, async () => {
      const rows = await db.selectFrom(table).select(['id', 'name']).orderBy('id').execute();
      return rows.map((r) => ({ ID: r.id, Name: r.name }));
    });
  }

  app.get('/master/methodologies', async () => {
    const rows = await db.selectFrom('methodologies').select(['id', 'name', 'practiceId']).orderBy('id').execute();
    return rows.map((r) => ({ ID: r.id, Name: r.name, IDPractice: r.practiceId }));
  });

  app.get('/master/toolkits', async () => {
    const rows = await db
      .selectFrom('toolkits as t')
      .leftJoin('methodologies as m', 'm.id', 't.methodologyId')
      .select(['t.id', 't.name', 't.isActive', 't.methodologyId', 'm.practiceId', 'm.name as methodologyName'])
      .orderBy('t.id')
      .execute();
    return rows.map((r) => ({
      ID: r.id,
      Name: r.name,
      IsActive: r.isActive,
      Methodology: { ID: r.methodologyId, Name: r.methodologyName, IDPractice: r.practiceId },
    }));
  });

  app.get('/master/professionals', async (request) => {
    const anyStatus = wantsAnyStatus(request.query as Record<string, unknown>);
    let q = db
      .selectFrom('professionals')
      .select(['id', 'name', 'photoGuid', 'jobTitle', 'email', 'isActive', 'login'])
      .orderBy('name');
    if (!anyStatus) q = q.where('isActive', '=', true);
    const rows = await q.execute();
    return rows.map((r) => ({
      ID: r.id,
      Name: r.name,
      photoGUID: r.photoGuid ?? null,
      JobTitle: { Name: r.jobTitle ?? '' },
      Email: r.email,
      Login: r.login,
      isActive: r.isActive,
    }));
  });

  async function clientsWithSegments(id?: number) {
    let q = db.selectFrom('clients').selectAll().orderBy('name');
    if (id !== undefined) q = q.where('id', '=', id);
    const clients = await q.execute();
    if (id !== undefined && clients.length === 0) throw httpError(404, `Client ${id} not found`);
    const segs = await db
      .selectFrom('clientSegments as cs')
      .innerJoin('segments as s', 's.id', 'cs.segmentId')
      .select(['cs.clientId', 's.id', 's.name', 'cs.segmentLevel'])
      .$if(id !== undefined, (qb) => qb.where('cs.clientId', '=', id!))
      .execute();
    const byClient = new Map<number, { Segment: { ID: number; Name: string }; SegmentLevel: number }[]>();
    for (const s of segs) {
      const list = byClient.get(s.clientId) ?? [];
      list.push({ Segment: { ID: s.id, Name: s.name }, SegmentLevel: s.segmentLevel });
      byClient.set(s.clientId, list);
    }
    return clients.map((c) => ({
      ID: c.id,
      Name: c.name,
      EconomicGroup: c.economicGroup ?? null,
      ClientDescription: c.clientDescription ?? null,
      ClientCulture: c.clientCulture ?? null,
      ClientSegments: byClient.get(c.id) ?? [],
    }));
  }

  app.get('/master/clients', async () => clientsWithSegments());
  app.get('/master/clients/:id', async (request) => (await clientsWithSegments(idParam(request)))[0]);

  app.get('/api/during-types', async () => {
    const rows = await db.selectFrom('duringTypes').select(['id', 'name']).orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, name: r.name }));
  });
  app.get('/api/clients', async () => {
    const rows = await db.selectFrom('clients').select(['id', 'name']).orderBy('name').execute();
    return rows;
  });
}
