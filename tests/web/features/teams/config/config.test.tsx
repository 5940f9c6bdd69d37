import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../msw-server';
import { renderWithProviders } from '../../../render';
import TeamsConfigPage, { tabSettingsFor } from '@web/features/teams/config/ConfigPage';
import { searchProjects } from '@web/features/teams/config/api/pickable-projects';
import { getHost, setHost, type Host, type TabSettings } from '@web/host';

const PROJECTS = [
  {
    id: 1,
    code: 'DEMO-DRAFT',
    name: 'Draft rollout',
    idStatus: 1,
    endDate: null,
    client: { id: 1, name: 'Acme Foods' },
    projectManager: null,
    projectPractices: [],
  },
  {
    id: 3,
    code: 'DEMO-DURING',
    name: 'Pricing programme',
    idStatus: 3,
    endDate: null,
    client: { id: 2, name: 'Banco São Paulo' },
    projectManager: null,
    projectPractices: [],
  },
  {
    id: 9,
    code: 'DEMO-BRAZIL',
    name: 'Operação Brasil',
    idStatus: 3,
    endDate: null,
    client: { id: 2, name: 'Banco São Paulo' },
    projectManager: null,
    projectPractices: [],
  },
];

function settingsHost(currentProjectId?: number) {
  let saver: (() => TabSettings | undefined) | undefined;
  const setValid = vi.fn();
  const notifyReady = vi.fn();
  const prev = getHost();
  setHost({
    ...prev,
    kind: 'teams',
    notifyReady,
    tabConfig: { currentProjectId, setValid, onSave: (s) => (saver = s) },
  } as Host);
  return { setValid, notifyReady, save: () => saver?.(), restore: () => setHost(prev) };
}

describe('search', () => {
  it('matches code, name and client, ignoring case and accents, every word', () => {
    expect(searchProjects(PROJECTS, 'sao paulo').map((p) => p.id)).toEqual([3, 9]);
    expect(searchProjects(PROJECTS, 'brasil demo').map((p) => p.id)).toEqual([9]);
    expect(searchProjects(PROJECTS, 'draft').map((p) => p.id)).toEqual([1]);
    expect(searchProjects(PROJECTS, '').map((p) => p.id)).toEqual([1, 3, 9]);
    expect(searchProjects(PROJECTS, '', 2)).toHaveLength(2);
  });
  it('the saved tab opens the project home and carries the project code as its name', () => {
    expect(tabSettingsFor({ id: 9, code: 'DEMO-BRAZIL' }, 'https://portal.example.com')).toEqual({
      entityId: 'project-9',
      contentUrl: 'https://portal.example.com/project/9/home?inTeams=1',
      websiteUrl: 'https://portal.example.com/project/9/home',
      suggestedDisplayName: 'DEMO-BRAZIL',
    });
  });
});

describe('Teams channel tab configuration page', () => {
  it('search, pick, and Save hands Teams the settings; Save is allowed only with a project', async () => {
    server.use(http.get('/api/projects', () => HttpResponse.json(PROJECTS)));
    const h = settingsHost();
    try {
      renderWithProviders(<TeamsConfigPage />, { path: '/teams/config' });
      const box = await screen.findByRole('combobox', { name: 'Project' });
      expect(h.notifyReady).toHaveBeenCalled();
      expect(h.setValid).toHaveBeenLastCalledWith(false);
      expect(h.save()).toBeUndefined();
      await userEvent.type(box, 'brasil');
      fireEvent.click(await screen.findByRole('option', { name: /DEMO-BRAZIL/ }));
      await waitFor(() => expect(h.setValid).toHaveBeenLastCalledWith(true));
      expect(screen.getByRole('region', { name: 'Selected project' })).toHaveTextContent('Operação Brasil');
      expect(h.save()).toEqual(tabSettingsFor({ id: 9, code: 'DEMO-BRAZIL' }, window.location.origin));
    } finally {
      h.restore();
    }
  });

  it('reconfiguring a pinned tab starts from its project', async () => {
    server.use(http.get('/api/projects', () => HttpResponse.json(PROJECTS)));
    const h = settingsHost(3);
    try {
      renderWithProviders(<TeamsConfigPage />, { path: '/teams/config' });
      expect(await screen.findByRole('region', { name: 'Selected project' })).toHaveTextContent(
        'Pricing programme',
      );
      expect(screen.getByRole('combobox', { name: 'Project' })).toHaveValue(
        'DEMO-DURING — Pricing programme',
      );
      await waitFor(() => expect(h.setValid).toHaveBeenLastCalledWith(true));
      expect(h.save()).toMatchObject({ entityId: 'project-3', suggestedDisplayName: 'DEMO-DURING' });
    } finally {
      h.restore();
    }
  });

  it('says when nothing matches', async () => {
    server.use(http.get('/api/projects', () => HttpResponse.json(PROJECTS)));
    const h = settingsHost();
    try {
      renderWithProviders(<TeamsConfigPage />, { path: '/teams/config' });
      await userEvent.type(await screen.findByRole('combobox', { name: 'Project' }), 'zzz');
      expect(await screen.findByRole('option', { name: 'No projects match' })).toBeInTheDocument();
    } finally {
      h.restore();
    }
  });

  it('outside Teams it explains where it belongs; a failed list can be retried', async () => {
    let calls = 0;
    server.use(
      http.get('/api/projects', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { statusCode: 500, error: 'Internal Server Error', message: 'Database unavailable' },
              { status: 500 },
            )
          : HttpResponse.json(PROJECTS);
      }),
    );
    renderWithProviders(<TeamsConfigPage />, { path: '/teams/config' });
    fireEvent.click(await screen.findByRole('button', { name: /retry|try again/i }));
    expect(
      await screen.findByText(/This page sets up a Project Portal tab in Microsoft Teams/),
    ).toBeInTheDocument();
  });
});
