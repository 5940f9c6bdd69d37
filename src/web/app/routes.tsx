import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ADMIN_MENU_SCOPES, SCOPES } from '@domain/constants';

export type Area = 'home' | 'project' | 'setup' | 'during' | 'closure' | 'admin' | 'auth' | 'teams';

export interface RouteDef {
  path: string;
  /** Page name: document.title is `<title> | Project Portal`. */
  title: string;
  area: Area;
  /** The user must hold one of these scopes. */
  scopes?: readonly string[];
  /** Public-only (sign-in): signed-in users go to /. */
  publicOnly?: boolean;
  /** Rendered without the shell. */
  bare?: boolean;
  Page: LazyExoticComponent<ComponentType>;
}

// One lazy chunk per area: only the first screen's code loads up front.
type Mod = Record<string, unknown>;
const from = (load: () => Promise<Mod>, name: string) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));
const setup = (n: string) => from(() => import('@web/features/setup/pages'), n);
const during = (n: string) => from(() => import('@web/features/during/pages'), n);
const closure = (n: string) => from(() => import('@web/features/closure/pages'), n);
const admin = (n: string) => from(() => import('@web/features/admin/pages'), n);

const ADMIN = ADMIN_MENU_SCOPES;

/** Every route of the three route tables (spec 000 §2.1, 001 §2, 002 §2.1); exact matches. */
export const ROUTES: RouteDef[] = [
  {
    path: '/auth/signin',
    title: 'Sign in',
    area: 'auth',
    publicOnly: true,
    bare: true,
    Page: lazy(() => import('@web/features/auth/SignInPage')),
  },
  // not in the spec's tables: the Teams channel tab's configuration page (issue 4; README decisions)
  {
    path: '/teams/config',
    title: 'Pin a project',
    area: 'teams',
    bare: true,
    Page: lazy(() => import('@web/features/teams/ConfigPage')),
  },
  {
    path: '/',
    title: 'Projects',
    area: 'home',
    Page: lazy(() => import('@web/features/projects/ProjectListPage')),
  },
  {
    path: '/project-one-page',
    title: 'OnePage Projects',
    area: 'home',
    Page: lazy(() => import('@web/features/projects/OnePageProjectsPage')),
  },
  {
    path: '/project/:id/home',
    title: 'Project Home',
    area: 'project',
    Page: lazy(() => import('@web/features/projects/ProjectHomePage')),
  },

  { path: '/project/:id/setup/client', title: 'Client', area: 'setup', Page: setup('ClientPage') },
  { path: '/project/:id/setup/project', title: 'Project', area: 'setup', Page: setup('ProjectPage') },
  {
    path: '/project/:id/setup/toolkit',
    title: 'Toolkits',
    area: 'setup',
    Page: from(() => import('@web/features/toolkits/pages'), 'ToolkitsPage'),
  },
  {
    path: '/project/:id/setup/client-past-projects',
    title: 'Client Past Projects',
    area: 'setup',
    Page: setup('ClientPastProjectsPage'),
  },
  {
    path: '/project/:id/setup/stakeholders',
    title: 'Stakeholders',
    area: 'setup',
    Page: setup('StakeholdersPage'),
  },
  {
    path: '/project/:id/setup/professional-dna',
    title: 'Professional DNA',
    area: 'setup',
    Page: setup('SetupProfessionalDnaPage'),
  },
  {
    path: '/project/:id/setup/roles',
    title: 'Roles and Responsibilities',
    area: 'setup',
    Page: setup('RolesPage'),
  },
  {
    path: '/project/:id/setup/finalization',
    title: 'Setup Finalization',
    area: 'setup',
    Page: setup('FinalizationPage'),
  },
  {
    path: '/project/:id/setup/assessment',
    title: 'Setup Assessment',
    area: 'setup',
    Page: setup('AssessmentPage'),
  },

  {
    path: '/project/:id/during/professional-dna',
    title: 'Professional DNA',
    area: 'during',
    Page: during('DuringProfessionalDnaPage'),
  },
  {
    path: '/project/:id/during/professional-DNA',
    title: 'Professional DNA',
    area: 'during',
    Page: during('DuringProfessionalDnaPage'),
  },
  { path: '/project/:id/during/one-page', title: 'One-Page', area: 'during', Page: during('OnePagePage') },
  {
    path: '/project/:id/during/project-session',
    title: 'Project Session',
    area: 'during',
    Page: during('ProjectSessionPage'),
  },
  {
    path: '/project/:id/during/weekly-status',
    title: 'Weekly Status',
    area: 'during',
    Page: during('WeeklyStatusPage'),
  },
  {
    path: '/project/:id/during/dashboard-archive',
    title: 'Dashboard Archive',
    area: 'during',
    Page: during('DashboardArchivePage'),
  },

  {
    path: '/project/:id/closure/client',
    title: 'Closure With Client',
    area: 'closure',
    Page: closure('ClosureClientPage'),
  },
  {
    path: '/project/:id/closure/internal',
    title: 'Closure Internal',
    area: 'closure',
    Page: closure('ClosureInternalPage'),
  },

  { path: '/admin', title: 'Admin', area: 'admin', scopes: ADMIN, Page: admin('AdminDashboardPage') },
  {
    path: '/admin/dashboard',
    title: 'Admin Dashboard',
    area: 'admin',
    scopes: ADMIN,
    Page: admin('AdminDashboardPage'),
  },
  {
    path: '/admin/projects',
    title: 'Admin Projects',
    area: 'admin',
    scopes: ADMIN,
    Page: admin('AdminProjectsPage'),
  },
  {
    path: '/admin/weekly-supervision',
    title: 'Weekly Supervision',
    area: 'admin',
    scopes: ADMIN,
    Page: admin('WeeklySupervisionPage'),
  },
  {
    path: '/admin/allocation-supervision',
    title: 'Allocation Supervision',
    area: 'admin',
    scopes: ADMIN,
    Page: admin('AllocationSupervisionPage'),
  },
  {
    path: '/admin/pdc-supervision',
    title: 'PDC Supervision',
    area: 'admin',
    scopes: ADMIN,
    Page: admin('PdcSupervisionPage'),
  },
  {
    path: '/admin/setup-assessment',
    title: 'Setup Assessment Supervision',
    area: 'admin',
    scopes: ADMIN,
    Page: admin('SetupAssessmentSupervisionPage'),
  },
  {
    path: '/admin/reports',
    title: 'Reports',
    area: 'admin',
    scopes: ADMIN,
    Page: from(() => import('@web/features/reports/pages'), 'ReportsPage'),
  },
  {
    path: '/admin/idone',
    title: 'ID One Accredited Centre',
    area: 'admin',
    scopes: ADMIN,
    Page: admin('IdOnePage'),
  },
  { path: '/admin/knm-home', title: 'KNM', area: 'admin', scopes: ADMIN, Page: admin('KnmHomePage') },
  {
    path: '/admin/knm-clients',
    title: 'KNM Project Client',
    area: 'admin',
    scopes: ADMIN,
    Page: admin('KnmClientsPage'),
  },
  {
    path: '/admin/knm-checklist',
    title: 'KNM Project Check List',
    area: 'admin',
    scopes: ADMIN,
    Page: admin('KnmChecklistPage'),
  },
  {
    path: '/admin/knm-catalogs',
    title: 'KNM Catalogs',
    area: 'admin',
    scopes: ADMIN,
    Page: admin('KnmCatalogsPage'),
  },
  {
    path: '/admin/knm-reports',
    title: 'KNM Reports',
    area: 'admin',
    scopes: ADMIN,
    Page: admin('KnmReportsPage'),
  },
  // not in the spec's tables: the administrators' view of the mail outbox (decision, README)
  {
    path: '/admin/mail-outbox',
    title: 'Mail Outbox',
    area: 'admin',
    scopes: [SCOPES.admin],
    Page: admin('MailOutboxPage'),
  },
];

