import { addDays, day, insertPerProject, type SeedContext, type SeedDb } from './context';
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
  const notAfterNow = (d: Date) => (d.getTime() > now.getTime() ? now : d);
  if (projects.length === 0) return;
  const marcos = ctx.person('marcos.manager');
  const paula = ctx.person('paula.partner');
  const dora = ctx.person('dora.director');
  const carla = ctx.person('carla.consultant');
  const ivan = ctx.person('ivan.intern');

  await insertPerProject(db, 'projectEvaluations', projects, () =>
    [dora, carla, ivan].map((professionalId, i) => ({
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
  );

  const brazil = projects.filter((p) => p.code === 'DEMO-BRAZIL');
  await insertPerProject(db, 'projectIdOnes', brazil, () => [
    { responsibleDefinitionId: marcos, numberProfile: 12, additionalProfiles: 3, clientNameDefined: true },
    { responsibleDefinitionId: paula, numberProfile: 5, additionalProfiles: 0, clientNameDefined: false },
  ]);

  // One-pages (weeks Monday–Sunday UTC): two weeks ago (DEMO-DURING's in the classic format 1), last week
  // (submitted after its Sunday: delayed) and this week (checklist format 2; not submitted on DEMO-SETUP and
  // DEMO-DURING, submitted elsewhere, e.g. DEMO-READY).
  const weeks = projects
    .filter((p) => p.status >= 2)
    .flatMap((p) =>
      [-14, -7, 0].map((offset) => {
        const initial = addDays(thisMonday, offset);
        const submitted = !(offset === 0 && (p.code === 'DEMO-DURING' || p.code === 'DEMO-SETUP'));
        const level = offset === 0 ? (p.n % 3) + 1 : 1;
        const classic = offset === -14 && p.code === 'DEMO-DURING';
        return { p, offset, initial, submitted, level, classic };
      }),
    );
  if (weeks.length > 0) {
    const onePages = await db
      .insertInto('onePages')
      .values(
        weeks.map(({ p, offset, initial, submitted, level, classic }) => ({
          projectId: p.id,
          format: classic ? 1 : 2,
          initialDate: day(initial),
          endDate: day(addDays(initial, 6)),
          // never in the future (early in the week "Tuesday" or "Friday" has not come yet)
          createdAt: notAfterNow(addDays(initial, 1)),
          submittedAt: submitted ? notAfterNow(addDays(initial, offset === -7 ? 8 : 4)) : null,
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
          // the classic form's every value is filled (001 §5)
          ...(classic
            ? {
                projectStatusExplanation: 'On plan.',
                projectEnvironmentExplanation: 'Client sponsor engaged.',
                teamPoint: 'Team settled; Ivan pairs with Carla.',
                methodInternal: 'Weekly team review on Mondays.',
                methodExternal: 'Steering committee every two weeks.',
                governanceAction: 'None needed this week.',
              }
            : {}),
        })),
      )
      .returning(['id', 'projectId', 'initialDate'])
      .execute();
    const pages = weeks.map((w) => ({
      ...w,
      onePageId: onePages.find((o) => o.projectId === w.p.id && o.initialDate === day(w.initial))!.id,
    }));

    // Allocation suggestions (the professional's practice sets the day step, 001 §4): Carla and Ivan everywhere;
    // on DEMO-DURING also Paula (practice 7: quarter days) and Dora with no days at all (not listed: the
    // table's infoMessage names her).
    const practiceOf = new Map(
      (
        await db
          .selectFrom('professionals')
          .select(['id', 'practiceId'])
          .where('id', 'in', [carla, ivan, paula, dora])
          .execute()
      ).map((r) => [r.id, r.practiceId]),
    );
    const DAYS: Record<number, [number, number, number]> = {
      [carla]: [4.5, 4, 3.5],
      [ivan]: [4.5, 4, 3.5],
      [paula]: [1.25, 0.75, 0.5],
      [dora]: [0, 0, 0],
    };
    const allocated = pages.flatMap(({ p, offset, onePageId }) =>
      (p.code === 'DEMO-DURING' ? [carla, ivan, paula, dora] : [carla, ivan]).map((professionalId) => ({
        onePageId,
        professionalId,
        offset,
      })),
    );
    const suggestions = await db
      .insertInto('allocationSuggestions')
      .values(
        allocated.map(({ onePageId, professionalId, offset }) => ({
          onePageId,
          professionalId,
          practiceId: practiceOf.get(professionalId) ?? null,
          totalDays: DAYS[professionalId]![0],
          feedback: professionalId === carla ? 'Fully allocated' : null,
          isApproved: offset !== 0,
        })),
      )
      .returning(['id', 'onePageId', 'professionalId'])
      .execute();
    await db
      .insertInto('allocationSuggestionWeeks')
      .values(
        allocated.flatMap(({ onePageId, professionalId }) => {
          const allocationSuggestionId = suggestions.find(
            (s) => s.onePageId === onePageId && s.professionalId === professionalId,
          )!.id;
          return [
            { allocationSuggestionId, weekOffset: 1, totalDays: DAYS[professionalId]![1] },
            { allocationSuggestionId, weekOffset: 2, totalDays: DAYS[professionalId]![2] },
          ];
        }),
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
            createdAt: notAfterNow(addDays(initial, 5)),
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
  /** Created `days` ago, submitted for the client's date the day after. */
  const submittedFor = (days: number) => ({
    createdAt: addDays(now, -days),
    clientSubmissionDate: day(addDays(now, 1 - days)),
    submittedAt: addDays(now, 1 - days),
    isSubmitted: true,
  });
  const statuses = await db
    .insertInto('weeklyStatuses')
    .values(
      projects.flatMap((p) => [
        {
          projectId: p.id,
          ...submittedFor(21),
          signedStatus: 'completed',
          signedType: 3,
          signatureFilename: 'weekly-status-signed.pdf',
        },
        {
          projectId: p.id,
          ...submittedFor(14),
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
