import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { ADMIN_MENU_SCOPES, SCOPES } from '@domain/constants';
import { ADMIN_SCREEN_SCOPES } from '@domain/rules/admin';
import { SIGN_IN_PAGE } from '@web/api/config';
import { practicesQueryOptions } from '@web/api/master';
import { projectsQueryOptions } from '@web/api/projects';
import { kpisQueryOptions, projectQueryOptions } from '@web/api/project';
import type { FrameContext } from '@web/host';

/**
 * The navigation tree: every screen once, with its path, page title, area, access and code. It yields the
 * route table (`routeTable`), the side menu groups (`projectMenu`, `adminMenu`), the admin bar (`adminBar`)
 * and the path builders (`paths.project.setup.client(id)`); no path is written anywhere else.
 */

export type Area = 'home' | 'project' | 'setup' | 'during' | 'closure' | 'admin' | 'auth' | 'teams';

/** A route module: the screen component (default export). */
export type RouteModule = { default: ComponentType };

export interface Prefetch {
  (client: QueryClient, params: Record<string, string | undefined>): void;
}

export interface PageNode<P extends string = string> {
  kind: 'page';
  path: P;
  /** Page name: document.title is `<title> | Project Portal`; also the header's title. */
  title: string;
  /** Label in the side menu (default: the title). */
  label?: string;
  area: Area;
  /** The user must hold one of these scopes. */
  scopes?: readonly string[];
  /** Public-only (sign-in): signed-in users go to /. */
  publicOnly?: boolean;
  /** Public (the e-signature page): shown bare to anyone, signed in or not; never prefetches portal data. */
  public?: boolean;
  /** Rendered without the shell. */
  bare?: boolean;
  /**
   * Signed in, rendered in the chromeless frame — no side menu, header or overview panel: the Teams meeting's
   * side panel (320 px) and stage.
   */
  chromeless?: boolean;
  /** Further exact paths that show the same screen (spec spellings). */
  aliases?: { path: string; caseSensitive?: boolean }[];
  /** Listed in its group's side menu (default true for pages inside a group). */
  menu?: boolean;
  /** Entries of the admin navigation bar leading here (spec 002 §2.2). */
  bar?: { group?: 'SUPERVISION' | 'KNM' | 'IDONE'; label: string; order: number }[];
  /** The screen's code, loaded on first visit (one chunk per screen or area). */
  load: () => Promise<RouteModule>;
  /**
   * The screen component once `load` has answered: rendered at once, without a Suspense fallback (React
   * throttles the content replacing a fallback by up to 300 ms — the first screen would wait for nothing).
   */
  loaded?: ComponentType;
  /** Starts the screen's queries while its code loads (never awaited: code and data load in parallel). */
  prefetch?: Prefetch;
}

export interface GroupNode<C extends Record<string, PageNode>> {
  kind: 'group';
  id: 'setup' | 'during' | 'closure' | 'admin';
  label: string;
  children: C;
}

const page = <const P extends string>(node: Omit<PageNode<P>, 'kind'>): PageNode<P> => {
  const result: PageNode<P> = {
    kind: 'page',
    ...node,
    load: () =>
      node.load().then((m) => {
        result.loaded = m.default;
        return m;
      }),
  };
  return result;
};
const group = <const C extends Record<string, PageNode>>(
  id: GroupNode<C>['id'],
  label: string,
  children: C,
): GroupNode<C> => ({ kind: 'group', id, label, children });

const projectId = (params: Record<string, string | undefined>) => Number(params.id);
/** Every project page: the project (header, overview panel) and its KPIs, at once. */
const projectData: Prefetch = (client, params) => {
  const id = projectId(params);
  if (!Number.isInteger(id) || id <= 0) return;
  void client.prefetchQuery(projectQueryOptions(id));
  void client.prefetchQuery(kpisQueryOptions(id));
};
const withProject =
  (more?: Prefetch): Prefetch =>
  (client, params) => {
    projectData(client, params);
    more?.(client, params);
  };

/**
 * A screen's own prefetch, from its api file loaded on demand: the api file becomes a small chunk of its own
 * (it is also imported by the screen), so its requests start after that chunk, alongside the screen's code,
 * and the entry does not carry every screen's query code.
 */
