import type { FastifyPluginAsync } from 'fastify';
import projects from './projects/routes';
import projectAdmin from './projects/admin.routes';
import master from './master/routes';
import photos from './photos/routes';
import supervision from './supervision/routes';
import toolkits from './toolkits/routes';
import outbox from './outbox/routes';
import support from './support/routes';
import evaluations from './evaluations/routes';
import sessions from './sessions/routes';
import idone from './idone/routes';
import setup from './setup/routes';
import professionalDna from './professional-dna/routes';
import setupAssessment from './setup-assessment/routes';
import setupFinalization from './setup-finalization/routes';
import sessionRecords from './session-records/routes';
import onePages from './one-pages/routes';
import allocationSuggestions from './allocation-suggestions/routes';
import esign from './esign/routes';
import weeklyStatus from './weekly-status/routes';
import closureExternal from './closure-external/routes';
import closureInternal from './closure-internal/routes';
import crm from './crm/routes';
import dashboards from './dashboards/routes';
import closureCheck from './closure-check/routes';
import reports from './reports/routes';
import bot from './bot/routes';
import notifications from './notifications/routes';
import scheduleWeeks from './schedule-weeks/routes';
import preferences from './preferences/routes';
import imports from './imports/routes';
import scim from './scim/routes';
import masterAdmin from './master-admin/routes';
import people from './people/routes';
import gettingStarted from './getting-started/routes';

/** Every server module (one Fastify plugin per spec area), registered by app.ts. */
export const modules: FastifyPluginAsync[] = [
  projects,
  projectAdmin,
  master,
  photos,
  supervision,
  toolkits,
  outbox,
  support,
  evaluations,
  sessions,
  idone,
  setup,
  professionalDna,
  setupAssessment,
  setupFinalization,
  sessionRecords,
  onePages,
  allocationSuggestions,
  esign,
  weeklyStatus,
  closureExternal,
  closureInternal,
  crm,
  dashboards,
  closureCheck,
  reports,
  notifications,
  scheduleWeeks,
  preferences,
  scim,
  masterAdmin,
  people,
  gettingStarted,
  imports,
  bot,
];