/** The menu entries of a project (Setup / During / Closure groups, spec 000 §2.4). */
export const PROJECT_MENU = {
  setup: [
    ['Client', 'setup/client'],
    ['Project', 'setup/project'],
    ['Toolkits', 'setup/toolkit'],
    ['Client Past Projects', 'setup/client-past-projects'],
    ['Stakeholders', 'setup/stakeholders'],
    ['Professional DNA', 'setup/professional-dna'],
    ['Roles and Responsibilities', 'setup/roles'],
    ['Setup Assessment', 'setup/assessment'],
    ['Setup Finalization', 'setup/finalization'],
  ],
  during: [
    ['One-Page', 'during/one-page'],
    ['Professional DNA', 'during/professional-dna'],
    ['Project Session', 'during/project-session'],
    ['Weekly Status', 'during/weekly-status'],
    ['Dashboard Archive', 'during/dashboard-archive'],
  ],
  closure: [
    ['Closure With Client', 'closure/client'],
    ['Closure Internal', 'closure/internal'],
  ],
} as const;

export const ADMIN_MENU = [
  ['Dashboard', '/admin/dashboard'],
  ['Projects', '/admin/projects'],
  ['Weekly Supervision', '/admin/weekly-supervision'],
  ['Allocation Supervision', '/admin/allocation-supervision'],
  ['PDC Supervision', '/admin/pdc-supervision'],
  ['Setup Assessment', '/admin/setup-assessment'],
  ['Reports', '/admin/reports'],
  ['ID One', '/admin/idone'],
  ['KNM', '/admin/knm-home'],
  ['OnePage Projects', '/project-one-page'],
  ['Mail Outbox', '/admin/mail-outbox'],
] as const;
