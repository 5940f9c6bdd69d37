import { describe, expect, it } from 'vitest';
import { ADMIN_MENU_SCOPES } from '@domain/constants';
import { ADMIN_SCREEN_SCOPES } from '@domain/rules';
import {
  adminBar,
  buildPath,
  matchPage,
  menuOf,
  nav,
  pageFor,
  paths,
  projectMenu,
  routeTable,
} from '@web/app/navigation';
import { mayPrefetch, preloadRoute } from '@web/app/preload';
import { fakeToken, USERS } from '../render';

describe('navigation tree', () => {
  it('holds every path once (aliases included)', () => {
    const all = routeTable.flatMap((p) => [p.path, ...(p.aliases ?? []).map((a) => a.path)]);
    expect(new Set(all).size).toBe(all.length);
    expect(routeTable.every((p) => p.title.length > 0 && typeof p.load === 'function')).toBe(true);
  });

  it('builds paths from the tree', () => {
    expect(paths.projects()).toBe('/');
    expect(paths.project.home(3)).toBe('/project/3/home');
    expect(paths.project.setup.client(3)).toBe('/project/3/setup/client');
    expect(paths.project.setup.toolkit('12')).toBe('/project/12/setup/toolkit');
    expect(paths.project.during.professionalDna(3)).toBe('/project/3/during/professional-dna');
    expect(paths.project.closure.internal(7)).toBe('/project/7/closure/internal');
    expect(paths.admin.weeklySupervision()).toBe('/admin/weekly-supervision');
    expect(paths.admin.onePageProjects()).toBe('/project-one-page');
    expect(() => buildPath('/project/:id/home')).toThrow('missing id');
  });

  it('gives the side menu groups in the spec order (000 §2.4, 001 §2, 002 §2.1)', () => {
    expect(projectMenu.map((g) => g.label)).toEqual(['Setup', 'During', 'Closure']);
    expect(menuOf(nav.project.setup).map((p) => p.label ?? p.title)).toEqual([
      'Client',
      'Project',
      'Toolkits',
      'Client Past Projects',
      'Stakeholders',
      'Professional DNA',
      'Roles and Responsibilities',
      'Setup Assessment',
      'Setup Finalization',
    ]);
    expect(menuOf(nav.project.during).map((p) => p.title)).toEqual([
      'One-Page',
      'Professional DNA',
      'Project Session',
      'Weekly Status',
      'Dashboard Archive',
    ]);
    expect(menuOf(nav.project.closure).map((p) => p.title)).toEqual([
      'Closure With Client',
      'Closure Internal',
    ]);
    expect(menuOf(nav.admin).map((p) => p.label ?? p.title)).toEqual([
      'Dashboard',
      'Projects',
      'Weekly Supervision',
      'Allocation Supervision',
      'PDC Supervision',
      'Setup Assessment',
      'Reports',
      'ID One',
      'KNM',
      'OnePage Projects',
      'Mail Outbox',
      'People',
      'Master data',
      'Import',
    ]);
  });

  it('gives the admin bar of spec 002 §2.2', () => {
    const bar = adminBar();
    expect(bar.buttons.map((b) => [b.label, b.path])).toEqual([
      ['DASHBOARD', '/admin/dashboard'],
      ['REPORTS', '/admin/reports'],
    ]);
    expect(bar.groups.map((g) => [g.name, g.items.map((i) => `${i.label} ${i.path}`)])).toEqual([
      [
        'SUPERVISION',
        [
          'WEEKLY /admin/weekly-supervision',
          'SETUP /admin/setup-assessment',
          'ALLOCATION /admin/allocation-supervision',
        ],
      ],
      [
        'KNM',
        ['CATALOG /admin/knm-catalogs', 'CHECKLIST /admin/knm-checklist', 'REPORTS /admin/knm-reports'],
      ],
      ['IDONE', ['DASHBOARD /admin/idone', 'REPORTS /admin/idone']],
    ]);
  });

  it('guards admin pages with the admin scopes, or the narrower set of their screen', () => {
    const narrower: Record<string, readonly string[]> = {
      '/admin/projects': ADMIN_SCREEN_SCOPES.projectAdmin,
      '/admin/idone': ADMIN_SCREEN_SCOPES.idOneCentre,
      '/admin/mail-outbox': ['API.Portal.Admin'],
      '/admin/people': ['API.Portal.Admin'],
      '/admin/people/:id': ['API.Portal.Admin'],
      '/admin/master-data': ['API.Portal.Admin'],
      '/admin/import': ['API.Portal.Admin'],
    };
    for (const p of routeTable.filter((r) => r.path.startsWith('/admin')))
      expect(p.scopes, p.path).toEqual(
        narrower[p.path] ?? (p.path.startsWith('/admin/knm') ? ADMIN_SCREEN_SCOPES.knm : ADMIN_MENU_SCOPES),
      );
  });

  it('the admin bar shows a user only the screens they may open', () => {
    const labels = (scopes: string[]) => {
      const b = adminBar(scopes);
      return [
        ...b.buttons.map((x) => x.label),
        ...b.groups.map((g) => `${g.name}:${g.items.map((i) => i.label)}`),
      ];
    };
    expect(labels(['API.Portal.Admin'])).toEqual([
      'DASHBOARD',
      'REPORTS',
      'SUPERVISION:WEEKLY,SETUP,ALLOCATION',
      'KNM:CATALOG,CHECKLIST,REPORTS',
      'IDONE:DASHBOARD,REPORTS',
    ]);
    expect(labels(['API.Portal.KNW'])).toEqual([
      'DASHBOARD',
      'REPORTS',
      'SUPERVISION:WEEKLY,SETUP,ALLOCATION',
      'KNM:CATALOG,CHECKLIST,REPORTS',
    ]);
    expect(labels(['API.Portal.IDOne'])).toEqual([
      'DASHBOARD',
      'REPORTS',
      'SUPERVISION:WEEKLY,SETUP,ALLOCATION',
      'IDONE:DASHBOARD,REPORTS',
    ]);
  });

  it('finds the page of a pathname (titles and headers)', () => {
    expect(pageFor('/project/3/setup/roles')?.title).toBe('Roles and Responsibilities');
    expect(pageFor('/project/3/during/professional-DNA')?.title).toBe('Professional DNA');
    expect(pageFor('/admin/knm-home')?.title).toBe('KNM');
    expect(pageFor('/nowhere')).toBeUndefined();
  });

  it("prefetches a project page's project and KPIs together, and the list on the home", () => {
    const started: unknown[] = [];
    const client = { prefetchQuery: (o: { queryKey: unknown }) => started.push(o.queryKey) } as never;
    nav.project.setup.children.toolkit.prefetch!(client, { id: '3' });
    expect(started).toEqual([
      ['projects', 'detail', 3],
      ['projects', 'kpis', 3],
    ]);
    started.length = 0;
    nav.projects.prefetch!(client, {});
    expect(started).toEqual([
      ['projects', 'list'],
      ['master', 'practices'],
    ]);
    started.length = 0;
    nav.project.home.prefetch!(client, { id: 'abc' });
    expect(started).toEqual([]);
  });

  it('matches pathnames with their parameters, exactly (the aliases keep their casing)', () => {
    expect(matchPage('/project/42/setup/toolkit')).toMatchObject({
      page: nav.project.setup.children.toolkit,
      params: { id: '42' },
    });
    expect(matchPage('/PROJECT/42/HOME')?.page).toBe(nav.project.home);
    expect(matchPage('/project/42/during/professional-DNA')?.page).toBe(
      nav.project.during.children.professionalDna,
    );
    expect(matchPage('/project/42/home/extra')).toBeUndefined();
    expect(matchPage('/project//home')).toBeUndefined();
    expect(matchPage('/')?.page).toBe(nav.projects);
  });

  it('preloads the screen of the address before the app starts: code always, data only when signed in', () => {
    const started: unknown[] = [];
    const client = { prefetchQuery: (o: { queryKey: unknown }) => started.push(o.queryKey) } as never;
    localStorage.clear();
    preloadRoute(client, '/project/7/home');
    expect(started).toEqual([]);
    localStorage.setItem('portal.accessToken', fakeToken(USERS.marcos));
    preloadRoute(client, '/project/7/home');
    expect(started).toEqual([
      ['projects', 'detail', 7],
      ['projects', 'kpis', 7],
    ]);
    started.length = 0;
    preloadRoute(client, '/nowhere');
    expect(started).toEqual([]);
    localStorage.clear();
  });

  it("never prefetches an admin screen's data for someone without its scopes (a 403 would sign them out)", () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.marcos));
    for (const p of routeTable.filter((r) => r.scopes))
      expect(mayPrefetch(p), `${p.path} for a manager`).toBe(false);
    expect(mayPrefetch(pageFor('/project/3/home')!)).toBe(true);
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
    expect(mayPrefetch(pageFor('/admin/weekly-supervision')!)).toBe(true);
    expect(mayPrefetch(pageFor('/admin/knm-checklist')!)).toBe(true);
    localStorage.setItem(
      'portal.accessToken',
      fakeToken({ ...USERS.alice, login: 'kim.knm', scopes: ['API.Portal.KNW'] }),
    );
    expect(mayPrefetch(pageFor('/admin/knm-checklist')!)).toBe(true);
    expect(mayPrefetch(pageFor('/admin/idone')!)).toBe(false);
    localStorage.clear();
  });
});
