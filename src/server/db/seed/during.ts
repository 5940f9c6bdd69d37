import { addDays, day, nth, type SeedContext, type SeedDb } from './context';
import * as M from './master';

/** The active evaluation cycle of the demo. */
const activeCycleId = () => M.EVALUATION_CYCLES.find(([, , , isActive]) => isActive)![0];

/**
 * The During records of every new DEMO project: evaluations in the active cycle (one read-only),
 * ID One records on DEMO-BRAZIL, one-pages for the last three weeks (with allocation suggestions and
 * dashboards; this week's is not submitted on DEMO-SETUP and DEMO-DURING, draft projects have none)
 * and weekly statuses in several signed states. Rows go in project order, table by table.
 */
export async function seedDuring(db: SeedDb, ctx: SeedContext) {
  const { projects, now, thisMonday } = ctx;
  if (projects.length === 0) return;
  const marcos = ctx.person('marcos.manager');
  const paula = ctx.person('paula.partner');
  const dora = ctx.person('dora.director');
  const carla = ctx.person('carla.consultant');
  const ivan = ctx.person('ivan.intern');

  await db
    .insertInto('projectEvaluations')
    .values(
      projects.flatMap((p) =>
        [dora, carla, ivan].map((professionalId, i) => ({
          projectId: p.id,
          professionalId,
          evaluatorId: marcos,
          validatorId: dora,
          partnerId: paula,
          cycleId: activeCycleId(),
          totalDays: 20 + i * 5,
          isEligible: i !== 2,
          evaluationStatus: ['Not started', 'In progress', 'Completed'][i]!,
          isReadOnly: i === 2,
        })),
      ),
    )
    .execute();

  const brazil = projects.filter((p) => p.code === 'DEMO-BRAZIL');
  if (brazil.length > 0) {
    await db
      .insertInto('projectIdOnes')
      .values(
        brazil.flatMap((p) => [
          {
            projectId: p.id,
            responsibleDefinitionId: marcos,
            numberProfile: 12,
            additionalProfiles: 3,
            clientNameDefined: true,
          },
          {
            projectId: p.id,
            responsibleDefinitionId: paula,
            numberProfile: 5,
            additionalProfiles: 0,
            clientNameDefined: false,
          },
        ]),
      )
      .execute();
  }

  // One-pages: two weeks ago, last week (submitted, delayed) and this week.
  const weeks = projects
    .filter((p) => p.status >= 2)
    .flatMap((p) =>
      [-14, -7, 0].map((offset) => {
        const initial = addDays(thisMonday, offset);
        const submitted = !(offset === 0 && (p.code === 'DEMO-DURING' || p.code === 'DEMO-SETUP'));
        const level = offset === 0 ? (p.n % 3) + 1 : 1;
        return { p, offset, initial, submitted, level };
      }),
    );
  if (weeks.length > 0) {
    const onePages = await db
      .insertInto('onePages')
      .values(
        weeks.map(({ p, offset, initial, submitted, level }) => ({
          projectId: p.id,
          format: 2,
          initialDate: day(initial),
          endDate: day(addDays(initial, 6)),
          createdAt: addDays(initial, 1),
          submittedAt: submitted ? addDays(initial, offset === -7 ? 8 : 4) : null,
          submittedById: submitted ? marcos : null,
          isDelayedSubmitted: submitted && offset === -7,
          hasAllocation: true,
          onePageProblemLevel: submitted ? level : null,
          environmentStatus: submitted ? 1 : null,
          needHelpFromGovernance: 2,
          riskOfDelay: 2,
          solutionReadiness: 2,
          integrationIdentity: 1,
          properAttention: 1,
          changeProjectStatus: 1,
          teamIssue: 2,
          dnaProf: 1,
          dnaTec: 1,
          weeklyStatus: 1,
          governanceActionOption: offset === 0 ? 3 : 2,
          governanceAction: offset === 0 ? 'Review staffing for the next phase.' : null,
          keyMessage: 'Diagnostic on track; client engaged.',
          deliveryFocusNextWeek: 'Finish the savings model.',
          projectStatusExplanation: level !== 1 ? 'Data delays from the client.' : null,
        })),
      )
      .returning(['id', 'projectId', 'initialDate'])
      .execute();
    const pages = weeks.map((w) => ({
      ...w,
      onePageId: onePages.find((o) => o.projectId === w.p.id && o.initialDate === day(w.initial))!.id,
    }));

    const suggestions = await db
      .insertInto('allocationSuggestions')
      .values(
        pages.flatMap(({ p, offset, onePageId }) =>
          [carla, ivan].map((professionalId) => ({
            onePageId,
            professionalId,
            practiceId: nth(M.PRACTICES, p.n % 7),
            totalDays: 4.5,
            feedback: professionalId === carla ? 'Fully allocated' : null,
            isApproved: offset !== 0,
          })),
        ),
      )
      .returning(['id', 'onePageId', 'professionalId'])
      .execute();
    await db
      .insertInto('allocationSuggestionWeeks')
      .values(
        pages.flatMap(({ onePageId }) =>
          [carla, ivan].flatMap((professionalId) => {
            const allocationSuggestionId = suggestions.find(
              (s) => s.onePageId === onePageId && s.professionalId === professionalId,
            )!.id;
            return [
              { allocationSuggestionId, weekOffset: 1, totalDays: 4 },
              { allocationSuggestionId, weekOffset: 2, totalDays: 3.5 },
            ];
          }),
        ),
      )
      .execute();
    const submittedPages = pages.filter((w) => w.submitted);
    if (submittedPages.length > 0) {
      await db
        .insertInto('projectDashboards')
        .values(
          submittedPages.map(({ p, initial, onePageId }) => ({
            projectId: p.id,
            onePageId,
            createdAt: addDays(initial, 5),
            currentWeek: 62,
            firstAllocation: 58,
            initial: 35,
            target: 40,
            setupStatus: 'Done',
            lastProfessionalDna: day(addDays(now, -3)),
            nextProfessionalDna: day(addDays(now, 11)),
            lastProjectSession: day(addDays(now, -7)),
            weeklyStatusDate: day(addDays(now, -5)),
            totalStakeholders: 2,
            criticalStakeholders: 1,
          })),
        )
        .execute();
    }
  }

  // Weekly statuses in several signed states (one of each per project).
  const statuses = await db
    .insertInto('weeklyStatuses')
    .values(
      projects.flatMap((p) => [
        {
          projectId: p.id,
          createdAt: addDays(now, -21),
          clientSubmissionDate: day(addDays(now, -20)),
          submittedAt: addDays(now, -20),
          isSubmitted: true,
          signedStatus: 'completed',
          signedType: 3,
          signatureFilename: 'weekly-status-signed.pdf',
        },
        {
          projectId: p.id,
          createdAt: addDays(now, -14),
          clientSubmissionDate: day(addDays(now, -13)),
          submittedAt: addDays(now, -13),
          isSubmitted: true,
          signedStatus: 'sent',
          signedType: 2,
          unSignatureFilename: 'weekly-status.pdf',
        },
        {
          projectId: p.id,
          createdAt: addDays(now, -7),
          signedStatus: 'declined',
          signedType: 2,
          isSubmitted: true,
          submittedAt: addDays(now, -6),
        },
        { projectId: p.id, createdAt: addDays(now, -1), signedStatus: 'draft', signedType: 1 },
      ]),
    )
    .returning(['id', 'projectId', 'signedStatus'])
    .execute();
  const ordered = projects.flatMap((p) =>
    ['completed', 'sent', 'declined', 'draft'].map((signed) =>
      statuses.find((s) => s.projectId === p.id && s.signedStatus === signed)!,
    ),
  );
  const contentNames = ['General Status', 'Diagnostic', 'Scope', 'Data access', 'Workshop'];
  await db
    .insertInto('weeklyStatusContents')
    .values(
      ordered.flatMap((w) =>
        [1, 2, 3, 4, 5].map((type) => ({
          weeklyStatusId: w.id,
          type,
          name: contentNames[type - 1]!,
          description: 'See notes',
          frontHeader: type === 2 ? 'Front A' : null,
          contentStatus: type === 2 ? 'On track' : null,
          orderPosition: 1,
        })),
      ),
    )
    .execute();
  await db
    .insertInto('weeklyStatusRecipients')
    .values(
      ordered.map((w) => ({
        weeklyStatusId: w.id,
        name: 'Helena Souza',
        email: 'helena.souza@client.example.com',
        isSigned: w.signedStatus === 'completed',
        signedCode: w.signedStatus === 'completed' ? 'SIG-1' : null,
      })),
    )
    .execute();
}
