import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { server } from '../../../msw-server';
import { fakeToken, renderWithProviders } from '../../../render';
import { renderAt, useApi } from '../../../app/app-fixtures';
import { SessionProvider } from '@web/api/session-context';
import { getHost, setHost, type Host, type TabSettings } from '@web/host';
import SessionPanelPage from '@web/features/during/project-session/SessionPanelPage';
import SessionStagePage, { STAGE_REFRESH_MS } from '@web/features/during/project-session/SessionStagePage';
import { openSessionOf } from '@web/features/during/project-session/api/sessions';
import TeamsConfigPage from '@web/features/teams/config/ConfigPage';
import { MARCOS, OSCAR, PROJECT, session } from './fixtures';

const OPEN = session(41, {
  createdAt: '2026-03-17T09:00:00.000Z',
  discussionFocus: 'Weekly client alignment',
  adjustScope: 1,
  adjustScopeObs: 'Pilot regions first',
});
const SUBMITTED = session(40, {
  discussionFocus: 'Mid-project alignment',
  submittedAt: '2026-03-11T10:00:00.000Z',
  idSubmittedBy: 6,
  discussionOutcomes: 'Client confirmed priorities.',
});

type Call = { method: string; url: string; body?: unknown; ifMatch?: string | null };
async function record(calls: Call[], request: Request) {
  const text = await request.text();
  calls.push({
    method: request.method,
    url: new URL(request.url).pathname,
    body: text ? JSON.parse(text) : undefined,
    ifMatch: request.headers.get('if-match'),
  });
}

/** The host for one test (restored after it): the browser's, with what the test needs. */
let restoreHost: (() => void) | undefined;
function withHost(over: Partial<Host>) {
  const prev = getHost();
  const host = { ...prev, notifyReady: vi.fn(), ...over } as Host;
  setHost(host);
  restoreHost = () => setHost(prev);
  return host;
}
/** The side panel's width: the app's responsive hooks see a narrow screen (max-width queries match). */
let restoreMedia: (() => void) | undefined;
function narrowScreen() {
  const prev = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...prev(query),
    matches: query.includes('max-width'),
  })) as typeof window.matchMedia;
  restoreMedia = () => (window.matchMedia = prev);
}
afterEach(() => {
  restoreHost?.();
  restoreMedia?.();
  restoreHost = restoreMedia = undefined;
});

function api(sessions: unknown[] = [OPEN, SUBMITTED], overrides: Parameters<typeof server.use> = []) {
  server.use(
    ...overrides,
    http.get('/api/projects/3', () => HttpResponse.json(PROJECT)),
    http.get('/api/projects/3/sessions', () => HttpResponse.json(sessions)),
    http.get('/api/projects/3/sessions/41', () => HttpResponse.json({ ...OPEN, version: 4 })),
  );
}

function renderScreen(screenPath: 'panel' | 'stage', user = MARCOS) {
  localStorage.setItem('portal.accessToken', fakeToken(user));
  return renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path="/project/:id/session/panel" element={<SessionPanelPage />} />
        <Route path="/project/:id/session/stage" element={<SessionStagePage />} />
      </Routes>
    </SessionProvider>,
    { path: `/project/3/session/${screenPath}` },
  );
}

describe('the open session', () => {
  it('is the newest session not submitted (never the setup one)', () => {
    expect(openSessionOf(undefined)).toBeUndefined();
    expect(openSessionOf([SUBMITTED])).toBeUndefined();
    const older = session(39, { createdAt: '2026-03-01T09:00:00.000Z' });
    expect(openSessionOf([older, SUBMITTED, OPEN])?.id).toBe(41);
    expect(openSessionOf([session(30, { isSetup: true }), older])?.id).toBe(39);
  });
});

