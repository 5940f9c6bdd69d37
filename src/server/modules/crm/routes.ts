import type { FastifyInstance } from 'fastify';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { on } from '@server/platform/endpoint';
import { expectedVersion } from '../../platform/versions';
import * as repo from './repo';
import * as service from './service';

const tags = ['crm'];
const E = endpoints.crm;

/**
 * The CRM backend (spec 002 §7 "CRM backend"), answered by our server under /crm so the web's
 * VITE_CRM_API_URL may point here or at the firm's own CRM. Reads: RULES.signedIn (contacts per project:
 * RULES.projectRead, 404 for an unknown project); writes: RULES.crmEdit, the service checking the body's
 * project (its team or Admin, else 403 "Only the project's team may save its CRM contacts").
 */
export default async function crmRoutes(app: FastifyInstance) {
  const { db } = app;
  const read = { access: RULES.signedIn };
  const write = { access: RULES.crmEdit };

  on(app, E.classifications, { tags, config: read }, () => service.classifications(db));
  on(app, E.areaPositions, { tags, config: read }, () => service.areaPositions(db));
  const lookups = [
    [E.geographies, 'crmGeographies'],
    [E.offices, 'crmOffices'],
    [E.industries, 'crmIndustries'],
    [E.languages, 'crmLanguages'],
  ] as const;
  for (const [entry, table] of lookups) on(app, entry, { tags, config: read }, () => repo.idNames(db, table));
  on(app, E.professionals, { tags, config: read }, () => repo.professionals(db));

  on(app, E.projectContacts, { tags, config: { access: RULES.projectRead } }, (req) =>
    service.contactsOfProject(db, req.params.id),
  );
  on(app, E.company, { tags, config: read }, (req) => service.company(db, req.params.clientId));

  on(app, E.createBulk, { tags, config: write }, (req) => service.createBulk(db, req.user, req.body));
  on(app, E.updateResponsibles, { tags, config: write }, (req) =>
    service.updateResponsibles(db, req.user, req.body, expectedVersion(req)),
  );
  on(app, E.sendEmail, { tags, config: write }, (req) =>
    service.sendEmail(
      { db, mailer: app.mailer, config: app.config, notifications: app.notifications },
      req.user,
      req.body,
    ),
  );
}
