import type { Insertable } from 'kysely';
import type { Database } from '../schema';
import { addDays, day, insertPerProject, type SeedContext, type SeedDb } from './context';
import { DEMO_TEAM } from './people';

/** A session's records' place: its project and the session. */
interface SessionKey {
  projectId: number;
  sessionId: number;
}
type SessionTable =
  'sessionStakeholders' | 'sessionRars' | 'sessionExpectations' | 'sessionDeliverables' | 'sessionRisks';

/** Inserts the same `rows` on each of `sessions` (none: nothing), session by session, in order. */
async function insertOnEach<T extends SessionTable>(
  db: SeedDb,
  table: T,
  sessions: readonly SessionKey[],
  rows: Omit<Insertable<Database[T]>, keyof SessionKey>[],
) {
  const values = sessions.flatMap((s) => rows.map((row: object) => ({ ...s, ...row })));
  if (values.length === 0) return;
  // one generic table: the rows are typed by the signature, the builder cannot follow T
  await db
    .insertInto(table)
    .values(values as never)
    .execute();
}

/**
 * Setup and the project sessions of every new DEMO project: the setup session (scope texts,
 * stakeholders, roles, expectations, deliverables, risks) and one During session with the same
 * records; professional DNA (setup goals per member and a During DNA round); setup assessments
 * (Carla everywhere, Ivan everywhere except DEMO-DURING, which blocks 3→4 there) and finalizations.
 * Rows go in project order, table by table, so a fresh database gets the same ids every time.
 */
