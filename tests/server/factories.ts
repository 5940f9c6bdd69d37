/**
 * Small test factories: the rows a test needs, created on any migrated database (seeded or not),
 * with unique logins and codes — so a new test never depends on the DEMO ids.
 *
 *   const f = factories(ctx.db);
 *   const manager = await f.makeProfessional({ jobTitle: 'Manager' });
 *   const project = await f.makeProject({ status: 3, team: [{ professional: manager, isManager: true }] });
 *
 * Master rows a factory refers to (practices, geographics, …) are created when missing, with the
 * demo's names for the spec's ids.
 */
import { sql, type Selectable } from 'kysely';
import type { DB } from '@server/db';
import type { Database } from '@server/db/schema';
import * as M from '@server/db/seed/master';
import { DEMO_TEAM } from '@server/db/seed/people';

export type ProfessionalRow = Selectable<Database['professionals']>;
export type ClientRow = Selectable<Database['clients']>;
export type ProjectRow = Selectable<Database['projects']>;
export type TeamRow = Selectable<Database['projectTeam']>;
export type OnePageRow = Selectable<Database['onePages']>;

let counter = 0;
/** A short token unique in this process and across processes sharing a database. */
function unique(): string {
  counter += 1;
  return `${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}${counter.toString(36)}`;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

type MasterTable =
  'practices' | 'geographics' | 'geographicScopes' | 'offices' | 'comanagements' | 'duringTypes';
const MASTER_NAMES: Record<MasterTable, readonly (readonly [number, string])[]> = {
  practices: M.PRACTICES,
  geographics: M.GEOGRAPHICS,
  geographicScopes: M.GEOGRAPHIC_SCOPES,
  offices: M.OFFICES,
  comanagements: M.COMANAGEMENTS,
  duringTypes: M.DURING_TYPES,
};

/** Makes sure master rows with these ids exist (kept as they are when they do). */
export async function ensureMaster(db: DB, table: MasterTable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const names = new Map(MASTER_NAMES[table].map(([id, name]) => [id, name]));
  await db
    .insertInto(table)
    .values([...new Set(ids)].map((id) => ({ id, name: names.get(id) ?? `${table} ${id}` })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export interface ProfessionalInput {
  login?: string;
  name?: string;
  email?: string;
  jobTitle?: string | null;
  scopes?: string[];
  isActive?: boolean;
  practiceId?: number | null;
  comanagementId?: number | null;
  businessUnits?: string[];
}

/** A professional with a unique login (`t.<token>`) and `<login>@example.com`. */
export async function makeProfessional(db: DB, input: ProfessionalInput = {}): Promise<ProfessionalRow> {
  const login = input.login ?? `t.${unique()}`;
  if (input.practiceId) await ensureMaster(db, 'practices', [input.practiceId]);
  if (input.comanagementId) await ensureMaster(db, 'comanagements', [input.comanagementId]);
  return db
    .insertInto('professionals')
    .values({
      login,
      name: input.name ?? `Test ${login}`,
      email: input.email ?? `${login}@example.com`,
      jobTitle: input.jobTitle === undefined ? 'Consultant' : input.jobTitle,
      scopes: input.scopes ?? [],
      isActive: input.isActive ?? true,
      practiceId: input.practiceId ?? null,
      comanagementId: input.comanagementId ?? null,
      businessUnits: input.businessUnits ?? ['Brazil'],
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A client with the next free id (client ids are not serial: they come from the master data). */
export async function makeClient(
  db: DB,
  input: { name?: string; economicGroup?: string | null } = {},
): Promise<ClientRow> {
  const name = input.name ?? `Test Client ${unique()}`;
  const { rows } = await sql<{ id: number }>`
    insert into clients (id, name, economic_group)
    select coalesce(max(id), 0) + 1, ${name}, ${input.economicGroup ?? null} from clients
    returning id`.execute(db);
  return db.selectFrom('clients').selectAll().where('id', '=', rows[0]!.id).executeTakeFirstOrThrow();
}

export interface TeamInput {
  /** An existing person (a factory row or anything with an id)… */
  professional?: { id: number };
  /** …or their id; with neither, a new professional is made. */
  professionalId?: number;
  isManager?: boolean;
  isPartner?: boolean;
  isOnePageAllow?: boolean;
}

/** Puts a person on a project's team (a new professional when none is given). */
export async function addTeamMember(db: DB, projectId: number, member: TeamInput = {}): Promise<TeamRow> {
  const professionalId =
    member.professional?.id ??
    member.professionalId ??
    (
      await makeProfessional(db, {
        jobTitle: member.isManager ? 'Manager' : member.isPartner ? 'Partner' : 'Consultant',
      })
    ).id;
  return db
    .insertInto('projectTeam')
    .values({
      projectId,
      professionalId,
      isManager: member.isManager ?? false,
      isPartner: member.isPartner ?? false,
      isOnePageAllow: member.isOnePageAllow ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ProjectInput {
  /** 1 Draft … 6 Paused (default 1). */
  status?: number;
  code?: string;
  name?: string;
  /** A client row / `{ id }`, `null` for none; by default a new client. */
  client?: { id: number } | null;
  team?: TeamInput[];
  geographics?: number[];
  practices?: number[];
  startDate?: string | null;
  endDate?: string | null;
  /** Default: two days ago when the status is 5 (Finished), else none. */
  closedAt?: Date | null;
  priority?: boolean;
  internal?: boolean;
  pdcPriority?: boolean;
  idDuringType?: number | null;
}

export type MadeProject = ProjectRow & { team: TeamRow[] };

/**
 * A project with a unique code (`T-<token>`), its status history row, team, geographics and practices.
 * Returns the project row and its team rows.
 */
export async function makeProject(db: DB, input: ProjectInput = {}): Promise<MadeProject> {
  const status = input.status ?? 1;
  const code = input.code ?? `T-${unique()}`.toUpperCase();
  const now = new Date();
  const client = input.client === undefined ? await makeClient(db) : input.client;
  if (input.idDuringType) await ensureMaster(db, 'duringTypes', [input.idDuringType]);
  const project = await db
    .insertInto('projects')
    .values({
      code,
      name: input.name ?? `Test project ${code}`,
      clientId: client?.id ?? null,
      idStatus: status,
      idDuringType: input.idDuringType ?? null,
      startDate:
        input.startDate === undefined ? day(new Date(now.getTime() - 60 * 86_400_000)) : input.startDate,
      endDate: input.endDate === undefined ? day(new Date(now.getTime() + 60 * 86_400_000)) : input.endDate,
      closedAt:
        input.closedAt !== undefined
          ? input.closedAt
          : status === 5
            ? new Date(now.getTime() - 2 * 86_400_000)
            : null,
      priority: input.priority ?? false,
      internal: input.internal ?? false,
      pdcPriority: input.pdcPriority ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('projectStatusHistory')
    .values({ projectId: project.id, fromStatus: null, toStatus: status })
    .execute();
  const team: TeamRow[] = [];
  for (const member of input.team ?? []) team.push(await addTeamMember(db, project.id, member));
  if (input.geographics?.length) {
    await ensureMaster(db, 'geographics', input.geographics);
    await db
      .insertInto('projectGeographics')
      .values(input.geographics.map((geographicId) => ({ projectId: project.id, geographicId })))
      .execute();
  }
  if (input.practices?.length) {
    await ensureMaster(db, 'practices', input.practices);
    await db
      .insertInto('projectPractices')
      .values(input.practices.map((practiceId) => ({ projectId: project.id, practiceId })))
      .execute();
  }
  return { ...project, team };
}

/** A one-page of a project for the week starting `initialDate` (default: this week's Monday). */
export async function makeOnePage(
  db: DB,
  input: {
    projectId: number;
    initialDate?: string;
    submittedBy?: { id: number } | null;
    problemLevel?: number | null;
  },
): Promise<OnePageRow> {
  const today = new Date();
  const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const initialDate = input.initialDate ?? day(monday);
  const end = new Date(`${initialDate}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 6);
  const submitted = !!input.submittedBy;
  return db
    .insertInto('onePages')
    .values({
      projectId: input.projectId,
      initialDate,
      endDate: day(end),
      submittedAt: submitted ? new Date() : null,
      submittedById: input.submittedBy?.id ?? null,
      onePageProblemLevel: input.problemLevel === undefined ? (submitted ? 1 : null) : input.problemLevel,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The DEMO team (Marcos manager, Paula partner, Dora allowed the one-page, Carla and Ivan) as the `team` of
 * `makeProject`, on a seeded database: a new project where the DEMO people have their usual roles.
 */
export async function demoTeam(db: DB): Promise<TeamInput[]> {
  const rows = await db
    .selectFrom('professionals')
    .select(['id', 'login'])
    .where(
      'login',
      'in',
      DEMO_TEAM.map((m) => m.login),
    )
    .execute();
  const id = new Map(rows.map((r) => [r.login, r.id]));
  return DEMO_TEAM.map(({ login, ...roles }) => {
    const professionalId = id.get(login);
    if (professionalId === undefined) throw new Error(`no DEMO person ${login}: is the database seeded?`);
    return { professionalId, ...roles };
  });
}

/** The factories bound to one database. */
export function factories(db: DB) {
  return {
    makeProfessional: (input?: ProfessionalInput) => makeProfessional(db, input),
    makeClient: (input?: { name?: string; economicGroup?: string | null }) => makeClient(db, input),
    makeProject: (input?: ProjectInput) => makeProject(db, input),
    addTeamMember: (projectId: number, member?: TeamInput) => addTeamMember(db, projectId, member),
    makeOnePage: (input: Parameters<typeof makeOnePage>[1]) => makeOnePage(db, input),
    demoTeam: () => demoTeam(db),
    ensureMaster: (table: MasterTable, ids: number[]) => ensureMaster(db, table, ids),
  };
}
