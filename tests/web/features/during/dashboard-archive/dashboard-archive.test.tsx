/** Dashboard Archive (spec 002 §2.5, §6, §7 "Dashboard archive and e-mail access", §8 "E-mail access"). */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import type { DashboardAccess, DashboardListRow, ProjectDashboardRecord } from '@domain/contract';
import { SessionProvider } from '@web/api/session-context';
import DashboardArchivePage from '@web/features/during/dashboard-archive/DashboardArchivePage';
import { server } from '../../../msw-server';
import { USERS, fakeToken, renderWithProviders } from '../../../render';

const base = { ...USERS.marcos, scopes: [] as string[] };
const MARCOS = USERS.marcos; // manager (6)
const ALICE = USERS.alice; // Admin, on no team
const GIL = { ...base, login: 'gil.governance', professionalId: 2, scopes: ['API.Portal.OnePage'] };
const PEDRO = { ...base, login: 'pedro.pdc', professionalId: 5, scopes: ['API.Portal.PDC'] };
const CARLA = { ...base, login: 'carla.consultant', professionalId: 9 };
const OSCAR = { ...base, login: 'oscar.outsider', professionalId: 11 };

const member = (id: number, name: string, role: { isManager?: boolean; isPartner?: boolean } = {}) => ({
  id: 100 + id,
  idProfessional: id,
  isManager: !!role.isManager,
  isPartner: !!role.isPartner,
  isOnePageAllow: false,
  professional: { id, name, email: `${id}@example.com`, isActive: true },
});
const TEAM = [
  member(6, 'Marcos Moura', { isManager: true }),
  member(7, 'Paula Pereira', { isPartner: true }),
  member(8, 'Dora Duarte'),
  member(9, 'Carla Costa'),
];
const PROJECT = {
  id: 3,
  code: 'DEMO-DURING',
  name: 'During project',
  idStatus: 3,
  endDate: null,
  client: null,
  projectManager: null,
  projectPartner: null,
  projectPractices: [],
  projectGeographics: [],
  projectTeam: TEAM,
  projectSession: [],
  missingAssessmentNames: '',
  version: 1,
  projectTrainingDevelopment: { tdOportunity: null, text: null, version: 1 },
  closeOutComplete: false,
};

const day = (iso: string, add: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + add);
  return d.toISOString().slice(0, 10);
};
/** Eleven weekly dashboards, listed oldest first (the page sorts): levels cycle 1, 2, 3; one not submitted (0). */
const LIST: DashboardListRow[] = Array.from({ length: 11 }, (_, i) => {
  const initialDate = day('2026-01-05', 7 * i);
  return {
    id: 200 + i,
    createdAt: `${day(initialDate, 5)}T10:00:00.000Z`,
    currentWeek: 62,
    firstAllocation: 58,
    initial: 35,
    target: 40,
    setupStatus: 'Done',
    lastProfessionalDNA: null,
    nextProfessionalDNA: null,
    lastProjectSession: null,
    weeklyStatusDate: null,
    totalStakeholders: 2,
    criticalStakeholders: 1,
    onePage: {
      id: 300 + i,
      createdAt: `${initialDate}T08:00:00.000Z`,
      initialDate,
      endDate: day(initialDate, 6),
      // i 8: undone after its submit (its level stays 3, the archive shows it Not Submitted)
      submittedAt: i === 8 ? null : `${day(initialDate, 4)}T15:00:00.000Z`,
      idSubmittedBy: 6,
      isDelayedSubmitted: false,
      format: 1,
      onePageProblemLevel: i === 9 ? 0 : (i % 3) + 1,
      environmentStatus: 2,
    },
  };
});

const ONE_PAGE = {
  ...LIST[10]!.onePage!,
  hasAllocation: true,
  needHelpFromGovernance: 2,
  riskOfDelay: 3,
  solutionReadiness: 4,
  integrationIdentity: 2,
  properAttention: 3,
  changeProjectStatus: 3,
  teamIssue: 3,
  dnaProf: 1,
  dnaTec: 2,
  weeklyStatus: 3,
  governanceActionOption: 3,
  governanceAction: 'Call the sponsor',
  keyMessage: 'Phase 2 kicked off',
  deliveryFocusNextWeek: 'Workshop with finance',
  teamPoint: 'Team is fine',
  methodInternal: 'Kanban',
  methodExternal: 'Steering committee',
  projectStatusExplanation: 'On track',
  projectEnvironmentExplanation: 'Sponsor change',
  needHelpFromGovernanceExplanation: null,
  riskOfDelayExplanation: 'Two weeks',
  solutionReadinessExplanation: null,
  integrationIdentityExplanation: null,
  properAttentionExplanation: null,
  changeProjectStatusExplanation: null,
  teamIssueExplanation: null,
  governanceAllocation: 'None',
  coManagementComment: 'Co-management says hi',
  executiveBoardComment: null,
  executiveResumeComment: null,
  version: 7,
};

