import {
  addDays,
  day,
  insertPerProject,
  masterId,
  nth,
  type SeedContext,
  type SeedDb,
  type SeededProject,
} from './context';
import * as M from './master';
import { DEMO_TEAM } from './people';

/** DEMO-DATA.md projects, in table order (ids 1–9 on a fresh database). */
export const DEMO_PROJECTS = [
  ['DEMO-DRAFT', 'Demo Draft Project', 1],
  ['DEMO-SETUP', 'Demo Setup Project', 2],
  ['DEMO-DURING', 'Demo During Project', 3],
  ['DEMO-READY', 'Demo Ready for Closure', 3],
  ['DEMO-CLOSURE', 'Demo Closure Project', 4],
  ['DEMO-CLOSEOUT', 'Demo Close-out Complete', 4],
  ['DEMO-FINISHED', 'Demo Finished Project', 5],
  ['DEMO-PAUSED', 'Demo Paused Project', 6],
  ['DEMO-BRAZIL', 'Demo Brazil Project', 3],
] as const;

export type DemoCode = (typeof DEMO_PROJECTS)[number][0];

/**
 * DEMO-SETUP's client is also DEMO-DURING's, DEMO-READY's and DEMO-FINISHED's: Setup › Client Past Projects
 * lists those (each with its methodology), and their stakeholders are the import's candidates.
 */
const SHARED_CLIENT = new Set<string>(['DEMO-SETUP', 'DEMO-DURING', 'DEMO-READY', 'DEMO-FINISHED']);

/** One methodology per DEMO project, in DEMO-DATA.md order. */
const METHODOLOGY_BY_PROJECT = [
  'Strategic Planning',
  'Lean Operations',
  'Sales Force Effectiveness',
  'Digital Transformation',
  'Organizational Design',
  'Procurement Excellence',
  'Innovation Funnel',
  'Design Thinking',
  'Budget Zero-Base',
];
/** Toolkits of every DEMO project, one in each status 0–3. */
const TOOLKITS_BY_STATUS = [
  'Strategy Canvas',
  'Value Stream Map',
  'Sales Pipeline Review',
  'Digital Maturity Scan',
];

/**
 * The DEMO projects (natural key: code) with their status history, team and classifications.
 * Returns the projects this run created, in DEMO-DATA.md order; projects that already exist are left
 * as they are (and so are their records).
 */
export async function seedProjects(db: SeedDb, ctx: Omit<SeedContext, 'projects'>): Promise<SeededProject[]> {
  const { now } = ctx;
  const inserted = await db
    .insertInto('projects')
    .values(
      DEMO_PROJECTS.map(([code, name, status], i) => ({
        code,
        name,
        clientId: SHARED_CLIENT.has(code) ? masterId(M.CLIENTS, M.DEMO_CLIENT) : nth(M.CLIENTS, i),
        idStatus: status,
        idDuringType: masterId(M.DURING_TYPES, 'Normal'),
        startDate: day(addDays(now, -120)),
        endDate: day(addDays(now, 30 + i * 7)),
        closedAt: status === 5 ? addDays(now, -2) : null,
        whatSalesContext: 'Competitive proposal after a successful pilot.',
        whyClientNeedHelp: 'Margins under pressure from new entrants.',
        businessUnitId: masterId(M.BUSINESS_UNITS, 'Brazil'),
        idAllocationStatus: nth(M.ALLOCATION_STATUSES, i),
        priority: i % 3 === 0,
      })),
    )
    .onConflict((oc) => oc.column('code').doNothing())
    .returning(['id', 'code'])
    .execute();
  const idByCode = new Map(inserted.map((p) => [p.code, p.id]));
  const projects: SeededProject[] = [];
  DEMO_PROJECTS.forEach(([code, name, status], i) => {
    const id = idByCode.get(code);
    if (id !== undefined) projects.push({ code, name, status, n: i + 1, id });
  });
  if (projects.length === 0) return projects;

  const admin = ctx.person('alice.admin');
  await insertPerProject(db, 'projectStatusHistory', projects, (p) => ({
    fromStatus: null,
    toStatus: p.status,
    changedBy: admin,
  }));
  await insertPerProject(db, 'projectTeam', projects, () =>
    DEMO_TEAM.map((m) => ({
      professionalId: ctx.person(m.login),
      isManager: m.isManager,
      isPartner: m.isPartner,
      isOnePageAllow: m.isOnePageAllow,
    })),
  );

  const brazil = (p: SeededProject) => p.code === 'DEMO-BRAZIL';
  await insertPerProject(db, 'projectPractices', projects, (p) => ({
    practiceId: nth(M.PRACTICES, p.n % 7),
  }));
  await insertPerProject(db, 'projectMethodologies', projects, (p) => ({
    methodologyId: masterId(M.METHODOLOGIES, METHODOLOGY_BY_PROJECT[p.n - 1]!),
  }));
  await insertPerProject(db, 'projectGeographics', projects, (p) => ({
    geographicId: brazil(p) ? masterId(M.GEOGRAPHICS, 'Brazil') : nth(M.GEOGRAPHICS, p.n % 6),
  }));
  await insertPerProject(db, 'projectGeographicScopes', projects, (p) => ({
    geographicScopeId: nth(M.GEOGRAPHIC_SCOPES, p.n % 3),
  }));
  await insertPerProject(db, 'projectOffices', projects, (p) => ({
    officeId: brazil(p) ? masterId(M.OFFICES, 'São Paulo') : nth(M.OFFICES, p.n % 6),
  }));
  await insertPerProject(db, 'projectCoManagements', projects, (p) => ({
    comanagementId: nth(M.COMANAGEMENTS, p.n % 4),
  }));
  await insertPerProject(db, 'projectTrainingDevelopment', projects, (p) => ({
    tdOportunity: p.n % 2 === 0,
    text: 'Pair juniors with the manager on client workshops.',
  }));
  // Toolkits in every status 0–3.
  await insertPerProject(db, 'projectToolkits', projects, () =>
    TOOLKITS_BY_STATUS.map((name, idStatus) => ({ toolkitId: masterId(M.TOOLKITS, name), idStatus })),
  );
  return projects;
}
