import type { EndpointDef } from '../endpoint';
import { notifications } from './notifications';
import { outbox } from './outbox';
import { projects } from './projects';
import { master } from './master';
import { auth } from './auth';
import { setup } from './setup';
import { setupAssessment } from './setup-assessment';
import { setupFinalization } from './setup-finalization';
import { professionalDna } from './professional-dna';
import { toolkits } from './toolkits';
import { sessionRecords } from './session-records';
import { closureCheck } from './closure-check';
import { onePages } from './one-pages';
import { allocationSuggestions } from './allocation-suggestions';
import { dashboards } from './dashboards';
import { weeklyStatus } from './weekly-status';
import { esign } from './esign';
import { closureExternal } from './closure-external';
import { closureInternal } from './closure-internal';
import { crm } from './crm';
import { supervision } from './supervision';
import { idone } from './idone';
import { reports } from './reports';
import { support } from './support';
import { evaluations } from './evaluations';
import { sessions } from './sessions';
import { photos } from './photos';
import { scheduleWeeks } from './schedule-weeks';
import { preferences } from './preferences';
import { masterAdmin } from './master-admin';
import { gettingStarted } from './getting-started';
import { people } from './people';
import { imports } from './imports';

/**
 * Every endpoint of the portal's API, by area: the server registers each route from its entry
 * (`on(app, endpoints.area.name, …)`, src/server/platform/endpoint.ts) and the web calls it with
 * `api(endpoints.area.name, …)` (src/web/api/endpoint.ts). tests/server/endpoints.test.ts keeps the table and
 * the registered routes equal. The web imports an area's file (`@domain/contract/endpoints/<area>`), never this
 * index: a screen's chunk then carries only its area's schemas.
 */
export const endpoints = {
  notifications,
  outbox,
  projects,
  master,
  auth,
  setup,
  setupAssessment,
  setupFinalization,
  professionalDna,
  toolkits,
  sessionRecords,
  closureCheck,
  onePages,
  allocationSuggestions,
  dashboards,
  weeklyStatus,
  esign,
  closureExternal,
  closureInternal,
  crm,
  supervision,
  idone,
  reports,
  support,
  evaluations,
  sessions,
  photos,
  scheduleWeeks,
  preferences,
  masterAdmin,
  people,
  imports,
  gettingStarted,
};

/** The table as a list (the consistency test, the generated write-policy test). */
export const endpointList = (): { area: string; name: string; endpoint: EndpointDef }[] =>
  Object.entries(endpoints).flatMap(([area, group]) =>
    Object.entries(group as Record<string, EndpointDef>).map(([name, endpoint]) => ({
      area,
      name,
      endpoint,
    })),
  );