const suggestion = (id: number, name: string, isActive: boolean, feedback: string | null) => ({
  id,
  idProfessional: id,
  professional: { id, name, isActive },
  totalDays: 3,
  idPractice: 1,
  feedback,
  isApproved: id === 1,
  nextAllocations: [{ totalDays: 2 }, { totalDays: 1.5 }],
  version: 1,
});

const record = (
  over: Partial<ProjectDashboardRecord['onePage'] & object> = {},
  pdc = false,
): ProjectDashboardRecord => ({
  ...LIST[10]!,
  project: { id: 3, name: 'During project', code: 'DEMO-DURING' },
  lastProfessionalDNA: '2026-03-10',
  nextProfessionalDNA: '2026-03-24',
  lastProjectSession: '2026-03-06',
  weeklyStatusDate: '2026-03-09',
  onePage: { ...ONE_PAGE, ...(pdc ? { pdcResumeComment: 'PDC only' } : {}), ...over },
  staffing: {
    infoMessage: null,
    suggestions: [
      suggestion(1, 'Carla Costa', true, 'Great week'),
      suggestion(2, 'Ivan Ito', true, null),
      suggestion(3, 'Rita Ramos', false, 'hidden'),
    ],
  },
});

const PROFESSIONALS = [
  { ID: 8, Name: 'Dora Duarte', JobTitle: { Name: 'Director' }, isActive: true },
  { ID: 7, Name: 'Paula Pereira', JobTitle: { Name: 'Partner' }, isActive: true },
  { ID: 20, Name: 'Sérgio Sá', JobTitle: { Name: 'Sócio-Diretor' }, isActive: true },
  { ID: 6, Name: 'Marcos Moura', JobTitle: { Name: 'Manager' }, isActive: true },
  { ID: 21, Name: 'Olga Old', JobTitle: { Name: 'Director' }, isActive: false },
];

type Handlers = Parameters<typeof server.use>;
interface State {
  detail: ProjectDashboardRecord;
  access: DashboardAccess[];
  calls: { method: string; path: string; body?: unknown; ifMatch?: string | null }[];
}