export async function seedSetup(db: SeedDb, ctx: SeedContext) {
  const { projects, now } = ctx;
  if (projects.length === 0) return;
  const marcos = ctx.person('marcos.manager');
  const carla = ctx.person('carla.consultant');
  const ivan = ctx.person('ivan.intern');
  const team = DEMO_TEAM.map((m) => ctx.person(m.login));

  const sessions = await db
    .insertInto('projectSessions')
    .values(
      projects.flatMap((p) => [
        {
          projectId: p.id,
          isSetup: true,
          discussionFocus: 'Setup',
          projectScope: 'Redesign the commercial model for the core regions.',
          projectOutScope: 'IT implementation.',
        },
        {
          projectId: p.id,
          isSetup: false,
          discussionFocus: 'Mid-project alignment',
          createdAt: addDays(now, -7),
          submittedAt: addDays(now, -6),
          submittedById: marcos,
          adjustScope: 2,
          deliveringClientNeeds: 1,
          discussionOutcomes: 'Client confirmed priorities for the next phase.',
        },
      ]),
    )
    .returning(['id', 'projectId', 'isSetup'])
    .execute();
  const sessionId = (projectId: number, isSetup: boolean) =>
    sessions.find((s) => s.projectId === projectId && s.isSetup === isSetup)!.id;
  // Each project's setup session, then its During session.
  const bySession = projects.flatMap((p) =>
    [true, false].map((isSetup) => ({ projectId: p.id, sessionId: sessionId(p.id, isSetup) })),
  );

  await insertOnEach(db, 'sessionStakeholders', bySession, [
    {
      name: 'Helena Souza',
      professionalResponsibleId: marcos,
      position: 'Chief Financial Officer',
      birthday: '1975-04-12',
      language: 'Portuguese',
      currentStatus: 1,
      actionPlan: 'Bi-weekly steering updates.',
    },
    {
      name: 'Tom Becker',
      professionalResponsibleId: carla,
      position: 'Operations Director',
      birthday: '1982-09-30',
      language: 'English',
      currentStatus: 3,
      actionPlan: 'Win over with quick wins.',
    },
  ]);
  await insertOnEach(db, 'sessionRars', bySession, [
    {
      professionalId: carla,
      rarSupportingPoint: 'Data model',
      rarTechnicalRole: 'Analysis lead',
      rarNonTechnicalRole: 'Workshop facilitation',
    },
    {
      professionalId: ivan,
      rarSupportingPoint: 'Benchmarks',
      rarTechnicalRole: 'Research',
      rarNonTechnicalRole: 'Minutes',
    },
  ]);
  await insertOnEach(db, 'sessionExpectations', bySession, [
    { stakeholder: 'Helena Souza', expectation: 'Savings of 5%', observation: 'Board target' },
  ]);
  await insertOnEach(db, 'sessionDeliverables', bySession, [
    { deliverable: 'Diagnostic report', detail: 'Week 4' },
  ]);
  await insertOnEach(db, 'sessionRisks', bySession, [
    { risk: 'Data availability', riskStatus: 2, observation: 'Waiting on ERP extract' },
  ]);

  await seedSessionRecords(db, ctx, (projectId) => sessionId(projectId, true));

  // an open (not submitted) During session on each DEMO project beside the submitted one, inserted after
  // every other session row so the earlier ids stay as they were
  const open = await db
    .insertInto('projectSessions')
    .values(
      projects
        .filter((p) => p.code.startsWith('DEMO-'))
        .map((p) => ({
          projectId: p.id,
          isSetup: false,
          discussionFocus: 'Weekly client alignment',
          // before this week whatever the day: the Technical DNA card stays as the other records make it
          createdAt: addDays(now, -9),
          adjustScope: 1,
        })),
    )
    .returning(['id', 'projectId'])
    .execute();
  await insertOnEach(
    db,
    'sessionRisks',
    open.map((o) => ({ projectId: o.projectId, sessionId: o.id })),
    [{ risk: 'Pilot regions not confirmed', riskStatus: 2, observation: 'Decision expected next week' }],
  );

  // Professional DNA: setup goals per member, and a During DNA session with entries.
  const dnaSessions = await db
    .insertInto('projectProfessionalDnas')
    .values(
      projects.map((p) => ({
        projectId: p.id,
        sessionType: 2,
        sessionDate: day(addDays(now, -3)),
        sessionNextDate: day(addDays(now, 11)),
      })),
    )
    .returning(['id', 'projectId'])
    .execute();
  // each project's setup DNA session (type 1), after the During ones so their ids stay as they were
  const setupDnaSessions = await db
    .insertInto('projectProfessionalDnas')
    .values(projects.map((p) => ({ projectId: p.id, sessionType: 1 })))
    .returning(['id', 'projectId'])
    .execute();
  await insertPerProject(db, 'professionalDnas', projects, (p) => {
    const dnaSessionId = dnaSessions.find((d) => d.projectId === p.id)!.id;
    const setupDnaId = setupDnaSessions.find((d) => d.projectId === p.id)!.id;
    return [
      ...team.map((professionalId) => ({
        sessionType: 1,
        projectProfessionalDnaId: setupDnaId,
        professionalId,
        goalsForProject: 'Lead one workstream',
        individualNeeds: 'Flexible Fridays',
      })),
      ...[carla, ivan].map((professionalId, i) => ({
        sessionType: 2,
        projectProfessionalDnaId: dnaSessionId,
        professionalId,
        dnaMetExpectation: i,
      })),
    ];
  });

  await insertPerProject(db, 'setupAssessments', projects, (p) =>
    (p.code === 'DEMO-DURING' ? [carla] : [carla, ivan]).map((professionalId) => ({
      professionalId,
      rating: professionalId === carla ? 8 : 7,
      ratingDescription: 'Good kick-off',
      watchedToolkit: 1,
      doYouFeelComfortable: 1,
      howCouldBeenDoneBetter: 'More time for the client interviews.',
      createdBy: professionalId,
      updatedBy: professionalId,
    })),
  );
  const presence = ['Physical', 'Call', 'VC', 'Physical', 'Not Present'];
  await insertPerProject(db, 'setupFinalizations', projects, () =>
    team.map((professionalId, i) => ({ professionalId, presenceType: presence[i]! })),
  );
}

/**
 * More records on every setup session: several expectations and deliverables, risks and
 * stakeholders in every status 1–5 (Green, Yellow, Red, Blue, Legacy); and, on the other projects of
 * DEMO-SETUP's client, stakeholders whose names are not on DEMO-SETUP's setup session — the candidates of
 * Setup › Stakeholders › Import from Client Past Projects (one spelled twice, one already present with
 * other case: both show the import's name rules).
 */
