import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CrmAreaPosition,
  CrmClassification,
  CrmCompany,
  CrmCreateBulkInput,
  CrmLookup,
  CrmProfessional,
  CrmResponsiblesInput,
  CrmSavedContact,
  CrmSendEmailInput,
  CrmSendEmailResult,
} from '@domain/contract';
import { RULES } from '@domain/rules';
import { IdParam, IdParams } from '../../platform/params';
import { expectedVersion } from '../../platform/versions';
import * as repo from './repo';
import * as service from './service';

const tags = ['crm'];
const Contacts = z.array(CrmSavedContact);

/**
 * The CRM backend (spec 002 §7 "CRM backend"), answered by our server under /crm so the web's
 * VITE_CRM_API_URL may point here or at the firm's own CRM. Reads: RULES.signedIn (contacts per project:
 * RULES.projectRead, 404 for an unknown project); writes: RULES.crmEdit, the service checking the body's
 * project (its team or Admin, else 403 "Only the project's team may save its CRM contacts").
 */
export default async function crmRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const read = { access: RULES.signedIn };
  const write = { access: RULES.crmEdit };

  app.get(
    '/crm/crm-classifications',
    { config: read, schema: { tags, response: { 200: z.array(CrmClassification) } } },
    () => service.classifications(db),
  );
  app.get(
    '/crm/area-positions',
    { config: read, schema: { tags, response: { 200: z.array(CrmAreaPosition) } } },
    () => service.areaPositions(db),
  );
  const lookups = [
    ['/crm/geographies', 'crmGeographies'],
    ['/crm/offices', 'crmOffices'],
    ['/crm/industries', 'crmIndustries'],
    ['/crm/languages', 'crmLanguages'],
  ] as const;
  for (const [url, table] of lookups)
    app.get(url, { config: read, schema: { tags, response: { 200: z.array(CrmLookup) } } }, () =>
      repo.idNames(db, table),
    );
  app.get(
    '/crm/professional',
    { config: read, schema: { tags, response: { 200: z.array(CrmProfessional) } } },
    () => repo.professionals(db),
  );

  app.get(
    '/crm/contactPerProject/:id',
    {
      config: { access: RULES.projectRead },
      schema: { tags, params: IdParams, response: { 200: Contacts } },
    },
    (req) => service.contactsOfProject(db, req.params.id),
  );
  app.get(
    '/crm/company/:clientId',
    {
      config: read,
      schema: { tags, params: z.object({ clientId: IdParam }), response: { 200: CrmCompany } },
    },
    (req) => service.company(db, req.params.clientId),
  );

  app.post(
    '/crm/profile/create-bulk',
    { config: write, schema: { tags, body: CrmCreateBulkInput, response: { 200: Contacts } } },
    (req) => service.createBulk(db, req.user, req.body),
  );
  app.put(
    '/crm/updateContactPerProjectResponsible',
    { config: write, schema: { tags, body: CrmResponsiblesInput, response: { 200: Contacts } } },
    (req) => service.updateResponsibles(db, req.user, req.body, expectedVersion(req)),
  );
  app.post(
    '/crm/sendEmail',
    { config: write, schema: { tags, body: CrmSendEmailInput, response: { 200: CrmSendEmailResult } } },
    (req) =>
      service.sendEmail(
        { db, mailer: app.mailer, config: app.config, notifications: app.notifications },
        req.user,
        req.body,
      ),
  );
}
