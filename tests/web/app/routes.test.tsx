import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeToken, USERS } from '../render';
import { routeTable } from '@web/app/navigation';

const ROUTES = routeTable.flatMap((r) => [r, ...(r.aliases ?? []).map((a) => ({ ...r, path: a.path }))]);
import { renderAt, signedInAs, useApi } from './app-fixtures';
import { setHost, getHost, type Host } from '@web/host';

const concrete = (p: string) => p.replace(':id', '3');

describe('route table', () => {
  it('lists every route of the three spec route tables exactly once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const expected = [
      '/auth/signin',
      '/',
      '/admin',
      '/project-one-page',
      '/project/:id/home',
      ...[
        'client',
        'project',
        'toolkit',
        'client-past-projects',
        'stakeholders',
        'professional-dna',
        'roles',
        'finalization',
        'assessment',
      ].map((p) => `/project/:id/setup/${p}`),
      ...[
        'professional-dna',
        'professional-DNA',
        'one-page',
        'project-session',
        'weekly-status',
        'dashboard-archive',
      ].map((p) => `/project/:id/during/${p}`),
      '/project/:id/closure/client',
      '/project/:id/closure/internal',
      ...[
        'projects',
        'weekly-supervision',
        'allocation-supervision',
        'pdc-supervision',
        'setup-assessment',
        'reports',
        'idone',
        'dashboard',
        'knm-home',
        'knm-clients',
        'knm-checklist',
        'knm-catalogs',
        'knm-reports',
      ].map((p) => `/admin/${p}`),
    ];
    expect([...paths].sort()).toEqual(
      [
        ...expected,
        '/admin/mail-outbox',
        // a firm's own people, master data and imports
        '/admin/people',
        '/admin/people/:id',
        '/admin/master-data',
        '/admin/import',
        '/teams/config',
        '/sign/:token',
        // the person's notification choices; the Teams meeting's side panel and stage
        '/notifications',
        '/project/:id/session/panel',
        '/project/:id/session/stage',
      ].sort(),
    );
    // every admin screen needs an admin scope; KNM, ID One and project administration narrower ones
    const narrower: Record<string, string[]> = {
      '/admin/projects': ['API.Portal.Admin'],
      '/admin/idone': ['API.Portal.Admin', 'API.Portal.IDOne'],
      '/admin/mail-outbox': ['API.Portal.Admin'],
      '/admin/people': ['API.Portal.Admin'],
      '/admin/people/:id': ['API.Portal.Admin'],
      '/admin/master-data': ['API.Portal.Admin'],
      '/admin/import': ['API.Portal.Admin'],
    };
    for (const r of ROUTES.filter((x) => x.path.startsWith('/admin')))
      expect(r.scopes, r.path).toEqual(
        narrower[r.path] ??
          (r.path.startsWith('/admin/knm')
            ? ['API.Portal.Admin', 'API.Portal.KNW']
            : ['API.Portal.Admin', 'API.Portal.IDOne', 'API.Portal.KNW', 'API.Portal.PDC']),
      );
  });

  it.each(ROUTES.filter((r) => !r.publicOnly).map((r) => [r.path, r.title]))(
    '%s opens with the title "%s | Project Portal"',
    async (path, title) => {
      useApi();
      signedInAs(USERS.alice);
      renderAt(concrete(path));
      await waitFor(() => expect(document.title).toBe(`${title} | Project Portal`));
    },
  );

  it('shows a not-found page for unknown paths', async () => {
    signedInAs(USERS.alice);
    useApi();
    renderAt('/nowhere/at/all');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found | Project Portal');
  });
});

describe('guards', () => {
  it('sends visitors without a session to /auth/signin (which starts the identity provider)', async () => {
    const acquireToken = vi.fn(async () => undefined);
    const prev = getHost();
    setHost({ ...prev, acquireToken } as Host);
    try {
      renderAt('/project/3/home');
      await waitFor(() =>
        expect(acquireToken).toHaveBeenCalledWith({ loginHint: undefined, interactive: false }),
      );
      expect(sessionStorage.getItem('portal.returnTo')).toBe('/project/3/home');
    } finally {
      setHost(prev);
    }
  });

  it('treats an expired token as signed out', async () => {
    const acquireToken = vi.fn(async () => undefined);
    const prev = getHost();
    setHost({ ...prev, acquireToken } as Host);
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice, -10));
    try {
      renderAt('/');
      await waitFor(() => expect(acquireToken).toHaveBeenCalled());
    } finally {
      setHost(prev);
    }
  });

  it('sends signed-in users away from the public-only sign-in route', async () => {
    useApi();
    signedInAs(USERS.marcos);
    renderAt('/auth/signin');
    await waitFor(() => expect(document.title).toBe('Projects | Project Portal'));
  });

  it('refuses admin routes to users without an admin scope and admits KNW holders', async () => {
    useApi();
    signedInAs(USERS.marcos);
    const { unmount } = renderAt('/admin/weekly-supervision');
    expect(await screen.findByText('You do not have access to this page')).toBeInTheDocument();
    unmount();
    signedInAs(USERS.kim);
    renderAt('/admin/weekly-supervision');
    expect(await screen.findByText('ONE-PAGE NOT SUBMITTED')).toBeInTheDocument();
    expect(screen.queryByText('You do not have access to this page')).toBeNull();
  });
});

describe('shell', () => {
  it('shows the Admin group only to holders of Admin, IDOne, KNW or PDC', async () => {
    useApi();
    signedInAs(USERS.marcos);
    const { unmount } = renderAt('/');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).queryByRole('button', { name: 'Admin' })).toBeNull();
    unmount();
    signedInAs(USERS.kim);
    renderAt('/');
    expect(
      within(await screen.findByRole('navigation', { name: 'Main menu' })).getByRole('button', {
        name: 'Admin',
      }),
    ).toBeInTheDocument();
  });

  it('outside a project: welcome header, no Project Home, no phase groups', async () => {
    useApi();
    signedInAs(USERS.marcos);
    renderAt('/');
    expect(await screen.findByText(/Welcome to the Project Portal,/)).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Marcos Moura');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).queryByRole('link', { name: 'Project Home' })).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'Setup' })).toBeNull();
  });

  it('inside a project: name and code in the header, Project Home, the current group open, the overview panel', async () => {
    useApi();
    signedInAs(USERS.marcos);
    renderAt('/project/3/during/weekly-status');
    const header = await screen.findByRole('banner');
    await waitFor(() => expect(header).toHaveTextContent('Demo During Project'));
    expect(header).toHaveTextContent('DEMO-DURING');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Project Home' })).toHaveAttribute(
      'href',
      '/project/3/home',
    );
    expect(within(nav).getByRole('button', { name: 'During' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('button', { name: 'Setup' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).getByRole('link', { name: 'Weekly Status' })).toHaveAttribute(
      'href',
      '/project/3/during/weekly-status',
    );
    const panel = screen.getByRole('complementary', { name: 'Project overview' });
    expect(within(panel).getByRole('link', { name: 'Chat with Marcos Moura' })).toHaveAttribute(
      'href',
      'https://teams.microsoft.com/l/chat/0/0?users=marcos.manager%40example.com',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Collapse overview' }));
    expect(within(panel).queryByText('Team')).toBeNull();
  });

  it('logout goes through the host (identity provider logout)', async () => {
    useApi();
    signedInAs(USERS.marcos);
    const signOut = vi.fn();
    const prev = getHost();
    setHost({ ...prev, signOut } as Host);
    try {
      renderAt('/');
      await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
      expect(signOut).toHaveBeenCalled();
    } finally {
      setHost(prev);
    }
  });
});