describe('Teams meeting side panel', () => {
  it("shows the project's open session: focus, scope answers and observations, outcomes; no Share to stage without a meeting host", async () => {
    api();
    renderScreen('panel');
    const panel = await screen.findByRole('region', { name: 'Project Session' });
    expect(await within(panel).findByRole('textbox', { name: 'Discussion Focus' })).toHaveValue(
      'Weekly client alignment',
    );
    expect(within(panel).getByText('DEMO-DURING — Demo During Project')).toBeInTheDocument();
    expect(within(panel).getByText('Created 17 Mar 2026')).toBeInTheDocument();
    const adjust = within(panel).getByRole('radiogroup', { name: 'Adjust Scope' });
    expect(within(adjust).getByLabelText('Yes')).toBeChecked();
    expect(within(panel).getByRole('textbox', { name: 'Adjust Scope Observation' })).toHaveValue(
      'Pilot regions first',
    );
    const delivering = within(panel).getByRole('radiogroup', { name: 'Delivering Client Needs' });
    for (const r of within(delivering).getAllByRole('radio')) expect(r).not.toBeChecked();
    expect(within(panel).getByRole('textbox', { name: 'Discussion Outcomes' })).toHaveValue('');
    for (const name of ['Tech DNA', 'Stakeholder', 'Roles & Responsibilities'])
      expect(within(panel).getByRole('button', { name })).toBeEnabled();
    expect(within(panel).queryByRole('button', { name: 'Share to stage' })).toBeNull();
  });

  it('every field saves itself with the session version as If-Match: texts by PATCH on leaving them, answers by PUT', async () => {
    const calls: Call[] = [];
    let version = 4;
    api(undefined, [
      http.patch('/api/projects/3/sessions/41', async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({ ...OPEN, ...(calls.at(-1)!.body as object), version: ++version });
      }),
      http.put('/api/projects/3/sessions/41', async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({ ...OPEN, ...(calls.at(-1)!.body as object), version: ++version });
      }),
    ]);
    renderScreen('panel');
    const outcomes = await screen.findByRole('textbox', { name: 'Discussion Outcomes' });
    await userEvent.type(outcomes, 'Pilot agreed');
    await userEvent.tab(); // leaving the field saves at once
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PATCH',
      url: '/api/projects/3/sessions/41',
      body: { discussionOutcomes: 'Pilot agreed' },
      ifMatch: '"4"',
    });
    expect((await screen.findAllByText('Saved')).length).toBeGreaterThan(0);

    await userEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Delivering Client Needs' })).getByLabelText('Partially'),
    );
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({
      method: 'PUT',
      url: '/api/projects/3/sessions/41',
      body: { deliveringClientNeeds: 3 },
      ifMatch: '"5"',
    });

    const focus = screen.getByRole('textbox', { name: 'Discussion Focus' });
    expect(focus).toHaveAttribute('maxlength', '500');
    await userEvent.clear(focus);
    await userEvent.type(focus, 'Budget');
    await userEvent.tab();
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toMatchObject({ method: 'PATCH', body: { discussionFocus: 'Budget' }, ifMatch: '"6"' });
  });

  it('at the panel width the dialogs open with stacked tabs and the records as stacked lists', async () => {
    narrowScreen();
    api(undefined, [
      http.get('/master/positions', () => HttpResponse.json([{ ID: 1, Name: 'Controller' }])),
      http.get('/master/languages', () => HttpResponse.json([{ ID: 1, Name: 'English' }])),
      http.get('/api/project/3/risks/session/41', () =>
        HttpResponse.json([
          { id: 7, idSession: 41, risk: 'Budget cut', riskStatus: 2, observation: 'Board', version: 1 },
        ]),
      ),
      http.get('/api/project/3/stakeholders/sessions/41', () =>
        HttpResponse.json([
          {
            id: 100,
            idSession: 41,
            name: 'Helena Souza',
            idProfessionalResponsible: 9,
            position: 'Controller',
            birthday: null,
            language: null,
            currentStatus: 1,
            actionPlan: null,
            createAt: '2026-03-17T09:00:00.000Z',
            version: 1,
          },
        ]),
      ),
      http.get('/api/project/3/rar/session/41', () =>
        HttpResponse.json([
          {
            id: 71,
            idSession: 41,
            idProfessional: 10,
            rarSupportingPoint: 'Benchmarks',
            rarTechnicalRole: 'Research',
            rarNonTechnicalRole: null,
            version: 2,
          },
        ]),
      ),
    ]);
    renderScreen('panel');

    await userEvent.click(await screen.findByRole('button', { name: 'Tech DNA' }));
    const tech = await screen.findByRole('dialog', { name: 'Tech DNA' });
    expect(within(tech).getByRole('tablist', { name: 'Tech DNA' })).toHaveAttribute(
      'aria-orientation',
      'vertical',
    );
    await userEvent.click(within(tech).getByRole('tab', { name: 'Risks' }));
    const risks = await within(tech).findByRole('list', { name: 'Risks' });
    expect(within(tech).queryByRole('grid')).toBeNull();
    const risk = (await within(risks).findByText('Budget cut')).closest('li')!;
    expect(within(risk).getByText('Observation')).toBeInTheDocument();
    expect(within(risk).getByRole('img', { name: 'Yellow' })).toBeInTheDocument();
    expect(within(risk).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(tech).getByRole('button', { name: 'Add risk' })).toBeInTheDocument();
    await userEvent.click(within(tech).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Stakeholder' }));
    const stakeholder = await screen.findByRole('dialog', { name: 'Stakeholder' });
    const people = await within(stakeholder).findByRole('list', { name: 'Stakeholders' });
    const helena = (await within(people).findByText('Helena Souza')).closest('li')!;
    expect(within(helena).getByText('Responsible professional')).toBeInTheDocument();
    expect(within(helena).getByText('Carla Costa')).toBeInTheDocument();
    // empty values are left out of a card
    expect(within(helena).queryByText('Birthday')).toBeNull();
    await userEvent.click(within(stakeholder).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Roles & Responsibilities' }));
    const roles = await screen.findByRole('dialog', { name: 'Roles & Responsibilities' });
    const list = await within(roles).findByRole('list', { name: 'Roles and Responsibilities' });
    expect(await within(list).findByText('Ivan Ito')).toBeInTheDocument();
    expect(within(list).getByText('Research')).toBeInTheDocument();
  });

  it('Share to stage asks the host to share the stage page of the project; a refusal is a toast', async () => {
    const shareToStage = vi
      .fn<(path: string) => Promise<void>>()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new Error('You are not allowed to share to the stage of this meeting.'));
    withHost({ kind: 'teams', frameContext: 'sidePanel', scopedProjectId: 3, shareToStage });
    api();
    renderScreen('panel');
    const share = await screen.findByRole('button', { name: 'Share to stage' });
    await userEvent.click(share);
    expect(await screen.findByText('Shared to the stage')).toBeInTheDocument();
    expect(shareToStage).toHaveBeenCalledWith('/project/3/session/stage');
    await waitFor(() => expect(share).toBeEnabled());
    await userEvent.click(share);
    expect(
      await screen.findByText('You are not allowed to share to the stage of this meeting.'),
    ).toBeInTheDocument();
    expect(shareToStage).toHaveBeenCalledTimes(2);
  });

  it('without an open session: a sentence and a link that opens the Project Session page in the tab', async () => {
    const openLink = vi.fn();
    withHost({ openLink, deepLink: (p: string) => `https://teams.example/l?path=${p}` });
    api([SUBMITTED]);
    renderScreen('panel');
    expect(await screen.findByText('This project has no open project session.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    const link = screen.getByRole('link', { name: 'Open Project Session in the tab' });
    expect(link).toHaveAttribute('href', 'https://teams.example/l?path=/project/3/during/project-session');
    await userEvent.click(link);
    expect(openLink).toHaveBeenCalledWith('/project/3/during/project-session');
  });

  it('someone not on the team reads the refusal; nothing is asked of the sessions', async () => {
    let asked = 0;
    api(
      [],
      [
        http.get('/api/projects/3/sessions', () => {
          asked++;
          return HttpResponse.json([OPEN]);
        }),
      ],
    );
    renderScreen('panel', OSCAR);
    expect(await screen.findByText('Only team members may work on project sessions')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(asked).toBe(0);
  });
});

describe('Teams meeting stage', () => {
  it('shows the open session read-only and large, and asks for it again every few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let asked = 0;
      let current = { ...OPEN, discussionOutcomes: 'First outcome' };
      api(undefined, [
        http.get('/api/projects/3/sessions', () => {
          asked++;
          return HttpResponse.json([current, SUBMITTED]);
        }),
      ]);
      renderScreen('stage');
      const outcomes = await screen.findByRole('region', { name: 'Discussion Outcomes' });
      expect(outcomes).toHaveTextContent('First outcome');
      expect(screen.getByRole('heading', { level: 1, name: 'Project Session' })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Discussion Focus' })).toHaveTextContent(
        'Weekly client alignment',
      );
      const adjust = screen.getByRole('region', { name: 'Adjust Scope' });
      expect(adjust).toHaveTextContent('Yes');
      expect(adjust).toHaveTextContent('Pilot regions first');
      expect(screen.getByRole('region', { name: 'Delivering Client Needs' })).toHaveTextContent(
        'Not answered yet',
      );
      // read-only: no inputs, no buttons, nothing saved
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.queryByRole('radio')).toBeNull();
      expect(screen.queryByRole('button')).toBeNull();

      const before = asked;
      current = { ...OPEN, discussionOutcomes: 'Edited in the side panel' };
      await act(() => vi.advanceTimersByTimeAsync(STAGE_REFRESH_MS + 100));
      await waitFor(() => expect(outcomes).toHaveTextContent('Edited in the side panel'));
      expect(asked).toBeGreaterThan(before);
      expect(STAGE_REFRESH_MS).toBe(5000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('without an open session says so (no link on the stage)', async () => {
    api([SUBMITTED]);
    renderScreen('stage');
    expect(await screen.findByText('This project has no open project session.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('the app in a meeting (frame context)', () => {
  const useMeetingApi = () => {
    useApi();
    server.use(
      http.get('/api/projects/:id/sessions', () => HttpResponse.json([OPEN])),
      http.get('/api/projects/:id/sessions/41', () => HttpResponse.json({ ...OPEN, version: 4 })),
    );
    // the fixtures' project is managed by Marcos
    localStorage.setItem('portal.accessToken', fakeToken(MARCOS));
  };

  it('the side panel opens the pinned project’s open session without the portal chrome', async () => {
    useMeetingApi();
    const host = withHost({ kind: 'teams', scopedProjectId: 3, frameContext: 'sidePanel' });
    renderAt('/project/3/home');
    expect(await screen.findByRole('textbox', { name: 'Discussion Focus' })).toHaveValue(
      'Weekly client alignment',
    );
    expect(document.title).toBe('Project Session | Project Portal');
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('region', { name: 'Project Session' }),
    );
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(host.notifyReady).toHaveBeenCalled();
  });

  it('the stage opens the pinned project’s session read-only, whatever path Teams loaded', async () => {
    useMeetingApi();
    withHost({ kind: 'teams', scopedProjectId: 3, frameContext: 'meetingStage' });
    renderAt('/project/3/during/one-page');
    expect(await screen.findByRole('region', { name: 'Discussion Focus' })).toHaveTextContent(
      'Weekly client alignment',
    );
    expect(document.title).toBe('Project Session Stage | Project Portal');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('the meeting’s tab (content frame) keeps the project pages in the shell', async () => {
    useMeetingApi();
    withHost({ kind: 'teams', scopedProjectId: 3, frameContext: 'content' });
    renderAt('/project/3/home');
    await waitFor(() => expect(document.title).toBe('Project Home | Project Portal'));
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });
});

describe('configuration from a meeting', () => {
  it('pins the project to the meeting with the same settings as a channel tab', async () => {
    let saver: (() => TabSettings | undefined) | undefined;
    withHost({
      kind: 'teams',
      tabConfig: { inMeeting: true, setValid: vi.fn(), onSave: (s) => (saver = s) },
    });
    server.use(
      http.get('/api/projects', () =>
        HttpResponse.json([
          {
            id: 3,
            code: 'DEMO-DURING',
            name: 'Demo During Project',
            idStatus: 3,
            endDate: null,
            client: { id: 2, name: 'Cobalt Energy' },
            projectManager: null,
            projectPractices: [],
          },
        ]),
      ),
    );
    renderWithProviders(<TeamsConfigPage />);
    expect(await screen.findByRole('heading', { name: 'Pin a project to this meeting' })).toBeInTheDocument();
    expect(screen.getByText(/its side panel into the project's open session/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('combobox', { name: 'Project' }), 'DEMO-DURING');
    await userEvent.click(await screen.findByRole('option', { name: /DEMO-DURING/ }));
    expect(screen.getByRole('region', { name: 'Selected project' })).toHaveTextContent(
      'Select Save to pin it to this meeting.',
    );
    expect(saver?.()).toEqual({
      entityId: 'project-3',
      contentUrl: `${window.location.origin}/project/3/home?inTeams=1`,
      websiteUrl: `${window.location.origin}/project/3/home`,
      suggestedDisplayName: 'DEMO-DURING',
    });
  });
});
