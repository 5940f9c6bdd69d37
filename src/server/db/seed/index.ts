import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import * as M from './master';

type DB = Kysely<Database>;

/** DEMO-DATA.md people, in table order (ids 1–12). */
export const DEMO_PEOPLE = [
  ['alice.admin', 'Alice Almeida', 'Director', ['API.Portal.Admin']],
  ['gil.governance', 'Gil Gomes', 'Manager', ['API.Portal.OnePage']],
  ['kim.knm', 'Kim Kato', 'Analyst', ['API.Portal.KNW']],
  ['ida.idone', 'Ida Ikeda', 'Specialist', ['API.Portal.IDOne']],
  ['pedro.pdc', 'Pedro Prado', 'Manager', ['API.Portal.PDC']],
  ['marcos.manager', 'Marcos Moura', 'Manager', []],
  ['paula.partner', 'Paula Pereira', 'Partner', []],
  ['dora.director', 'Dora Duarte', 'Director', []],
  ['carla.consultant', 'Carla Costa', 'Consultant', []],
  ['ivan.intern', 'Ivan Ito', 'Intern', []],
  ['oscar.outsider', 'Oscar Oliveira', 'Consultant', []],
  ['rita.retired', 'Rita Ramos', 'Consultant', []],
] as const;

/** DEMO-DATA.md projects, in table order (ids 1–9). */
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

const ID = { marcos: 6, paula: 7, dora: 8, carla: 9, ivan: 10 };