const prefetchFrom =
  <M>(load: () => Promise<M>, pick: (m: M) => Prefetch): Prefetch =>
  (client, params) =>
    void load()
      .then((m) => pick(m)(client, params))
      .catch(() => undefined); // a failed chunk load: the screen's own queries will ask again

const ADMIN = ADMIN_MENU_SCOPES;
type P<S extends string> = Omit<PageNode<S>, 'kind' | 'area' | 'prefetch'> & { prefetch?: Prefetch };
const setupNode = <const S extends string>(n: P<S>) =>
  page({ ...n, area: 'setup', prefetch: withProject(n.prefetch) });
const duringNode = <const S extends string>(n: P<S>) =>
  page({ ...n, area: 'during', prefetch: withProject(n.prefetch) });
const closureNode = <const S extends string>(n: P<S>) =>
  page({ ...n, area: 'closure', prefetch: withProject(n.prefetch) });
/** An admin page: the four admin scopes unless the screen names a narrower set (ADMIN_SCREEN_SCOPES). */
const adminNode = <const S extends string>(
  n: Omit<PageNode<S>, 'kind' | 'area' | 'scopes'> & { scopes?: readonly string[] },
) => page({ ...n, area: 'admin', scopes: n.scopes ?? ADMIN });

export const nav = {
  signIn: page({
    path: SIGN_IN_PAGE,
    title: 'Sign in',
    area: 'auth',
    publicOnly: true,
    bare: true,
    load: () => import('@web/features/auth/sign-in/SignInPage'),
  }),
  // the built-in e-signature engine's public signing page (the link in the recipient's e-mail)
  sign: page({
    path: '/sign/:token',
    title: 'Sign a document',
    area: 'auth',
    public: true,
    bare: true,
    load: () => import('@web/features/sign/SignPage'),
  }),
  // not in the spec's tables: the Teams channel tab's configuration page (README decisions)
  teamsConfig: page({
    path: '/teams/config',
    title: 'Pin a project',
    area: 'teams',
    bare: true,
    load: () => import('@web/features/teams/config/ConfigPage'),
    prefetch: (client) => void client.prefetchQuery(projectsQueryOptions()),
  }),
  projects: page({
    path: '/',
    title: 'Projects',
    area: 'home',
    load: () => import('@web/features/projects/list/ProjectListPage'),
    prefetch: (client) => {
      void client.prefetchQuery(projectsQueryOptions());
      void client.prefetchQuery(practicesQueryOptions());
    },
  }),
  // the person's notification choices, from the user's menu at the bottom of the side menu
  notifications: page({
    path: '/notifications',
    title: 'Notifications',
    area: 'home',
    load: () => import('@web/features/account/notifications/NotificationsPage'),
    prefetch: prefetchFrom(
      () => import('@web/features/account/notifications/api/notifications'),
      (m) => m.prefetchNotificationSettings,
    ),
  }),
  project: {
    home: page({
      path: '/project/:id/home',
      title: 'Project Home',
      area: 'project',
      load: () => import('@web/features/projects/home/ProjectHomePage'),
      prefetch: withProject(),
    }),
    setup: group('setup', 'Setup', {
      client: setupNode({
        path: '/project/:id/setup/client',
        title: 'Client',
        load: () => import('@web/features/setup/client/ClientPage'),
        prefetch: prefetchFrom(
          () => import('@web/features/setup/client/api/client'),
          (m) => m.prefetchClient,
        ),
      }),
      project: setupNode({
        path: '/project/:id/setup/project',
        title: 'Project',
        load: () => import('@web/features/setup/project/ProjectPage'),
      }),
      toolkit: setupNode({
        path: '/project/:id/setup/toolkit',
        title: 'Toolkits',
        load: () => import('@web/features/setup/toolkits/ToolkitsPage'),
      }),
      clientPastProjects: setupNode({
        path: '/project/:id/setup/client-past-projects',
        title: 'Client Past Projects',
        load: () => import('@web/features/setup/client-past-projects/ClientPastProjectsPage'),
        prefetch: prefetchFrom(
          () => import('@web/features/setup/client-past-projects/api/client-past-projects'),
          (m) => m.prefetchClientPastProjects,
        ),
      }),
      stakeholders: setupNode({
        path: '/project/:id/setup/stakeholders',
        title: 'Stakeholders',
        load: () => import('@web/features/setup/stakeholders/StakeholdersPage'),
        prefetch: prefetchFrom(
          () => import('@web/features/setup/stakeholders/api/stakeholders'),
          (m) => m.prefetchStakeholders,
        ),
      }),
      professionalDna: setupNode({
        path: '/project/:id/setup/professional-dna',
        title: 'Professional DNA',
        load: () => import('@web/features/setup/professional-dna/ProfessionalDnaPage'),
        prefetch: prefetchFrom(
          () => import('@web/features/setup/professional-dna/api/professional-dnas'),
          (m) => m.prefetchSetupDnas,
        ),
      }),
      roles: setupNode({
        path: '/project/:id/setup/roles',
        title: 'Roles and Responsibilities',
        load: () => import('@web/features/setup/roles/RolesPage'),
        prefetch: prefetchFrom(
          () => import('@web/features/setup/roles/api/roles'),
          (m) => m.prefetchRoles,
        ),
      }),
      assessment: setupNode({
        path: '/project/:id/setup/assessment',
        title: 'Setup Assessment',
        load: () => import('@web/features/setup/assessment/SetupAssessmentPage'),
        prefetch: prefetchFrom(
          () => import('@web/features/setup/assessment/api/setup-assessment'),
          (m) => m.prefetchSetupAssessment,
        ),
      }),
      finalization: setupNode({
        path: '/project/:id/setup/finalization',
        title: 'Setup Finalization',
        load: () => import('@web/features/setup/finalization/SetupFinalizationPage'),
        prefetch: prefetchFrom(
          () => import('@web/features/setup/finalization/api/setup-finalizations'),
          (m) => m.prefetchSetupFinalizations,
        ),
      }),
    }),
    during: group('during', 'During', {
      onePage: duringNode({
        path: '/project/:id/during/one-page',
        title: 'One-Page',
        load: () => import('@web/features/during/one-page/OnePagePage'),
        prefetch: prefetchFrom(
          () => import('@web/features/during/one-page/api/one-pages'),
          (m) => m.prefetchOnePages,
        ),
      }),
      professionalDna: duringNode({
        path: '/project/:id/during/professional-dna',
        title: 'Professional DNA',
        // spec 001 spells it professional-DNA: both spellings open the screen
        aliases: [{ path: '/project/:id/during/professional-DNA', caseSensitive: true }],
        load: () => import('@web/features/during/professional-dna/ProfessionalDnaPage'),
        prefetch: prefetchFrom(
          () => import('@web/features/during/professional-dna/api/dna-sessions'),
          (m) => m.prefetchDnaSessions,
        ),
      }),
      projectSession: duringNode({
        path: '/project/:id/during/project-session',
        title: 'Project Session',
        load: () => import('@web/features/during/project-session/ProjectSessionPage'),
        prefetch: prefetchFrom(
          () => import('@web/features/during/project-session/api/sessions'),
          (m) => m.prefetchProjectSessions,
        ),
      }),
      weeklyStatus: duringNode({
        path: '/project/:id/during/weekly-status',
        title: 'Weekly Status',
        load: () => import('@web/features/during/weekly-status/WeeklyStatusPage'),
        prefetch: prefetchFrom(
          () => import('@web/features/during/weekly-status/api/weekly-statuses'),
          (m) => m.prefetchWeeklyStatus,
        ),
      }),
      dashboardArchive: duringNode({
        path: '/project/:id/during/dashboard-archive',
        title: 'Dashboard Archive',
        load: () => import('@web/features/during/dashboard-archive/DashboardArchivePage'),
        prefetch: prefetchFrom(
          () => import('@web/features/during/dashboard-archive/api/dashboards'),
          (m) => m.prefetchDashboards,
        ),
      }),
    }),
    // not in the spec's tables: the open project session in a Teams meeting (README decisions),
    // shown by the meeting's side panel and stage (`surfacePath`), also openable in a browser
    meeting: {
      panel: page({
        path: '/project/:id/session/panel',
        title: 'Project Session',
        area: 'during',
        chromeless: true,
        load: () => import('@web/features/during/project-session/SessionPanelPage'),
        prefetch: prefetchFrom(
          () => import('@web/features/during/project-session/api/sessions'),
          (m) => m.prefetchOpenSession,
        ),
      }),
      stage: page({
        path: '/project/:id/session/stage',
        title: 'Project Session Stage',
        area: 'during',
        chromeless: true,
        load: () => import('@web/features/during/project-session/SessionStagePage'),
        prefetch: prefetchFrom(
          () => import('@web/features/during/project-session/api/sessions'),
          (m) => m.prefetchSessionStage,
        ),
      }),
    },
    closure: group('closure', 'Closure', {
      client: closureNode({
        path: '/project/:id/closure/client',
        title: 'Closure With Client',
        load: () => import('@web/features/closure/client/ClosureClientPage'),
        prefetch: prefetchFrom(
          () => import('@web/features/closure/client/api/closure-external'),
          (m) => m.prefetchClosureClient,
        ),
      }),
      internal: closureNode({
        path: '/project/:id/closure/internal',
        title: 'Closure Internal',
        load: () => import('@web/features/closure/internal/ClosureInternalPage'),
        prefetch: prefetchFrom(
          () => import('@web/features/closure/internal/api/closure-internal'),
          (m) => m.prefetchClosureInternal,
        ),
      }),
    }),
  },
  admin: group('admin', 'Admin', {
    landing: adminNode({
      path: '/admin',
      title: 'Admin',
      menu: false,
      load: () => import('@web/features/admin/dashboard/AdminDashboardPage'),
    }),
    dashboard: adminNode({
      path: '/admin/dashboard',
      title: 'Admin Dashboard',
      label: 'Dashboard',
      bar: [{ label: 'DASHBOARD', order: 0 }],
      load: () => import('@web/features/admin/dashboard/AdminDashboardPage'),
    }),
    projects: adminNode({
      scopes: ADMIN_SCREEN_SCOPES.projectAdmin,
      path: '/admin/projects',
      title: 'Admin Projects',
      label: 'Projects',
      load: () => import('@web/features/admin/projects/AdminProjectsPage'),
      prefetch: prefetchFrom(
        () => import('@web/features/admin/projects/api/project-scopes'),
        (m) => m.prefetchAdminProjects,
      ),
    }),
    weeklySupervision: adminNode({
      path: '/admin/weekly-supervision',
      title: 'Weekly Supervision',
      bar: [{ group: 'SUPERVISION', label: 'WEEKLY', order: 0 }],
      load: () => import('@web/features/admin/weekly-supervision/WeeklySupervisionPage'),
      prefetch: prefetchFrom(
        () => import('@web/features/admin/weekly-supervision/api/weekly-supervision'),
        (m) => m.prefetchWeeklySupervision,
      ),
    }),
    allocationSupervision: adminNode({
      path: '/admin/allocation-supervision',
      title: 'Allocation Supervision',
      bar: [{ group: 'SUPERVISION', label: 'ALLOCATION', order: 2 }],
      load: () => import('@web/features/admin/allocation-supervision/AllocationSupervisionPage'),
      prefetch: prefetchFrom(
        () => import('@web/features/admin/allocation-supervision/api/allocation-supervision'),
        (m) => m.prefetchAllocationSupervision,
      ),
    }),
    pdcSupervision: adminNode({
      path: '/admin/pdc-supervision',
      title: 'PDC Supervision',
      load: () => import('@web/features/admin/pdc-supervision/PdcSupervisionPage'),
      prefetch: prefetchFrom(
        () => import('@web/features/admin/pdc-supervision/api/pdc-supervision'),
        (m) => m.prefetchPdcSupervision,
      ),
    }),
    setupAssessment: adminNode({
      path: '/admin/setup-assessment',
      title: 'Setup Assessment Supervision',
      label: 'Setup Assessment',
      bar: [{ group: 'SUPERVISION', label: 'SETUP', order: 1 }],
      load: () => import('@web/features/admin/setup-assessment/SetupAssessmentSupervisionPage'),
      prefetch: prefetchFrom(
        () => import('@web/features/admin/setup-assessment/api/setup-assessment-supervision'),
        (m) => m.prefetchSetupAssessmentSupervision,
      ),
    }),
    reports: adminNode({
      path: '/admin/reports',
      title: 'Reports',
      bar: [{ label: 'REPORTS', order: 1 }],
      load: () => import('@web/features/admin/reports/ReportsPage'),
      prefetch: prefetchFrom(
        () => import('@web/features/admin/reports/api/prefetch'),
        (m) => m.prefetchReports,
      ),
    }),
    idOne: adminNode({
      scopes: ADMIN_SCREEN_SCOPES.idOneCentre,
      path: '/admin/idone',
      title: 'ID One Accredited Centre',
      label: 'ID One',
      bar: [
        { group: 'IDONE', label: 'DASHBOARD', order: 0 },
        { group: 'IDONE', label: 'REPORTS', order: 1 },
      ],
      load: () => import('@web/features/admin/idone/IdOneCentrePage'),
      prefetch: prefetchFrom(
        () => import('@web/features/admin/idone/api/id-one-centre'),
        (m) => m.prefetchIdOneCentre,
      ),
    }),
    knmHome: adminNode({
      scopes: ADMIN_SCREEN_SCOPES.knm,
      path: '/admin/knm-home',
      title: 'KNM',
      load: () => import('@web/features/admin/knm-home/KnmHomePage'),
    }),
    knmClients: adminNode({
      scopes: ADMIN_SCREEN_SCOPES.knm,
      path: '/admin/knm-clients',
      title: 'KNM Project Client',
      menu: false,
      load: () => import('@web/features/admin/knm-clients/KnmClientsPage'),
      prefetch: prefetchFrom(
        () => import('@web/features/admin/knm-clients/api/clients'),
        (m) => m.prefetchKnmClients,
      ),
    }),
    knmChecklist: adminNode({
      scopes: ADMIN_SCREEN_SCOPES.knm,
      path: '/admin/knm-checklist',
      title: 'KNM Project Check List',
      menu: false,
      bar: [{ group: 'KNM', label: 'CHECKLIST', order: 1 }],
      load: () => import('@web/features/admin/knm-checklist/KnmChecklistPage'),
      prefetch: prefetchFrom(
        () => import('@web/features/admin/knm-checklist/api/knm-checklist'),
        (m) => m.prefetchKnmChecklist,
      ),
    }),
    knmCatalogs: adminNode({
      scopes: ADMIN_SCREEN_SCOPES.knm,
      path: '/admin/knm-catalogs',
      title: 'KNM Catalogs',
      menu: false,
      bar: [{ group: 'KNM', label: 'CATALOG', order: 0 }],
      load: () => import('@web/features/admin/knm-catalogs/KnmCatalogsPage'),
      prefetch: prefetchFrom(
        () => import('@web/features/admin/knm-catalogs/api/catalogs'),
        (m) => m.prefetchKnmCatalogs,
      ),
    }),
    knmReports: adminNode({
      scopes: ADMIN_SCREEN_SCOPES.knm,
      path: '/admin/knm-reports',
      title: 'KNM Reports',
      menu: false,
      bar: [{ group: 'KNM', label: 'REPORTS', order: 2 }],
      load: () => import('@web/features/admin/knm-reports/KnmReportsPage'),
    }),
    // spec 000 §2.1: a landing page of its own, linked from the Admin menu
    onePageProjects: page({
      path: '/project-one-page',
      title: 'OnePage Projects',
      area: 'home',
      load: () => import('@web/features/projects/one-page-list/OnePageProjectsPage'),
      prefetch: (client) => void client.prefetchQuery(projectsQueryOptions()),
    }),
    // not in the spec's tables: the administrators' view of the mail outbox (decision, README)
    mailOutbox: page({
      path: '/admin/mail-outbox',
      title: 'Mail Outbox',
      area: 'admin',
      scopes: [SCOPES.admin],
      load: () => import('@web/features/admin/mail-outbox/MailOutboxPage'),
    }),
    // not in the spec's tables: a firm's own people, master data and imports (decisions, docs/decisions.md)
    people: page({
      path: '/admin/people',
      title: 'People',
      area: 'admin',
      scopes: [SCOPES.admin],
      load: () => import('@web/features/admin/people/PeoplePage'),
    }),
    person: page({
      path: '/admin/people/:id',
      title: 'Person',
      area: 'admin',
      scopes: [SCOPES.admin],
      menu: false,
      load: () => import('@web/features/admin/people/PersonPage'),
    }),
    masterData: page({
      path: '/admin/master-data',
      title: 'Master data',
      area: 'admin',
      scopes: [SCOPES.admin],
      load: () => import('@web/features/admin/master-data/MasterDataPage'),
    }),
    imports: page({
      path: '/admin/import',
      title: 'Import',
      area: 'admin',
      scopes: [SCOPES.admin],
      load: () => import('@web/features/admin/imports/ImportPage'),
    }),
  }),
} as const;