function setup(user: Record<string, unknown>, detail = record(), more: Handlers = []) {
  const state: State = {
    detail,
    access: [
      {
        id: 1,
        idProfessional: 7,
        professionalName: 'Paula Pereira',
        professionalEmail: 'paula.partner@example.com',
      },
    ],
    calls: [],
  };
  localStorage.setItem('portal.accessToken', fakeToken(user));
  const log = async (request: Request, withBody = true) => {
    const body = withBody ? await request.json().catch(() => undefined) : undefined;
    state.calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body,
      ifMatch: request.headers.get('if-match'),
    });
    return body as Record<string, unknown> | undefined;
  };
  server.use(
    ...more,
    http.get('/api/projects/3', () => HttpResponse.json(PROJECT)),
    http.get('/api/project-dashboards/project/3', () => HttpResponse.json(LIST)),
    http.get('/api/project-dashboards/210', () => HttpResponse.json(state.detail)),
    http.patch('/api/project-dashboards/one-page/310', async ({ request }) => {
      const body = (await log(request))!;
      state.detail = {
        ...state.detail,
        onePage: { ...state.detail.onePage!, ...body, version: state.detail.onePage!.version + 1 },
      };
      return HttpResponse.json(state.detail.onePage);
    }),
    http.patch('/api/one-pages/310/unsubmit', async ({ request }) => {
      await log(request, false);
      return HttpResponse.json({ ...state.detail.onePage, submittedAt: null, version: 8 });
    }),
    http.patch('/api/one-pages/310/submit', async ({ request }) => {
      await log(request);
      return HttpResponse.json({
        ...state.detail.onePage,
        submittedAt: '2026-03-13T10:00:00.000Z',
        version: 9,
      });
    }),
    http.get('/api/project-allocation-suggestions/one-page/310', () =>
      HttpResponse.json(state.detail.staffing),
    ),
    http.patch('/api/project-allocation-suggestions/:id', async ({ request, params }) => {
      const body = (await log(request))!;
      const s = state.detail.staffing.suggestions.find((x) => x.id === Number(params.id))!;
      return HttpResponse.json({ ...s, ...body, version: s.version + 1 });
    }),
    http.get('/master/professionals', () => HttpResponse.json(PROFESSIONALS)),
    http.get('/api/professional-dashboard-access/project/3', () => HttpResponse.json(state.access)),
    http.post('/api/professional-dashboard-access/bulk', async ({ request }) => {
      const body = (await log(request)) as { ProfessionalIds: number[] };
      const added = body.ProfessionalIds.map((id) => {
        const p = PROFESSIONALS.find((x) => x.ID === id)!;
        return {
          id: 50 + id,
          idProfessional: id,
          professionalName: p.Name,
          professionalEmail: `${id}@example.com`,
        };
      });
      state.access = [...state.access, ...added];
      return HttpResponse.json(added, { status: 201 });
    }),
    http.delete('/api/professional-dashboard-access/:id', async ({ request, params }) => {
      await log(request, false);
      state.access = state.access.filter((a) => a.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path="/project/:id/during/dashboard-archive" element={<DashboardArchivePage />} />
        <Route path="/project/:id/during/professional-dna" element={<p>DNA page</p>} />
      </Routes>
    </SessionProvider>,
    { path: '/project/3/during/dashboard-archive' },
  );
  return state;
}

/** A dialog by its title (findByRole with a name is slow on this page's large DOM). */
const dialogTitled = async (title: string | RegExp) =>
  (await screen.findByText(title, { selector: 'h2' }, { timeout: 3000 })).closest<HTMLElement>(
    '[role=dialog]',
  )!;
const grid = async () => screen.findByRole('grid', { name: 'Dashboards' });
const dataRows = async () => (await within(await grid()).findAllByRole('row')).slice(1);
const openDashboard = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'View the dashboard of 16 Mar 2026' }));
  return dialogTitled(/^Dashboard/);
};

describe('Dashboard Archive: the grid and the trend', () => {
  it('lists Created At, One Page Date (newest first), the status colour, View and DNA; the trend shows nine weeks', async () => {
    setup(MARCOS);
    expect(await screen.findByRole('heading', { name: 'Dashboard Archive' })).toBeInTheDocument();
    expect(screen.getByText('DURING')).toBeInTheDocument();
    const rows = await dataRows();
    expect(rows).toHaveLength(10); // a page of ten
    const headers = within(await grid())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 4)).toEqual(['Created At', 'One Page Date', 'One Page Status', 'View Dashboard']);
    // newest first: 16 Mar 2026 (i 10 → level 2 Yellow), then 09 Mar 2026 (i 9 → 0 Not Submitted)
    expect(rows[0]).toHaveTextContent('21 Mar 2026');
    expect(rows[0]).toHaveTextContent('16 Mar 2026');
    expect(within(rows[0]!).getByRole('img', { name: 'One Page Status: Yellow' })).toHaveAttribute(
      'data-colour',
      'yellow',
    );
    expect(within(rows[1]!).getByRole('img', { name: 'One Page Status: Not Submitted' })).toHaveAttribute(
      'data-colour',
      'grey',
    );
    expect(within(rows[2]!).getByRole('img', { name: 'One Page Status: Not Submitted' })).toBeInTheDocument();
    expect(within(rows[3]!).getByRole('img', { name: 'One Page Status: Yellow' })).toBeInTheDocument();
    const trend = screen.getByRole('list', { name: 'Trend of the last 9 weeks' });
    const weeks = within(trend).getAllByRole('listitem');
    expect(weeks).toHaveLength(9);
    expect(weeks[0]).toHaveAccessibleName('Week of 19 Jan 2026: problem level Red, environment Yellow');
    expect(weeks[8]).toHaveAccessibleName('Week of 16 Mar 2026: problem level Yellow, environment Yellow');
  });

  it('the DNA icon opens Professional DNA', async () => {
    setup(MARCOS);
    const rows = await dataRows();
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Professional DNA' }));
    expect(await screen.findByText('DNA page')).toBeInTheDocument();
  });

  it.each([
    ['the manager', MARCOS, true],
    ['Admin', ALICE, true],
    ['a member', CARLA, false],
    ['a OnePage holder', GIL, false],
    ['an outsider', OSCAR, false],
  ])('Manage Email Access for %s', async (_who, user, shown) => {
    setup(user);
    await dataRows();
    expect(!!screen.queryByRole('button', { name: 'Manage Email Access' })).toBe(shown);
  });
});