/** A small deterministic pseudo-random generator (mulberry32). */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const day = (d: Date) => d.toISOString().slice(0, 10);
function addDays(d: Date, n: number) {
  const x = new Date(d);
  x.setUTCDate(x.getUTCDate() + n);
  return x;
}
/** Monday (UTC) of the week of `d`. */
function monday(d: Date) {
  const x = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  return addDays(x, -((x.getUTCDay() + 6) % 7));
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function seedMaster(db: DB) {
  const idName = (rows: readonly (readonly [number, string])[]) => rows.map(([id, name]) => ({ id, name }));
  await db.insertInto('practices').values(idName(M.PRACTICES)).execute();
  await db.insertInto('businessUnits').values(idName(M.BUSINESS_UNITS)).execute();
  await db.insertInto('methodologies').values(M.METHODOLOGIES.map(([id, name, practiceId]) => ({ id, name, practiceId }))).execute();
  await db.insertInto('geographics').values(idName(M.GEOGRAPHICS)).execute();
  await db.insertInto('geographicScopes').values(idName(M.GEOGRAPHIC_SCOPES)).execute();
  await db.insertInto('offices').values(idName(M.OFFICES)).execute();
  await db.insertInto('comanagements').values(idName(M.COMANAGEMENTS)).execute();
  await db.insertInto('languages').values(idName(M.LANGUAGES)).execute();
  await db.insertInto('segments').values(idName(M.SEGMENTS)).execute();
  await db.insertInto('positions').values(idName(M.POSITIONS)).execute();
  await db.insertInto('duringTypes').values(idName(M.DURING_TYPES)).execute();
  await db.insertInto('allocationStatuses').values(idName(M.ALLOCATION_STATUSES)).execute();
  await db.insertInto('evaluationCycles').values(M.EVALUATION_CYCLES.map(([id, period, year, isActive]) => ({ id, period, year, isActive }))).execute();
  await db
    .insertInto('clients')
    .values(
      M.CLIENTS.map(([id, name, economicGroup]) => ({
        id,
        name,
        economicGroup,
        clientDescription: `${name} is a long-standing client of the firm.`,
        clientCulture: 'Collaborative, data-driven, values quick wins.',
      })),
    )
    .execute();
  await db
    .insertInto('clientSegments')
    .values(M.CLIENTS.flatMap(([id]) => [{ clientId: id, segmentId: ((id - 1) % 8) + 1, segmentLevel: 1 }, { clientId: id, segmentId: (id % 8) + 1, segmentLevel: 2 }]))
    .execute();
  await db.insertInto('toolkits').values(M.TOOLKITS.map(([id, name, isActive, methodologyId]) => ({ id, name, isActive, methodologyId }))).execute();
  await db.insertInto('crmClassifications').values(M.CRM_CLASSIFICATIONS.map(([id, name, stakeholderTypes]) => ({ id, name, stakeholderTypes }))).execute();
  await db.insertInto('crmAreaPositions').values(M.CRM_AREA_POSITIONS.map(([id, name, type]) => ({ id, name, type }))).execute();
  await db.insertInto('crmIndustries').values(idName(M.CRM_INDUSTRIES)).execute();
  await db.insertInto('crmGeographies').values(idName(M.CRM_GEOGRAPHIES)).execute();
  await db.insertInto('crmOffices').values(idName(M.CRM_OFFICES)).execute();
  await db.insertInto('crmLanguages').values(idName(M.CRM_LANGUAGES)).execute();
  const start = monday(new Date());
  await db
    .insertInto('scheduleWeeks')
    .values(Array.from({ length: 12 }, (_, i) => ({ startDate: day(addDays(start, (i - 8) * 7)), endDate: day(addDays(start, (i - 8) * 7 + 6)) })))
    .execute();
}

function guid(n: number) {
  const h = n.toString(16).padStart(12, '0');
  return `00000000-0000-4000-8000-${h}`;
}

async function seedPeople(db: DB) {
  await db
    .insertInto('professionals')
    .values(
      DEMO_PEOPLE.map(([login, name, jobTitle, scopes], i) => ({
        name,
        email: `${login}@example.com`,
        login,
        jobTitle,
        photoGuid: guid(i + 1),
        isActive: login !== 'rita.retired',
        practiceId: (i % 8) + 1,
        comanagementId: (i % 4) + 1,
        businessUnits: ['Brazil'],
        scopes: [...scopes],
      })),
    )
    .execute();
}

/** The records on every screen of one DEMO project (DEMO-DATA.md). */
async function seedDemoProject(db: DB, projectId: number, code: string, status: number) {
  const now = new Date();
  const thisMonday = monday(now);
  const team = [ID.marcos, ID.paula, ID.dora, ID.carla, ID.ivan];
  await db
    .insertInto('projectTeam')
    .values(team.map((p) => ({ projectId, professionalId: p, isManager: p === ID.marcos, isPartner: p === ID.paula, isOnePageAllow: p === ID.dora })))
    .execute();
  await db.insertInto('projectPractices').values({ projectId, practiceId: (projectId % 7) + 1 }).execute();
  await db.insertInto('projectMethodologies').values({ projectId, methodologyId: [1, 3, 5, 7, 9, 11, 14, 16, 17][projectId - 1]! }).execute();
  await db.insertInto('projectGeographics').values({ projectId, geographicId: code === 'DEMO-BRAZIL' ? 223 : (projectId % 6) + 1 }).execute();
  await db.insertInto('projectGeographicScopes').values({ projectId, geographicScopeId: (projectId % 3) + 1 }).execute();
  await db.insertInto('projectOffices').values({ projectId, officeId: code === 'DEMO-BRAZIL' ? 1 : (projectId % 6) + 1 }).execute();
  await db.insertInto('projectCoManagements').values({ projectId, comanagementId: (projectId % 4) + 1 }).execute();
  await db.insertInto('projectTrainingDevelopment').values({ projectId, tdOportunity: projectId % 2 === 0, text: 'Pair juniors with the manager on client workshops.' }).execute();

  // Toolkits in every status 0–3.
  await db
    .insertInto('projectToolkits')
    .values([1, 4, 6, 8].map((toolkitId, i) => ({ projectId, toolkitId, idStatus: i })))
    .execute();

  // Setup session (scope texts, stakeholders, roles, expectations, deliverables, risks) and a During session.
  const [setup, during] = await db
    .insertInto('projectSessions')
    .values([
      { projectId, isSetup: true, discussionFocus: 'Setup', projectScope: 'Redesign the commercial model for the core regions.', projectOutScope: 'IT implementation.' },
      {
        projectId,
        isSetup: false,
        discussionFocus: 'Mid-project alignment',
        createdAt: addDays(now, -7),
        submittedAt: addDays(now, -6),
        submittedById: ID.marcos,
        adjustScope: 2,
        deliveringClientNeeds: 1,
        discussionOutcomes: 'Client confirmed priorities for the next phase.',
      },
    ])
    .returning('id')
    .execute();
  for (const s of [setup!.id, during!.id]) {
    await db
      .insertInto('sessionStakeholders')
      .values([
        { projectId, sessionId: s, name: 'Helena Souza', professionalResponsibleId: ID.marcos, position: 'Chief Financial Officer', birthday: '1975-04-12', language: 'Portuguese', currentStatus: 1, actionPlan: 'Bi-weekly steering updates.' },
        { projectId, sessionId: s, name: 'Tom Becker', professionalResponsibleId: ID.carla, position: 'Operations Director', birthday: '1982-09-30', language: 'English', currentStatus: 3, actionPlan: 'Win over with quick wins.' },
      ])
      .execute();
    await db.insertInto('sessionRars').values([
      { projectId, sessionId: s, professionalId: ID.carla, rarSupportingPoint: 'Data model', rarTechnicalRole: 'Analysis lead', rarNonTechnicalRole: 'Workshop facilitation' },
      { projectId, sessionId: s, professionalId: ID.ivan, rarSupportingPoint: 'Benchmarks', rarTechnicalRole: 'Research', rarNonTechnicalRole: 'Minutes' },
    ]).execute();
    await db.insertInto('sessionExpectations').values({ projectId, sessionId: s, stakeholder: 'Helena Souza', expectation: 'Savings of 5%', observation: 'Board target' }).execute();
    await db.insertInto('sessionDeliverables').values({ projectId, sessionId: s, deliverable: 'Diagnostic report', detail: 'Week 4' }).execute();
    await db.insertInto('sessionRisks').values({ projectId, sessionId: s, risk: 'Data availability', riskStatus: 2, observation: 'Waiting on ERP extract' }).execute();
  }

  // Professional DNA: setup goals per member, and a During DNA session with entries.
  await db
    .insertInto('professionalDnas')
    .values(team.map((p) => ({ projectId, sessionType: 1, professionalId: p, goalsForProject: 'Lead one workstream', individualNeeds: 'Flexible Fridays' })))
    .execute();
  const dnaSession = await db
    .insertInto('projectProfessionalDnas')
    .values({ projectId, sessionType: 2, sessionDate: day(addDays(now, -3)), sessionNextDate: day(addDays(now, 11)) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('professionalDnas')
    .values([ID.carla, ID.ivan].map((p, i) => ({ projectId, sessionType: 2, projectProfessionalDnaId: dnaSession.id, professionalId: p, dnaMetExpectation: i })))
    .execute();

  // Setup assessments: Carla everywhere; Ivan everywhere except DEMO-DURING (blocks 3→4 there).
  const assessed = code === 'DEMO-DURING' ? [ID.carla] : [ID.carla, ID.ivan];
  await db
    .insertInto('setupAssessments')
    .values(assessed.map((p) => ({ projectId, professionalId: p, rating: p === ID.carla ? 8 : 7, ratingDescription: 'Good kick-off', watchedToolkit: 1, doYouFeelComfortable: 1, howCouldBeenDoneBetter: 'More time for the client interviews.', createdBy: p, updatedBy: p })))
    .execute();
  await db
    .insertInto('setupFinalizations')
    .values(team.map((p, i) => ({ projectId, professionalId: p, presenceType: ['Physical', 'Call', 'VC', 'Physical', 'Not Present'][i]! })))
    .execute();

  // Evaluations in the active cycle (one read-only).
  await db
    .insertInto('projectEvaluations')
    .values([ID.dora, ID.carla, ID.ivan].map((p, i) => ({ projectId, professionalId: p, evaluatorId: ID.marcos, validatorId: ID.dora, partnerId: ID.paula, cycleId: 2, totalDays: 20 + i * 5, isEligible: i !== 2, evaluationStatus: ['Not started', 'In progress', 'Completed'][i]!, isReadOnly: i === 2 })))
    .execute();

  if (code === 'DEMO-BRAZIL') {
    await db.insertInto('projectIdOnes').values([
      { projectId, responsibleDefinitionId: ID.marcos, numberProfile: 12, additionalProfiles: 3, clientNameDefined: true },
      { projectId, responsibleDefinitionId: ID.paula, numberProfile: 5, additionalProfiles: 0, clientNameDefined: false },
    ]).execute();
  }

  // One-pages for recent weeks: two weeks ago, last week (submitted, one of them delayed) and this week
  // (submitted except on DEMO-DURING). Draft projects have none yet.
  if (status >= 2) {
    const weeks = [-14, -7, 0];
    for (const offset of weeks) {
      const initial = addDays(thisMonday, offset);
      const submitted = !(offset === 0 && (code === 'DEMO-DURING' || code === 'DEMO-SETUP'));
      const level = offset === 0 ? (projectId % 3) + 1 : 1;
      const op = await db
        .insertInto('onePages')
        .values({
          projectId,
          format: 2,
          initialDate: day(initial),
          endDate: day(addDays(initial, 6)),
          createdAt: addDays(initial, 1),
          submittedAt: submitted ? addDays(initial, offset === -7 ? 8 : 4) : null,
          submittedById: submitted ? ID.marcos : null,
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
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const suggestions = await db
        .insertInto('allocationSuggestions')
        .values([ID.carla, ID.ivan].map((p) => ({ onePageId: op.id, professionalId: p, practiceId: (projectId % 7) + 1, totalDays: 4.5, feedback: p === ID.carla ? 'Fully allocated' : null, isApproved: offset !== 0 })))
        .returning('id')
        .execute();
      await db
        .insertInto('allocationSuggestionWeeks')
        .values(suggestions.flatMap((s) => [{ allocationSuggestionId: s.id, weekOffset: 1, totalDays: 4 }, { allocationSuggestionId: s.id, weekOffset: 2, totalDays: 3.5 }]))
        .execute();
      if (submitted) {
        await db
          .insertInto('projectDashboards')
          .values({ projectId, onePageId: op.id, createdAt: addDays(initial, 5), currentWeek: 62, firstAllocation: 58, initial: 35, target: 40, setupStatus: 'Done', lastProfessionalDna: day(addDays(now, -3)), nextProfessionalDna: day(addDays(now, 11)), lastProjectSession: day(addDays(now, -7)), weeklyStatusDate: day(addDays(now, -5)), totalStakeholders: 2, criticalStakeholders: 1 })
          .execute();
      }
    }
  }

  // Weekly statuses in several signed states.
  const ws = await db
    .insertInto('weeklyStatuses')
    .values([
      { projectId, createdAt: addDays(now, -21), clientSubmissionDate: day(addDays(now, -20)), submittedAt: addDays(now, -20), isSubmitted: true, signedStatus: 'completed', signedType: 3, signatureFilename: 'weekly-status-signed.pdf' },
      { projectId, createdAt: addDays(now, -14), clientSubmissionDate: day(addDays(now, -13)), submittedAt: addDays(now, -13), isSubmitted: true, signedStatus: 'sent', signedType: 2, unSignatureFilename: 'weekly-status.pdf' },
      { projectId, createdAt: addDays(now, -7), signedStatus: 'declined', signedType: 2, isSubmitted: true, submittedAt: addDays(now, -6) },
      { projectId, createdAt: addDays(now, -1), signedStatus: 'draft', signedType: 1 },
    ])
    .returning('id')
    .execute();
  for (const w of ws) {
    await db
      .insertInto('weeklyStatusContents')
      .values([1, 2, 3, 4, 5].map((type) => ({ weeklyStatusId: w.id, type, name: ['General Status', 'Diagnostic', 'Scope', 'Data access', 'Workshop'][type - 1]!, description: 'See notes', frontHeader: type === 2 ? 'Front A' : null, contentStatus: type === 2 ? 'On track' : null, orderPosition: 1 })))
      .execute();
    await db.insertInto('weeklyStatusRecipients').values({ weeklyStatusId: w.id, name: 'Helena Souza', email: 'helena.souza@client.example.com', isSigned: w.id === ws[0]!.id, signedCode: w.id === ws[0]!.id ? 'SIG-1' : null }).execute();
  }

  // Closure records.
  await db
    .insertInto('closureExternal')
    .values({ projectId, signedType: 2, signedStatus: 'draft', signedWeeklyStatusPersonResponsibleId: ID.marcos, signedWeeklyStatusStatus: status >= 5, legalClosureDocumentPersonResponsibleId: ID.paula, legalClosureDocumentLogoAuthorization: true, clientTestimonialPersonResponsibleId: ID.dora, thankYouLetterPersonResponsibleId: ID.carla })
    .execute();
  await db.insertInto('closureExternalRecipients').values({ projectId, name: 'Helena Souza', email: 'helena.souza@client.example.com' }).execute();
  const complete = code === 'DEMO-CLOSEOUT' || code === 'DEMO-FINISHED';
  await db
    .insertInto('closureInternal')
    .values({
      projectId,
      formPersonResponsibleId: ID.marcos,
      formStatus: complete,
      crmPersonResponsibleId: ID.carla,
      closureProjectName: `${code} closure`,
      formProjectStartDate: day(addDays(now, -120)),
      formProjectEndDate: complete || code === 'DEMO-CLOSURE' ? day(addDays(now, 10)) : null,
      formResponsiblePartner: ID.paula,
      formProjectManager: ID.marcos,
      formOffice: complete ? 1 : null,
      formGeography: complete ? 1 : null,
      formMethodology: complete ? '1,3' : null,
      formMiniCaseComment: complete ? 'Sanitized summary: a consumer-goods client cut costs by 6% in 12 weeks.' : null,
      formCompleteCaseAttach: complete ? 'complete-case.pdf' : null,
    })
    .execute();
  await db.insertInto('closureChecklists').values({ projectId, checkCloseOutForm: complete ? 2 : 1 }).execute();
  await db.insertInto('dashboardAccess').values({ projectId, professionalId: ID.dora }).execute();
}

async function seedGenerated(db: DB, count: number) {
  if (count <= 0) return;
  const rand = rng(20261122);
  const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)]!;
  const first = ['Ana', 'Bruno', 'Clara', 'Diego', 'Elisa', 'Felipe', 'Gabriela', 'Hugo', 'Isabel', 'João', 'Karen', 'Lucas', 'Marta', 'Nuno', 'Olga', 'Paulo', 'Quitéria', 'Rafael', 'Sofia', 'Tiago', 'Ursula', 'Vitor', 'Wanda', 'Xavier', 'Yara', 'Zeca'];
  const last = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Lima', 'Pereira', 'Ferreira', 'Alves', 'Rodrigues', 'Gomes', 'Martins', 'Rocha', 'Ribeiro', 'Carvalho', 'Mendes', 'Barros'];
  const titles = ['Intern', 'Analyst', 'Consultant', 'Specialist', 'Manager', 'Partner', 'Director'];
  const nPeople = Math.max(60, Math.ceil(count / 5));
  const people = Array.from({ length: nPeople }, (_, i) => {
    const name = `${pick(first)} ${pick(last)}`;
    const login = `${name.toLowerCase().normalize('NFD').replace(/[^a-z ]/g, '').replace(' ', '.')}${i + 1}`;
    return { name, email: `${login}@example.com`, login, jobTitle: titles[i % titles.length]!, isActive: rand() > 0.05, practiceId: (i % 8) + 1, comanagementId: (i % 4) + 1, businessUnits: ['Brazil'], photoGuid: guid(1000 + i) };
  });
  const ids: { id: number; jobTitle: string }[] = [];
  await insertChunks(people, async (chunk) => {
    const r = await db.insertInto('professionals').values(chunk).returning(['id', 'jobTitle']).execute();
    ids.push(...r.map((x) => ({ id: x.id, jobTitle: x.jobTitle ?? '' })));
  });
  const managers = ids.filter((p) => p.jobTitle === 'Manager');
  const partners = ids.filter((p) => p.jobTitle === 'Partner' || p.jobTitle === 'Director');
  const members = ids.filter((p) => !['Manager', 'Partner', 'Director'].includes(p.jobTitle));
  const words = ['Growth', 'Pricing', 'Lean', 'Digital', 'Procurement', 'Network', 'Org', 'Culture', 'Sales', 'Cost', 'Supply', 'Innovation'];
  const now = new Date();
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
  }));
  const pids: { id: number; idStatus: number }[] = [];
  await insertChunks(projects, async (chunk) => {
    pids.push(...(await db.insertInto('projects').values(chunk).returning(['id', 'idStatus']).execute()));
  });
  const team: { projectId: number; professionalId: number; isManager: boolean; isPartner: boolean }[] = [];
  const practices: { projectId: number; practiceId: number }[] = [];
  const geos: { projectId: number; geographicId: number }[] = [];
  const comgts: { projectId: number; comanagementId: number }[] = [];
  const thisMonday = monday(now);
  const onePages: Record<string, unknown>[] = [];
  for (const p of pids) {
    const mgr = pick(managers).id;
    const ptn = pick(partners).id;
    team.push({ projectId: p.id, professionalId: mgr, isManager: true, isPartner: false }, { projectId: p.id, professionalId: ptn, isManager: false, isPartner: true });
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
  await insertChunks(onePages, (c) => db.insertInto('onePages').values(c as any).execute(), 500);
}

/** Seeds the DEMO-DATA contract plus `projects` generated projects. */
export async function seedDemo(db: DB, opts: { projects: number }) {
  await db.transaction().execute(async (trx) => {
    await seedMaster(trx);
    await seedPeople(trx);
    const now = new Date();
    for (const [i, [code, name, status]] of DEMO_PROJECTS.entries()) {
      const p = await trx
        .insertInto('projects')
        .values({
          code,
          name,
          clientId: (i % M.CLIENTS.length) + 1,
          idStatus: status,
          idDuringType: 1,
          startDate: day(addDays(now, -120)),
          endDate: day(addDays(now, 30 + i * 7)),
          closedAt: status === 5 ? addDays(now, -2) : null,
          whatSalesContext: 'Competitive proposal after a successful pilot.',
          whyClientNeedHelp: 'Margins under pressure from new entrants.',
          businessUnitId: 1,
          idAllocationStatus: i % 7,
          priority: i % 3 === 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('projectStatusHistory').values({ projectId: p.id, fromStatus: null, toStatus: status, changedBy: 1 }).execute();
      await seedDemoProject(trx, p.id, code, status);
    }
    await seedGenerated(trx, opts.projects);
  });


}

/** Seeds only an empty database; returns whether it seeded. */
export async function seedIfEmpty(db: DB, opts: { projects: number }): Promise<boolean> {
  const row = await db.selectFrom('professionals').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(row.n) > 0) return false;
  await seedDemo(db, opts);
  return true;
}
