import { addDays, day, insertPerProject, masterId, type SeedContext, type SeedDb } from './context';
import * as M from './master';

/**
 * Closure records of every new DEMO project: external closure (signature draft, recipients), the
 * internal close-out form (complete only on DEMO-CLOSEOUT and DEMO-FINISHED, so 4→5 is refused on
 * DEMO-CLOSURE and allowed on DEMO-CLOSEOUT), the checklist, and Dora's dashboard access.
 */
export async function seedClosure(db: SeedDb, ctx: SeedContext) {
  const { projects, now } = ctx;
  if (projects.length === 0) return;
  const marcos = ctx.person('marcos.manager');
  const paula = ctx.person('paula.partner');
  const dora = ctx.person('dora.director');
  const carla = ctx.person('carla.consultant');
  const complete = (code: string) => code === 'DEMO-CLOSEOUT' || code === 'DEMO-FINISHED';

  await insertPerProject(db, 'closureExternal', projects, (p) => ({
    signedType: 2,
    signedStatus: 'draft',
    signedWeeklyStatusPersonResponsibleId: marcos,
    signedWeeklyStatusStatus: p.status >= 5,
    legalClosureDocumentPersonResponsibleId: paula,
    legalClosureDocumentLogoAuthorization: true,
    clientTestimonialPersonResponsibleId: dora,
    thankYouLetterPersonResponsibleId: carla,
  }));
  await insertPerProject(db, 'closureExternalRecipients', projects, () => ({
    name: 'Helena Souza',
    email: 'helena.souza@client.example.com',
  }));
  await insertPerProject(db, 'closureInternal', projects, (p) => {
    const done = complete(p.code);
    return {
      formPersonResponsibleId: marcos,
      formStatus: done,
      crmPersonResponsibleId: carla,
      closureProjectName: `${p.code} closure`,
      formProjectStartDate: day(addDays(now, -120)),
      formProjectEndDate: done || p.code === 'DEMO-CLOSURE' ? day(addDays(now, 10)) : null,
      formResponsiblePartner: paula,
      formProjectManager: marcos,
      formOffice: done ? masterId(M.OFFICES, 'São Paulo') : null,
      formGeography: done ? masterId(M.GEOGRAPHICS, 'United States') : null,
      formMethodology: done
        ? [
            masterId(M.METHODOLOGIES, 'Strategic Planning'),
            masterId(M.METHODOLOGIES, 'Lean Operations'),
          ].join(',')
        : null,
      formMiniCaseComment: done
        ? 'Sanitized summary: a consumer-goods client cut costs by 6% in 12 weeks.'
        : null,
      formCompleteCaseAttach: done ? 'complete-case.pdf' : null,
    };
  });
  await insertPerProject(db, 'closureChecklists', projects, (p) => ({
    checkCloseOutForm: complete(p.code) ? 2 : 1,
  }));
  await insertPerProject(db, 'dashboardAccess', projects, () => ({ professionalId: dora }));
}