describe('Dashboard Archive: the dashboard dialog', () => {
  it('shows the tiles, the figures, the one-page content with the §2.5 option texts and the staffing', async () => {
    setup(MARCOS);
    const dialog = await openDashboard();
    expect(await within(dialog).findByRole('group', { name: 'Current Week' })).toHaveTextContent('62%');
    expect(within(dialog).getByRole('group', { name: 'First Allocation' })).toHaveTextContent('58%');
    expect(within(dialog).getByRole('group', { name: 'Sales Margin' })).toHaveTextContent('35%');
    expect(within(dialog).getByRole('group', { name: 'Target' })).toHaveTextContent('40%');
    for (const h of [
      'Project Dashboard',
      'One Page',
      'Weekly Checklist',
      'Delivery',
      'Professionals',
      'Staffing',
    ])
      expect(within(dialog).getByRole('button', { name: h })).toHaveAttribute('aria-expanded', 'true');
    const text = dialog.textContent!;
    for (const t of [
      'Setup statusDone',
      'Last Professional DNA10 Mar 2026',
      'Next Professional DNA24 Mar 2026',
      'Last project session06 Mar 2026',
      'Weekly status date09 Mar 2026',
      'Total stakeholders2',
      'Critical stakeholders1',
      'Risk of delayMaybe still TBC\nTwo weeks',
      'Integration identityWe could do more',
      'Proper attentionNo',
      'Change of project statusYes to paused',
      'Team issuePartially',
      'Professional DNADone this week',
      'Technical DNANot done but planned for next week',
      'Weekly statusOther: not planned yet or delayed',
      'Governance actionMaybe\nCall the sponsor',
      'Governance helpNo',
      'Solution readiness4',
    ])
      expect(text).toContain(t);
    // the manager of a classic one-page edits the staffing's feedback (next test); the table lists active people
    const staffing = within(dialog).getByRole('table', { name: 'Staffing' });
    expect(within(staffing).getAllByRole('row').slice(1)).toHaveLength(2);
  });

  it('the manager edits a staffing feedback of the submitted classic one-page; days stay read-only', async () => {
    const state = setup(MARCOS);
    const dialog = await openDashboard();
    const staffing = within(dialog).getByRole('table', { name: 'Staffing' });
    expect(within(staffing).getByRole('combobox', { name: 'This week for Ivan Ito' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Add' })).toBeNull();
    const box = within(staffing).getByRole('textbox', { name: 'Feedback for Ivan Ito' });
    expect(box).not.toHaveAttribute('readonly');
    await userEvent.type(box, 'Needs a second week');
    await userEvent.tab();
    await waitFor(() =>
      expect(state.calls).toContainEqual(
        expect.objectContaining({
          method: 'PATCH',
          path: '/api/project-allocation-suggestions/2',
          body: { feedback: 'Needs a second week' },
          ifMatch: '"1"',
        }),
      ),
    );
  });

  it('collapses a section', async () => {
    setup(MARCOS);
    const dialog = await openDashboard();
    const header = await within(dialog).findByRole('button', { name: 'Delivery' });
    await userEvent.click(header);
    expect(header).toHaveAttribute('aria-expanded', 'false');
  });

  it('format 1 and the manager: comments are editable and saved with the version; no PDC Resume', async () => {
    const state = setup(MARCOS);
    const dialog = await openDashboard();
    const box = await within(dialog).findByRole('textbox', { name: 'Executive Board Comment' });
    expect(box).not.toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: 'Co-Management Comment' })).toHaveValue(
      'Co-management says hi',
    );
    expect(within(dialog).queryByRole('textbox', { name: 'PDC Resume Comment' })).toBeNull();
    await userEvent.type(box, 'Board is happy');
    await userEvent.tab();
    await waitFor(() => expect(state.calls).toHaveLength(1));
    expect(state.calls[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/project-dashboards/one-page/310',
      body: { executiveBoardComment: 'Board is happy' },
      ifMatch: '"7"',
    });
  });

  it('Admin sees the PDC Resume comment and may edit it', async () => {
    setup(ALICE, record({}, true));
    const dialog = await openDashboard();
    const pdc = await within(dialog).findByRole('textbox', { name: 'PDC Resume Comment' });
    expect(pdc).toHaveValue('PDC only');
    expect(pdc).not.toHaveAttribute('readonly');
  });

  it('PDC holders see the PDC Resume comment read-only', async () => {
    setup(PEDRO, record({}, true));
    const dialog = await openDashboard();
    expect(await within(dialog).findByRole('textbox', { name: 'PDC Resume Comment' })).toHaveAttribute(
      'readonly',
    );
  });

  it('format 2: every comment is read-only, even for the manager', async () => {
    setup(MARCOS, record({ format: 2 }));
    const dialog = await openDashboard();
    const boxes = await within(dialog).findAllByRole('textbox');
    expect(boxes.map((b) => b.getAttribute('aria-label') ?? b.id).length).toBe(3);
    for (const b of boxes) expect(b).toHaveAttribute('readonly');
  });

  it('a member reads everything: read-only comments, no submit, undo or grant', async () => {
    setup(CARLA);
    const dialog = await openDashboard();
    for (const b of await within(dialog).findAllByRole('textbox')) expect(b).toHaveAttribute('readonly');
    const staffing = within(dialog).getByRole('table', { name: 'Staffing' });
    expect(
      within(staffing)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Carla Costa321.5Great weekApproved', 'Ivan Ito321.5No feedback availableNot approved']);
    expect(within(dialog).queryByRole('button', { name: 'Undo Submit' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Grant access' })).toBeNull();
  });

  it('a failed dashboard load shows the error in the dialog', async () => {
    setup(MARCOS, record(), [
      http.get('/api/project-dashboards/210', () => HttpResponse.json({ message: 'x' }, { status: 500 })),
    ]);
    const dialog = await openDashboard();
    expect(await within(dialog).findByText('Something went wrong')).toBeInTheDocument();
  });

  it('the governance scope undoes the submit after the confirmation; then Submit is offered to Admin', async () => {
    const state = setup(GIL);
    const dialog = await openDashboard();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Undo Submit' }));
    const confirm = await dialogTitled('One Page Undo Submit');
    expect(confirm).toHaveTextContent(
      'Are you sure you want to undo the submit of the One Page of 16 Mar 2026?',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(state.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PATCH /api/one-pages/310/unsubmit']);
    // GIL may fill as well (OnePage): Submit now appears
    expect(await within(dialog).findByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('the manager submits a draft one-page with its values after the confirmation', async () => {
    const state = setup(MARCOS, record({ submittedAt: null }));
    const dialog = await openDashboard();
    expect(within(dialog).queryByRole('button', { name: 'Undo Submit' })).toBeNull();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Submit' }));
    const confirm = await dialogTitled('One Page Submit');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('One Page submitted successfully!')).toBeInTheDocument();
    const call = state.calls.find((c) => c.path === '/api/one-pages/310/submit')!;
    expect(call.body).toMatchObject({
      riskOfDelay: 3,
      keyMessage: 'Phase 2 kicked off',
      onePageProblemLevel: 2,
    });
    expect(call.body).not.toHaveProperty('version');
    expect(call.body).not.toHaveProperty('id');
  });

  it('grant access toggles a member through the team grant call', async () => {
    let granted = 0;
    setup(MARCOS, record(), [
      http.patch('/api/projects/3/project-team/grant/108', () => {
        granted++;
        return HttpResponse.json({ ...TEAM[2], isOnePageAllow: true });
      }),
    ]);
    const dialog = await openDashboard();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Grant access' }));
    const grant = await dialogTitled('Who can access One-Page?');
    const dora = within(grant).getByRole('switch', { name: 'Dora Duarte' });
    expect(within(grant).getByRole('switch', { name: 'Marcos Moura (manager)' })).toBeDisabled();
    await userEvent.click(dora);
    await waitFor(() => expect(dora).toBeChecked());
    expect(granted).toBe(1);
  });

  it('downloads the dashboard as a PDF with the generating / ready toasts', async () => {
    let asked = 0;
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    setup(MARCOS, record(), [
      http.get('/api/project-dashboards/210/pdf', () => {
        asked++;
        return new HttpResponse('%PDF-1.4', {
          headers: { 'content-type': 'application/pdf', 'x-file-name': 'dashboard.pdf' },
        });
      }),
    ]);
    const dialog = await openDashboard();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Your file is ready')).toBeInTheDocument();
    expect(asked).toBe(1);
  });
});

describe('Dashboard Email Access Management', () => {
  const open = async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Email Access' }));
    return dialogTitled('Dashboard Email Access Management');
  };

  it('lists the receivers, offers only active directors and partners not listed, and adds several', async () => {
    const state = setup(MARCOS);
    const dialog = await open();
    expect(dialog).toHaveTextContent('Only Directors and Partners can be added to receive dashboard emails.');
    expect(await within(dialog).findByText('Paula Pereira')).toBeInTheDocument();
    const picker = within(dialog).getByRole('combobox', { name: 'Professionals' });
    await waitFor(() => expect(picker).not.toBeDisabled());
    await userEvent.click(picker);
    const options = screen.getAllByRole('menuitemcheckbox').map((o) => o.textContent);
    expect(options).toEqual(['Dora Duarte (Director)', 'Sérgio Sá (Sócio-Diretor)']);
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Dora Duarte (Director)' }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Sérgio Sá (Sócio-Diretor)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Access granted successfully')).toBeInTheDocument();
    expect(screen.getByText('Added 2 professional(s) to the email list.')).toBeInTheDocument();
    expect(state.calls.find((c) => c.method === 'POST')!.body).toEqual({
      IDProject: 3,
      ProfessionalIds: [8, 20],
    });
    expect(await within(dialog).findByText('Dora Duarte')).toBeInTheDocument();
    expect(within(dialog).getByText('Sérgio Sá')).toBeInTheDocument();
  });

  it('Add with nothing selected shows the info and sends nothing', async () => {
    const state = setup(MARCOS);
    const dialog = await open();
    await within(dialog).findByText('Paula Pereira');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('No professionals selected')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one professional to add.')).toBeInTheDocument();
    expect(state.calls).toHaveLength(0);
  });

  it('removes one and says whom; an empty list says nobody receives e-mails', async () => {
    const state = setup(MARCOS);
    const dialog = await open();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Remove Paula Pereira' }));
    expect(await screen.findByText('Access removed successfully')).toBeInTheDocument();
    expect(screen.getByText('Removed Paula Pereira from the email list.')).toBeInTheDocument();
    expect(state.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/professional-dashboard-access/1',
    ]);
    expect(
      await within(dialog).findByText('No one is currently receiving dashboard emails for this project.'),
    ).toBeInTheDocument();
  });

  it('a refused add and a failed removal show the §8 errors', async () => {
    setup(MARCOS, record(), [
      http.post('/api/professional-dashboard-access/bulk', () =>
        HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'no' }, { status: 400 }),
      ),
      http.delete('/api/professional-dashboard-access/:id', () =>
        HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'gone' }, { status: 404 }),
      ),
    ]);
    const dialog = await open();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Remove Paula Pereira' }));
    expect(await screen.findByText('Error removing access')).toBeInTheDocument();
    expect(screen.getByText('Could not remove dashboard access.')).toBeInTheDocument();
    const picker = within(dialog).getByRole('combobox', { name: 'Professionals' });
    await waitFor(() => expect(picker).not.toBeDisabled());
    await userEvent.click(picker);
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Dora Duarte (Director)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Error granting access')).toBeInTheDocument();
    expect(screen.getByText('Could not grant dashboard access.')).toBeInTheDocument();
  });

  it('a failed load says so', async () => {
    setup(MARCOS, record(), [
      http.get('/api/professional-dashboard-access/project/3', () =>
        HttpResponse.json({ statusCode: 500, error: 'x', message: 'x' }, { status: 500 }),
      ),
    ]);
    const dialog = await open();
    expect(
      await within(dialog).findByText('Error loading data - Could not load professionals or access list.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Could not load professionals or access list.')).toBeInTheDocument();
  });
});
