import { addDays, day, type SeedContext, type SeedDb } from './context';
import { DEMO_TEAM } from './people';

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

  await db
    .insertInto('sessionStakeholders')
    .values(
      bySession.flatMap((s) => [
        {
          ...s,
          name: 'Helena Souza',
          professionalResponsibleId: marcos,
          position: 'Chief Financial Officer',
          birthday: '1975-04-12',
          language: 'Portuguese',
          currentStatus: 1,
          actionPlan: 'Bi-weekly steering updates.',
        },
        {
          ...s,
          name: 'Tom Becker',
          professionalResponsibleId: carla,
          position: 'Operations Director',
          birthday: '1982-09-30',
          language: 'English',
          currentStatus: 3,
          actionPlan: 'Win over with quick wins.',
        },
      ]),
    )
    .execute();
  await db
    .insertInto('sessionRars')
    .values(
      bySession.flatMap((s) => [
        {
          ...s,
          professionalId: carla,
          rarSupportingPoint: 'Data model',
          rarTechnicalRole: 'Analysis lead',
          rarNonTechnicalRole: 'Workshop facilitation',
        },
        {
          ...s,
          professionalId: ivan,
          rarSupportingPoint: 'Benchmarks',
          rarTechnicalRole: 'Research',
          rarNonTechnicalRole: 'Minutes',
        },
      ]),
    )
    .execute();
  await db
    .insertInto('sessionExpectations')
    .values(
      bySession.map((s) => ({
        ...s,
        stakeholder: 'Helena Souza',
        expectation: 'Savings of 5%',
        observation: 'Board target',
      })),
    )
    .execute();
  await db
    .insertInto('sessionDeliverables')
    .values(bySession.map((s) => ({ ...s, deliverable: 'Diagnostic report', detail: 'Week 4' })))
    .execute();
  await db
    .insertInto('sessionRisks')
    .values(
      bySession.map((s) => ({
        ...s,
        risk: 'Data availability',
        riskStatus: 2,
        observation: 'Waiting on ERP extract',
      })),
    )
    .execute();

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
  await db
    .insertInto('professionalDnas')
    .values(
      projects.flatMap((p) => {
        const dnaSessionId = dnaSessions.find((d) => d.projectId === p.id)!.id;
        return [
          ...team.map((professionalId) => ({
            projectId: p.id,
            sessionType: 1,
            professionalId,
            goalsForProject: 'Lead one workstream',
            individualNeeds: 'Flexible Fridays',
          })),
          ...[carla, ivan].map((professionalId, i) => ({
            projectId: p.id,
            sessionType: 2,
            projectProfessionalDnaId: dnaSessionId,
            professionalId,
            dnaMetExpectation: i,
          })),
        ];
      }),
    )
    .execute();

  await db
    .insertInto('setupAssessments')
    .values(
      projects.flatMap((p) =>
        (p.code === 'DEMO-DURING' ? [carla] : [carla, ivan]).map((professionalId) => ({
          projectId: p.id,
          professionalId,
          rating: professionalId === carla ? 8 : 7,
          ratingDescription: 'Good kick-off',
          watchedToolkit: 1,
          doYouFeelComfortable: 1,
          howCouldBeenDoneBetter: 'More time for the client interviews.',
          createdBy: professionalId,
          updatedBy: professionalId,
        })),
      ),
    )
    .execute();
  const presence = ['Physical', 'Call', 'VC', 'Physical', 'Not Present'];
  await db
    .insertInto('setupFinalizations')
    .values(
      projects.flatMap((p) =>
        team.map((professionalId, i) => ({ projectId: p.id, professionalId, presenceType: presence[i]! })),
      ),
    )
    .execute();
}