async function seedSessionRecords(
  db: SeedDb,
  ctx: SeedContext,
  setupSessionOf: (projectId: number) => number,
) {
  const { projects } = ctx;
  const carla = ctx.person('carla.consultant');
  const dora = ctx.person('dora.director');
  const ivan = ctx.person('ivan.intern');
  const paula = ctx.person('paula.partner');
  const setup = projects.map((p) => ({ projectId: p.id, sessionId: setupSessionOf(p.id) }));

  await insertOnEach(db, 'sessionExpectations', setup, [
    {
      stakeholder: 'Tom Becker',
      expectation: 'A clear roadmap per region',
      observation: 'Steering in week 6',
    },
    {
      stakeholder: 'Marina Alves',
      expectation: 'Training for the sales managers',
      observation: null,
    },
  ]);
  await insertOnEach(db, 'sessionDeliverables', setup, [
    { deliverable: 'Commercial model blueprint', detail: 'Week 8 — validated with the CFO' },
    { deliverable: 'Implementation plan', detail: 'Week 12' },
  ]);
  await insertOnEach(db, 'sessionRisks', setup, [
    { risk: 'Sponsor availability', riskStatus: 1, observation: 'Fortnightly slot booked' },
    { risk: 'Union negotiation', riskStatus: 3, observation: 'May delay the pilot' },
    { risk: 'Regional rollout', riskStatus: 4, observation: 'Depends on the pilot results' },
    {
      risk: 'Previous consultancy report',
      riskStatus: 5,
      observation: 'Inherited from the 2023 project',
    },
  ]);
  await insertOnEach(db, 'sessionStakeholders', setup, [
    {
      name: 'Marina Alves',
      professionalResponsibleId: dora,
      position: 'Sales Director',
      birthday: '1979-11-03',
      language: 'Portuguese',
      currentStatus: 2,
      actionPlan: 'Involve in the pricing workshops.',
    },
    {
      name: 'Lucas Pereira',
      professionalResponsibleId: ivan,
      position: 'Controller',
      birthday: '1988-02-21',
      language: 'Spanish',
      currentStatus: 4,
      actionPlan: 'Share the data requests early.',
    },
    {
      name: 'Jürgen Weber',
      professionalResponsibleId: paula,
      position: 'Board Member',
      birthday: '1961-07-09',
      language: 'German',
      currentStatus: 5,
      actionPlan: 'Keep informed through the partner.',
    },
  ]);

  // Import candidates: the other projects of DEMO-SETUP's client (when it has any).
  const demoSetup = projects.find((p) => p.code === 'DEMO-SETUP');
  if (!demoSetup) return;
  const clientOf = new Map(
    (
      await db
        .selectFrom('projects')
        .select(['id', 'clientId'])
        .where(
          'id',
          'in',
          projects.map((p) => p.id),
        )
        .execute()
    ).map((r) => [r.id, r.clientId]),
  );
  const client = clientOf.get(demoSetup.id);
  const past = projects.filter(
    (p) => p.id !== demoSetup.id && client != null && clientOf.get(p.id) === client,
  );
  const CANDIDATES = [
    // the same person again (other spelling) and a name already on DEMO-SETUP: neither is offered twice (the newest row of a name is offered)
    {
      name: 'renata lopes',
      professionalResponsibleId: null,
      position: 'Commercial Director',
      birthday: null,
      language: 'Portuguese',
      currentStatus: 1,
      actionPlan: null,
    },
    {
      name: 'HELENA SOUZA',
      professionalResponsibleId: null,
      position: 'Chief Financial Officer',
      birthday: null,
      language: 'Portuguese',
      currentStatus: 1,
      actionPlan: null,
    },
    {
      name: 'Renata Lopes',
      professionalResponsibleId: dora,
      position: 'Commercial Director',
      birthday: '1983-03-14',
      language: 'Portuguese',
      currentStatus: 1,
      actionPlan: 'Weekly check-in on the pipeline.',
    },
    {
      name: 'Kenji Sato',
      professionalResponsibleId: ivan,
      position: 'IT Director',
      birthday: '1976-12-01',
      language: 'English',
      currentStatus: 4,
      actionPlan: 'Align the data extracts.',
    },
    {
      name: 'Sofia Martins',
      professionalResponsibleId: carla,
      position: 'HR Director',
      birthday: '1990-05-27',
      language: 'Spanish',
      currentStatus: 2,
      actionPlan: 'Co-design the training plan.',
    },
    {
      name: 'Élodie Durand',
      professionalResponsibleId: paula,
      position: 'Procurement Director',
      birthday: '1972-08-18',
      language: 'French',
      currentStatus: 5,
      actionPlan: null,
    },
    {
      name: 'Paulo Ribeiro',
      professionalResponsibleId: null,
      position: 'Chief Operating Officer',
      birthday: null,
      language: 'Portuguese',
      currentStatus: 3,
      actionPlan: 'Win over with the plant visit.',
    },
  ];
  if (past.length === 0) return;
  await db
    .insertInto('sessionStakeholders')
    .values(
      CANDIDATES.map((c, i) => {
        const p = past[i % past.length]!;
        return { projectId: p.id, sessionId: setupSessionOf(p.id), ...c };
      }),
    )
    .execute();
}
