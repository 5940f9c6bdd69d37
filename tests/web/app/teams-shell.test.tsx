import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../msw-server';
import { renderWithProviders, fakeToken, USERS } from '../render';
import { AppRoutes } from '@web/app/App';
import { SessionProvider } from '@web/api/session-context';
import { setHost, getHost, type Host } from '@web/host';

const PROJECT = {
  id: 3, code: 'DEMO-DURING', name: 'Demo During Project', idStatus: 3, client: { id: 1, name: 'Cobalt Energy' }, endDate: '2027-01-05',
  startDate: null, createdAt: null, updatedAt: null, projectPractices: [], projectGeographics: [], missingAssessmentNames: 'Ivan Ito',
  projectManager: { id: 6, idProfessional: 6, name: 'Marcos Moura', email: 'marcos.manager@example.com', login: 'marcos.manager', photoGUID: null, isActive: true, jobTitle: { name: 'Manager' } },
  projectPartner: null,
  projectTeam: [
    { id: 1, idProfessional: 6, isManager: true, isPartner: false, isOnePageAllow: false, professional: { id: 6, name: 'Marcos Moura', email: 'marcos.manager@example.com', login: 'marcos.manager', photoGUID: null, isActive: true, jobTitle: { name: 'Manager' } } },
  ],
};

function useApi() {
  server.use(
    http.get('/api/projects', () => HttpResponse.json([])),
    http.get('/master/practices', () => HttpResponse.json([{ ID: 1, Name: 'Strategy' }])),
    http.get('/api/projects/:id', () => HttpResponse.json(PROJECT)),
    http.get('/api/mail-outbox', () => HttpResponse.json([])),
    http.get('/api/projects/:id/status-history', () => HttpResponse.json([{ id: 1, fromStatus: 2, toStatus: 3, changedBy: 'Marcos Moura', changedAt: '2026-11-20T10:00:00Z' }])),
    http.get('/api/projects/:id/kpis', () => HttpResponse.json({ onePageSubmitted: false, weeklyStatusSubmitted: false, hasProfessionalDNA: false, hasTechDNA: false, evaluationManagementFulfilled: false })),
    http.get('/api/project/:id/toolkits', () => HttpResponse.json([])),
    http.get('/api/project/:id/toolkits/permissions', () => HttpResponse.json({ canEdit: false, options: [] })),
    http.get('/master/toolkits', () => HttpResponse.json([])),
    http.get('/api/weekly-supervision', () => HttpResponse.json([], { headers: { 'x-total': '0', 'x-total-green': '0', 'x-total-yellow': '0', 'x-total-red': '0', 'x-total-notsubmitted': '0' } })),
  );
}

function signedInAs(user: Record<string, unknown>) {
  localStorage.setItem('portal.accessToken', fakeToken(user));
}

function renderAt(path: string) {
  return renderWithProviders(
    <SessionProvider>
      <AppRoutes />
    </SessionProvider>,
    { path },
  );
}

function withHost(over: Partial<Host>) {
  const prev = getHost();
  const host = { ...prev, notifyReady: vi.fn(), ...over } as Host;
  setHost(host);
  return { host, restore: () => setHost(prev) };
}

describe('the shell in Teams', () => {
  it('a channel tab pinned to a project stays in it: other paths lead to its home; no Projects, no Admin, no logout', async () => {
    useApi();
    signedInAs(USERS.alice);
    const h = withHost({ kind: 'teams', scopedProjectId: 3 });
    try {
      renderAt('/');
      await waitFor(() => expect(document.title).toBe('Project Home | Project Portal'));
      const nav = screen.getByRole('navigation', { name: 'Main menu' });
      expect(within(nav).getByRole('link', { name: 'Project Home' })).toHaveAttribute('href', '/project/3/home');
      expect(within(nav).queryAllByRole('link', { name: 'Projects' })).toEqual([]);
      expect(within(nav).queryByRole('button', { name: 'Admin' })).toBeNull();
      expect(within(nav).queryByRole('button', { name: 'Sign out' })).toBeNull();
      expect(h.host.notifyReady).toHaveBeenCalled();
    } finally {
      h.restore();
    }
  });

  it('the personal tab keeps the whole portal', async () => {
    useApi();
    signedInAs(USERS.alice);
    const h = withHost({ kind: 'teams' });
    try {
      renderAt('/admin/mail-outbox');
      await waitFor(() => expect(document.title).toBe('Mail Outbox | Project Portal'));
      const links = within(screen.getByRole('navigation', { name: 'Main menu' })).getAllByRole('link', { name: 'Projects' });
      expect(links.map((a) => a.getAttribute('href'))).toContain('/');
    } finally {
      h.restore();
    }
  });

  it('every project page copies its deep link', async () => {
    useApi();
    signedInAs(USERS.marcos);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const deepLink = vi.fn((p: string) => `https://teams.microsoft.com/l/entity/app/projects?sub=${p}`);
    const h = withHost({ deepLink });
    try {
      renderAt('/project/3/setup/toolkit');
      fireEvent.click(await screen.findByRole('button', { name: 'Copy a link to this page' }));
      expect(await screen.findByText('Link copied')).toBeInTheDocument();
      expect(deepLink).toHaveBeenCalledWith('/project/3/setup/toolkit');
      expect(writeText).toHaveBeenCalledWith('https://teams.microsoft.com/l/entity/app/projects?sub=/project/3/setup/toolkit');
    } finally {
      h.restore();
    }
  });

  it("a team member's avatar opens a chat through the host", async () => {
    useApi();
    signedInAs(USERS.marcos);
    const openChat = vi.fn();
    const h = withHost({ openChat });
    try {
      renderAt('/project/3/home');
      fireEvent.click(await screen.findByRole('link', { name: 'Chat with Marcos Moura' }));
      expect(openChat).toHaveBeenCalledWith('marcos.manager@example.com');
    } finally {
      h.restore();
    }
  });
});
