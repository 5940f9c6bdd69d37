import { addDays, day, guid, insertChunks, monday, rng, type SeedDb } from './context';
import * as M from './master';

/**
 * `count` generated projects (SEED_PROJECTS, up to 20,000) with teams drawn from generated
 * professionals, for volume and benchmarks. Deterministic (fixed random seed); keyed by login and by
 * project code, so rows that already exist are kept and only new projects get team and records.
 * Multi-row inserts in chunks keep 5,000 projects to a couple of seconds on PGlite.
 */
export async function seedGenerated(db: SeedDb, count: number, now = new Date()) {
  if (count <= 0) return;
  const rand = rng(20261122);
  const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)]!;
  const first = [
    'Ana',
    'Bruno',
    'Clara',
    'Diego',
    'Elisa',
    'Felipe',
    'Gabriela',
    'Hugo',
    'Isabel',
    'João',
    'Karen',
    'Lucas',
    'Marta',
    'Nuno',
    'Olga',
    'Paulo',
    'Quitéria',
    'Rafael',
    'Sofia',
    'Tiago',
    'Ursula',
    'Vitor',
    'Wanda',
    'Xavier',
    'Yara',
    'Zeca',
  ];
  const last = [
    'Silva',
    'Santos',
    'Oliveira',
    'Souza',
    'Lima',
    'Pereira',
    'Ferreira',
    'Alves',
    'Rodrigues',
    'Gomes',
    'Martins',
    'Rocha',
    'Ribeiro',
    'Carvalho',
    'Mendes',
    'Barros',
  ];
  const titles = ['Intern', 'Analyst', 'Consultant', 'Specialist', 'Manager', 'Partner', 'Director'];
  const nPeople = Math.max(60, Math.ceil(count / 5));
  const people = Array.from({ length: nPeople }, (_, i) => {
    const name = `${pick(first)} ${pick(last)}`;
    const login = `${name
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z ]/g, '')
      .replace(' ', '.')}${i + 1}`;
    return {
      name,
      email: `${login}@example.com`,
      login,
      jobTitle: titles[i % titles.length]!,
      isActive: rand() > 0.05,
      practiceId: (i % 8) + 1,
      comanagementId: (i % 4) + 1,
      businessUnits: ['Brazil'],
      photoGuid: guid(1000 + i),
    };
  });
  const byLogin = new Map<string, { id: number; jobTitle: string }>();
  await insertChunks(people, async (chunk) => {
    const rows = await db
      .insertInto('professionals')
      .values(chunk)
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'login', 'jobTitle'])
      .execute();
    if (rows.length < chunk.length) {
      // some already exist (a re-run): find them by login
      const existing = await db
        .selectFrom('professionals')
        .select(['id', 'login', 'jobTitle'])
        .where(
          'login',
          'in',
          chunk.map((p) => p.login),
        )
        .execute();
      rows.push(...existing);
    }
    for (const r of rows) byLogin.set(r.login, { id: r.id, jobTitle: r.jobTitle ?? '' });
  });
  const ids = people.map((p) => byLogin.get(p.login)).filter((p) => p !== undefined);
  const managers = ids.filter((p) => p.jobTitle === 'Manager');
  const partners = ids.filter((p) => p.jobTitle === 'Partner' || p.jobTitle === 'Director');
  const members = ids.filter((p) => !['Manager', 'Partner', 'Director'].includes(p.jobTitle));
  const words = [
    'Growth',
    'Pricing',
    'Lean',
    'Digital',
    'Procurement',
    'Network',
    'Org',
    'Culture',
    'Sales',
    'Cost',
    'Supply',
    'Innovation',
  ];
  const projects = Array.from({ length: count }, (_, i) => ({
    code: `PRJ-${String(i + 1).padStart(5, '0')}`,
    name: `${pick(words)} ${pick(['Program', 'Diagnostic', 'Transformation', 'Sprint', 'Review'])} ${i + 1}`,
    clientId: pick(M.CLIENTS)[0],
    idStatus: [1, 2, 3, 3, 3, 4, 5, 5, 6][Math.floor(rand() * 9)]!,
    idDuringType: 1 + Math.floor(rand() * 3),
    startDate: day(addDays(now, -Math.floor(rand() * 400))),
    endDate: day(addDays(now, Math.floor(rand() * 400) - 100)),
    priority: rand() < 0.2,
    internal: rand() < 0.1,
    pdcPriority: rand() < 0.15,
    idAllocationStatus: Math.floor(rand() * 7),
    businessUnitId: 1 + Math.floor(rand() * 4),
  })).map((p, i) => ({
    ...p,
    // closed projects carry their closure date (Setup Assessment Supervision sorts by it), older than
    // DEMO-FINISHED's two days; no rand() here: the other generated values stay what they were
    closedAt: p.idStatus === 5 ? addDays(now, -3 - (i % 365)) : null,
  }));
  const pids: { id: number; idStatus: number }[] = [];
  await insertChunks(projects, async (chunk) => {
    const rows = await db
      .insertInto('projects')
      .values(chunk)
      .onConflict((oc) => oc.column('code').doNothing())
      .returning(['id', 'code', 'idStatus'])
      .execute();
    const byCode = new Map(rows.map((r) => [r.code, r]));
    for (const p of chunk) {
      const r = byCode.get(p.code);
      if (r) pids.push({ id: r.id, idStatus: r.idStatus });
    }
  });
  const team: { projectId: number; professionalId: number; isManager: boolean; isPartner: boolean }[] = [];
  const practices: { projectId: number; practiceId: number }[] = [];
  const geos: { projectId: number; geographicId: number }[] = [];
  const comgts: { projectId: number; comanagementId: number }[] = [];
  const thisMonday = monday(now);
  const onePages: {
    projectId: number;
    format: number;
    initialDate: string;
    endDate: string;
    submittedAt: Date | null;
    onePageProblemLevel: number | null;
    environmentStatus: number | null;
    hasAllocation: boolean;
    governanceActionOption: number;
  }[] = [];
  for (const p of pids) {
    const mgr = pick(managers).id;
    const ptn = pick(partners).id;
    team.push(
      { projectId: p.id, professionalId: mgr, isManager: true, isPartner: false },
      { projectId: p.id, professionalId: ptn, isManager: false, isPartner: true },
    );
    const size = 1 + Math.floor(rand() * 6);
    const chosen = new Set<number>([mgr, ptn]);
    for (let k = 0; k < size; k++) {
      const m = pick(members).id;
      if (!chosen.has(m)) {
        chosen.add(m);
        team.push({ projectId: p.id, professionalId: m, isManager: false, isPartner: false });
      }
    }
    practices.push({ projectId: p.id, practiceId: 1 + Math.floor(rand() * 8) });
    geos.push({ projectId: p.id, geographicId: rand() < 0.3 ? 223 : 1 + Math.floor(rand() * 7) });
    comgts.push({ projectId: p.id, comanagementId: 1 + Math.floor(rand() * 4) });
    if (p.idStatus >= 2 && p.idStatus <= 4) {
      const submitted = rand() < 0.7;
      onePages.push({
        projectId: p.id,
        format: 2,
        initialDate: day(thisMonday),
        endDate: day(addDays(thisMonday, 6)),
        submittedAt: submitted ? now : null,
        onePageProblemLevel: submitted ? 1 + Math.floor(rand() * 3) : null,
        environmentStatus: submitted ? 1 + Math.floor(rand() * 3) : null,
        hasAllocation: rand() < 0.8,
        governanceActionOption: 1 + Math.floor(rand() * 3),
      });
    }
  }
  await insertChunks(team, (c) => db.insertInto('projectTeam').values(c).execute(), 1000);
  await insertChunks(practices, (c) => db.insertInto('projectPractices').values(c).execute(), 1000);
  await insertChunks(geos, (c) => db.insertInto('projectGeographics').values(c).execute(), 1000);
  await insertChunks(comgts, (c) => db.insertInto('projectCoManagements').values(c).execute(), 1000);
  await insertChunks(onePages, (c) => db.insertInto('onePages').values(c).execute(), 500);
}