type Node = PageNode | GroupNode<Record<string, PageNode>> | { [k: string]: Node };

/** Every page of the tree in menu order (the route table). */
export function pagesOf(node: Node = nav as unknown as Node): PageNode[] {
  if ('kind' in node && node.kind === 'page') return [node as PageNode];
  if ('kind' in node && node.kind === 'group')
    return Object.values((node as GroupNode<Record<string, PageNode>>).children).flatMap(pagesOf);
  return Object.values(node as Record<string, Node>).flatMap(pagesOf);
}
export const routeTable: readonly PageNode[] = pagesOf();

/** The entries of a side-menu group, in order. */
export const menuOf = (g: GroupNode<Record<string, PageNode>>) =>
  Object.values(g.children).filter((p) => p.menu !== false);

export const projectMenu = [nav.project.setup, nav.project.during, nav.project.closure] as const;

/**
 * The admin navigation bar (spec 002 §2.2): the top buttons, then SUPERVISION, KNM, IDONE — with `userScopes`, only
 * the entries whose screen the user may open (a group without any is left out).
 */
export function adminBar(userScopes?: readonly string[]) {
  const allowed = (p: PageNode) => !userScopes || !p.scopes || p.scopes.some((sc) => userScopes.includes(sc));
  const entries = routeTable
    .filter(allowed)
    .flatMap((p) => (p.bar ?? []).map((b) => ({ ...b, path: p.path })));
  const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
  const groups = (['SUPERVISION', 'KNM', 'IDONE'] as const)
    .map((name) => ({
      name,
      items: entries.filter((e) => e.group === name).sort(byOrder),
    }))
    .filter((g) => g.items.length > 0);
  return { buttons: entries.filter((e) => !e.group).sort(byOrder), groups };
}

/**
 * `/project/:id/setup/client` + { id: 3 } → `/project/3/setup/client`. (Not react-router's generatePath /
 * matchPath: this module runs in the small entry, before the router's code has loaded.)
 */
export function buildPath(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:(\w+)/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`missing ${k} for ${pattern}`);
    return encodeURIComponent(String(v));
  });
}

type Builder<S extends string> = S extends `${string}:id${string}`
  ? (id: number | string) => string
  : () => string;
type Paths<T> =
  T extends PageNode<infer S>
    ? Builder<S>
    : T extends GroupNode<infer C>
      ? { [K in keyof C]: Paths<C[K]> }
      : { [K in keyof T]: Paths<T[K]> };

function pathsOf(node: unknown): unknown {
  const n = node as { kind?: string; path?: string; children?: Record<string, unknown> };
  if (n.kind === 'page') {
    const pattern = n.path!;
    return pattern.includes(':id') ? (id: number | string) => buildPath(pattern, { id }) : () => pattern;
  }
  const src = (n.kind === 'group' ? n.children : node) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(src).map(([k, v]) => [k, pathsOf(v)]));
}

/** Path builders: `paths.projects()`, `paths.project.home(3)`, `paths.project.setup.client(3)`. */
export const paths = pathsOf(nav) as Paths<typeof nav>;

/** The tree's page for a concrete pathname with its parameters (exact matches, as the router), or undefined. */
export function matchPage(pathname: string): { page: PageNode; params: Record<string, string> } | undefined {
  for (const page of routeTable)
    for (const { path, caseSensitive } of [
      { path: page.path as string, caseSensitive: false },
      ...(page.aliases ?? []),
    ]) {
      const names: string[] = [];
      const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, n: string) => {
        names.push(n);
        return '([^/]+)';
      });
      const m = new RegExp(`^${source}/?$`, caseSensitive ? '' : 'i').exec(pathname);
      if (m)
        return { page, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) };
    }
  return undefined;
}

/**
 * The screen a Teams meeting surface shows for the tab's project: the side panel its open project session, the
 * stage that session read-only; other frames (a tab's content) show any page.
 */
export function surfacePath(frameContext: FrameContext | undefined, projectId: number): string | undefined {
  if (frameContext === 'sidePanel') return paths.project.meeting.panel(projectId);
  if (frameContext === 'meetingStage') return paths.project.meeting.stage(projectId);
  return undefined;
}

/** The tree's page for a concrete pathname (titles, headers), or undefined. */
export const pageFor = (pathname: string) => matchPage(pathname)?.page;
