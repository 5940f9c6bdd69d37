import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReportJob } from '@domain/contract';
import { REPORT_FILE_NAMES } from '@domain/rules/admin';
import { SessionProvider } from '@web/api/session-context';
import { getHost, setHost, type Host } from '@web/host';
import ReportsPage from '@web/features/admin/reports/ReportsPage';
import { reportParams, reportPath } from '@web/ui/report-download';
import { server } from '../../../msw-server';
import { fakeToken, renderWithProviders, USERS } from '../../../render';

const PEDRO = { ...USERS.marcos, userName: 'Pedro Prado', login: 'pedro.pdc', scopes: ['API.Portal.PDC'] };
const IDA = { ...USERS.marcos, userName: 'Ida Ikeda', login: 'ida.idone', scopes: ['API.Portal.IDOne'] };

const PROFESSIONALS = [
  { ID: 6, Name: 'Marcos Moura', isActive: true },
  { ID: 9, Name: 'Carla Costa', isActive: true },
  { ID: 12, Name: 'Rita Ramos', isActive: false },
];
const PROJECTS = [
  {
    id: 3,
    code: 'DEMO-DURING',
    name: 'During demo',
    idStatus: 3,
    endDate: null,
    client: null,
    projectManager: null,
    projectPractices: [],
  },
  {
    id: 7,
    code: 'DEMO-FINISHED',
    name: 'Finished demo',
    idStatus: 5,
    endDate: null,
    client: null,
    projectManager: null,
    projectPractices: [],
  },
];

const CLIENTS = [
  { id: 1, name: 'Acme Bank' },
  { id: 2, name: 'Beta Retail' },
];
const WEEKS = [
  { id: 12, startDate: '2026-11-23', endDate: '2026-11-29', week: 48, year: 2026 },
  { id: 11, startDate: '2026-11-16', endDate: '2026-11-22', week: 47, year: 2026 },
];

const xlsx = (name: string) =>
  new HttpResponse('PK-xlsx', {
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'x-file-name': name,
    },
  });

const job = (over: Partial<ReportJob> = {}): ReportJob => ({
  id: 41,
  report: 'one-page-complete',
  status: 'queued',
  fileName: 'ReportOnePage.xlsx',
  rows: null,
  error: null,
  createdAt: '2025-03-10T10:00:00.000Z',
  finishedAt: null,
  ...over,
});

/** The names of the files saved through the browser host (the anchor's download attribute). */
let saved: string[] = [];
let openLink: ReturnType<typeof vi.fn>;
let restoreHost: () => void = () => undefined;
beforeEach(() => {
  saved = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const prev = getHost();
  openLink = vi.fn();
  setHost({ ...prev, openLink } as Host);
  restoreHost = () => setHost(prev);
});
afterEach(() => {
  restoreHost();
  vi.restoreAllMocks();
});

function setup(user: Record<string, unknown> = USERS.alice) {
  localStorage.setItem('portal.accessToken', fakeToken(user));
  server.use(
    http.get('/master/professionals', () => HttpResponse.json(PROFESSIONALS)),
    http.get('/api/projects', () => HttpResponse.json(PROJECTS)),
    http.get('/api/clients', () => HttpResponse.json(CLIENTS)),
    http.get('/api/schedule-week', () => HttpResponse.json(WEEKS)),
  );
  return renderWithProviders(
    <SessionProvider>
      <ReportsPage />
    </SessionProvider>,
    { path: '/admin/reports' },
  );
}

const cardTitles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const dialog = () => screen.findByRole('dialog');
const setDate = (label: RegExp, value: string) =>
  fireEvent.change(within(screen.getByRole('dialog')).getByLabelText(label), { target: { value } });

describe('Reports page: the cards each person may use', () => {
  it('shows Alice every report of §2.11 and Governance Material PPT', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Reports' });
    expect(cardTitles()).toEqual([
      'One Page',
      'One Page Summary',
      'Client',
      'Project',
      'Company',
      'Financial',
      'Governance Material Excel',
      'Training and Development',
      'ID One Human Factor Restitutions',
      'Project Evaluations',
      'Setup Assessment',
      'Project Allocation',
      'Governance Material PPT',
    ]);
  });

  it('offers each scope only the reports the server lets it download', async () => {
    const { unmount } = setup(USERS.kim);
    await screen.findByRole('heading', { name: 'Reports' });
    expect(cardTitles()).toEqual([
      'Client',
      'Project',
      'Company',
      'Governance Material Excel',
      'Governance Material PPT',
    ]);
    unmount();
    setup(PEDRO);
    await screen.findByRole('heading', { name: 'Reports' });
    expect(cardTitles()).toEqual([
      'One Page',
      'One Page Summary',
      'Project',
      'Training and Development',
      'Project Evaluations',
      'Setup Assessment',
      'Project Allocation',
      'Governance Material PPT',
    ]);
    expect(screen.queryByRole('button', { name: 'Download Financial' })).not.toBeInTheDocument();
  });

  it('shows IDOne holders the ID One report; Governance Material PPT opens its portal through the host', async () => {
    setup(IDA);
    await screen.findByRole('heading', { name: 'Reports' });
    expect(cardTitles()).toEqual(['ID One Human Factor Restitutions', 'Governance Material PPT']);
    await userEvent.click(screen.getByRole('button', { name: 'Open Governance Material PPT' }));
    expect(openLink).toHaveBeenCalledWith('https://governance.example.com/');
  });
});

describe('Reports page: direct downloads', () => {
  it('downloads a report as a blob under its x-file-name with the §8 toasts', async () => {
    let asked = 0;
    setup();
    server.use(
      http.get('/api/reports/client-segments', ({ request }) => {
        asked++;
        expect(new URL(request.url).search).toBe('');
        return xlsx('report-client-segments.xlsx');
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Download Client' }));
    expect(
      await screen.findByText('We are generating your report. It could take a while'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Report generated successfully. Open or save it.')).toBeInTheDocument();
    expect(asked).toBe(1);
    expect(saved).toEqual(['report-client-segments.xlsx']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download Client' })).toBeEnabled());
  });

  it('says "Something went wrong..." when a report fails, and saves nothing', async () => {
    setup();
    server.use(
      http.get('/api/reports/idone', () =>
        HttpResponse.json(
          { statusCode: 500, error: 'Internal Server Error', message: 'boom' },
          { status: 500 },
        ),
      ),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download ID One Human Factor Restitutions' }),
    );
    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

describe('Reports page: dialogs', () => {
  it('Setup Assessment: refuses an end before the start, shows a server refusal, then downloads and closes', async () => {
    const asked: URLSearchParams[] = [];
    let refuse = true;
    setup();
    server.use(
      http.get('/api/reports/setup-assessment', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        if (refuse)
          return HttpResponse.json(
            {
              statusCode: 400,
              error: 'Bad Request',
              message: 'querystring/endDate the end date cannot be earlier than the start date',
            },
            { status: 400 },
          );
        return xlsx('report-setup-assessments.xlsx');
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Download Setup Assessment' }));
    const d = await dialog();
    await userEvent.click(within(d).getByRole('button', { name: 'Generate' }));
    expect(await within(d).findByText('Start Date is required')).toBeInTheDocument();
    expect(within(d).getByText('End Date is required')).toBeInTheDocument();

    setDate(/Start Date/, '2025-03-10');
    setDate(/End Date/, '2025-03-01');
    expect(within(d).getByLabelText(/End Date/)).toHaveAttribute('min', '2025-03-10');
    await userEvent.click(within(d).getByRole('button', { name: 'Generate' }));
    expect(
      await within(d).findByText('the end date cannot be earlier than the start date'),
    ).toBeInTheDocument();
    expect(asked).toHaveLength(0); // the dialog refused it: nothing sent

    // the server's own refusal keeps the dialog open with its message
    setDate(/End Date/, '2025-03-20');
    await userEvent.click(within(d).getByRole('button', { name: 'Generate' }));
    expect(
      await within(d).findByText('querystring/endDate the end date cannot be earlier than the start date'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    refuse = false;
    await userEvent.click(within(d).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(asked).toHaveLength(2);
    expect(Object.fromEntries(asked[1]!)).toEqual({ startDate: '2025-03-10', endDate: '2025-03-20' });
    expect(saved).toEqual(['report-setup-assessments.xlsx']);
    expect(await screen.findByText('Report generated successfully. Open or save it.')).toBeInTheDocument();
  });

  it("a list that cannot be loaded says so in the dialog (002 §8 'Failed to fetch …')", async () => {
    setup();
    server.use(
      http.get('/master/professionals', () => HttpResponse.json({ message: 'down' }, { status: 500 })),
      http.get('/api/projects', () => HttpResponse.json({ message: 'down' }, { status: 500 })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Download Project Evaluations' }));
    const d = await dialog();
    expect(
      await within(d).findByText('Failed to fetch professionals. Failed to fetch projects.'),
    ).toBeInTheDocument();
  });

  it('Project Evaluations: professional, project and range are sent; the dialog closes after a failure too', async () => {
    const asked: URLSearchParams[] = [];
    let fail = false;
    setup();
    server.use(
      http.get('/api/reports/project-professional-evaluations', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return fail ? new HttpResponse(null, { status: 500 }) : xlsx('report-project-evaluations.xlsx');
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Download Project Evaluations' }));
    let d = await dialog();
    await userEvent.click(within(d).getByRole('combobox', { name: 'Professional' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Carla Costa' }));
    await userEvent.click(within(d).getByRole('combobox', { name: 'Project' }));
    await userEvent.click(await screen.findByRole('option', { name: 'DEMO-FINISHED - Finished demo' }));
    setDate(/Start Date/, '2025-01-01');
    setDate(/End Date/, '2025-01-31');
    await userEvent.click(within(d).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(Object.fromEntries(asked[0]!)).toEqual({
      idProfessional: '9',
      idProject: '7',
      startDate: '2025-01-01',
      endDate: '2025-01-31',
    });
    expect(saved).toEqual(['report-project-evaluations.xlsx']);

    // without professional or project: only the range; a failure closes the dialog with the error toast
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Download Project Evaluations' }));
    d = await dialog();
    setDate(/Start Date/, '2025-02-01');
    setDate(/End Date/, '2025-02-01');
    await userEvent.click(within(d).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
    expect(Object.fromEntries(asked[1]!)).toEqual({ startDate: '2025-02-01', endDate: '2025-02-01' });
    expect(saved).toHaveLength(1);
  });
});

describe('Reports page: long reports run as jobs', () => {
  function serveJob(states: ReportJob['status'][], over: Partial<ReportJob> = {}) {
    const posted: unknown[] = [];
    let polls = 0;
    let files = 0;
    server.use(
      http.post('/api/report-jobs', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(job(over), { status: 202 });
      }),
      http.get('/api/report-jobs/41', () => {
        const status = states[Math.min(polls++, states.length - 1)]!;
        return HttpResponse.json(
          job({
            ...over,
            status,
            rows: status === 'done' ? 12 : null,
            error: status === 'failed' ? 'The database went away' : null,
          }),
        );
      }),
      http.get('/api/report-jobs/41/file', () => {
        files++;
        return xlsx(over.fileName ?? 'ReportOnePage.xlsx');
      }),
    );
    return { posted, polls: () => polls, files: () => files };
  }

  it("One Page, this week's export: a job with no parameters, polled until done, then saved and offered below", async () => {
    setup();
    const s = serveJob(['running', 'done']);
    await userEvent.click(await screen.findByRole('button', { name: 'Download One Page' }));
    const d = await dialog();
    expect(within(d).getByRole('radio', { name: "This week's export" })).toBeChecked();
    expect(within(d).queryByLabelText('Mês')).not.toBeInTheDocument();
    await userEvent.click(within(d).getByRole('button', { name: 'Generate' }));
    // the dialog closes once the job is accepted; the card waits for the job
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(s.posted).toEqual([{ report: 'one-page-complete', params: {} }]);
    expect(
      await screen.findByText('We are generating your report. It could take a while'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download One Page' })).toBeDisabled();

    expect(await screen.findByText('Your report is ready. Open or save it below')).toBeInTheDocument();
    expect(s.polls()).toBe(2);
    await waitFor(() => expect(saved).toEqual(['ReportOnePage.xlsx']));
    const ready = screen.getByRole('region', { name: 'Ready reports' });
    expect(within(ready).getByText('ReportOnePage.xlsx')).toBeInTheDocument();
    expect(ready).toHaveTextContent('12 rows');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download One Page' })).toBeEnabled());

    // saved again from the page
    await userEvent.click(within(ready).getByRole('button', { name: 'Download ReportOnePage.xlsx' }));
    expect(await screen.findByText('Downloading...')).toBeInTheDocument();
    expect(await screen.findByText('Download finished')).toBeInTheDocument();
    expect(saved).toEqual(['ReportOnePage.xlsx', 'ReportOnePage.xlsx']);
    expect(s.files()).toBe(2);
    await userEvent.click(within(ready).getByRole('button', { name: 'Dismiss ReportOnePage.xlsx' }));
    expect(screen.queryByRole('region', { name: 'Ready reports' })).not.toBeInTheDocument();
  });

  it('One Page, filtered export: every field set is sent; Mês and Ano default to now', async () => {
    setup();
    const s = serveJob(['done']);
    const now = new Date();
    await userEvent.click(await screen.findByRole('button', { name: 'Download One Page' }));
    const d = await dialog();
    await userEvent.click(within(d).getByRole('radio', { name: 'Filtered export' }));
    expect(within(d).getByRole('combobox', { name: 'Mês' })).toHaveTextContent(String(now.getMonth() + 1));
    expect(within(d).getByRole('combobox', { name: 'Ano' })).toHaveTextContent(String(now.getFullYear()));
    await userEvent.click(within(d).getByRole('combobox', { name: 'Ano' }));
    const years = screen.getAllByRole('option').map((o) => o.textContent);
    expect(years).toEqual([String(now.getFullYear()), String(now.getFullYear() - 1)]);
    await userEvent.click(screen.getByRole('option', { name: String(now.getFullYear() - 1) }));
    await userEvent.type(within(d).getByRole('textbox', { name: 'Project Code' }), 'DEMO');
    await userEvent.click(within(d).getByRole('combobox', { name: 'Internal' }));
    await userEvent.click(screen.getByRole('option', { name: 'No' }));
    await userEvent.click(within(d).getByRole('combobox', { name: 'Project Status' }));
    await userEvent.click(screen.getByRole('option', { name: 'During' }));
    await userEvent.click(within(d).getByRole('combobox', { name: 'One-Page Status' }));
    await userEvent.click(screen.getByRole('option', { name: 'Red' }));
    // 002 §7 "lists of ids": projects and clients picked by name, sent as ids
    await userEvent.click(within(d).getByRole('combobox', { name: 'Projects' }));
    await userEvent.click(
      await screen.findByRole('menuitemcheckbox', { name: 'DEMO-FINISHED - Finished demo' }),
    );
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'DEMO-DURING - During demo' }));
    await userEvent.click(within(d).getByRole('combobox', { name: 'Clients' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Beta Retail' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(s.posted).toEqual([
      {
        report: 'one-page-complete',
        params: {
          projectCode: 'DEMO',
          isInternal: 'false',
          projectStatus: '3',
          onePageStatus: '3',
          month: String(now.getMonth() + 1),
          year: String(now.getFullYear() - 1),
          projectIds: '7,3',
          clientIds: '2',
        },
      },
    ]);
    expect(await screen.findByText('Your report is ready. Open or save it below')).toBeInTheDocument();
  });

  it('One Page Summary: a week of the schedule-week list (this week first) is sent as `week`', async () => {
    setup();
    const s = serveJob(['done'], { report: 'one-page', fileName: 'ReportOnePageSummary.xlsx' });
    await userEvent.click(await screen.findByRole('button', { name: 'Download One Page Summary' }));
    const d = await dialog();
    const week = within(d).getByRole('combobox', { name: 'Week' });
    await userEvent.click(week);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      expect.stringMatching(/^Week 48, 2026: /),
      expect.stringMatching(/^Week 47, 2026: /),
    ]);
    await userEvent.click(screen.getAllByRole('option')[1]!);
    await userEvent.click(within(d).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(s.posted).toEqual([{ report: 'one-page', params: { week: '2026-11-16' } }]);
  });

  it("One Page Summary: 'Failed to fetch schedule weeks.' when the list fails; this week is sent", async () => {
    setup();
    server.use(http.get('/api/schedule-week', () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    const s = serveJob(['done'], { report: 'one-page', fileName: 'ReportOnePageSummary.xlsx' });
    await userEvent.click(await screen.findByRole('button', { name: 'Download One Page Summary' }));
    const d = await dialog();
    expect(await within(d).findByText('Failed to fetch schedule weeks.')).toBeInTheDocument();
    await userEvent.click(within(d).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(s.posted).toEqual([{ report: 'one-page', params: {} }]);
  });

  it('stops following a job when the page is left', async () => {
    const { unmount } = setup();
    const s = serveJob(['running']);
    await userEvent.click(await screen.findByRole('button', { name: 'Download One Page' }));
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(s.polls()).toBe(1));
    unmount();
    await new Promise((r) => setTimeout(r, 2500));
    expect(s.polls()).toBe(1);
    expect(saved).toEqual([]);
  });

  it('Project Allocation: chosen professionals and project codes go comma-joined; a failed job says so', async () => {
    setup();
    const s = serveJob(['failed'], {
      report: 'project-allocation',
      fileName: 'ReportProjectAllocation.xlsx',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download Project Allocation' }));
    const d = await dialog();
    const pros = within(d).getByRole('combobox', { name: 'Professionals' });
    await userEvent.click(pros);
    // a multiple choice lists its options as checkboxes
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Marcos Moura' }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Carla Costa' }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Rita Ramos (inactive)' }));
    await userEvent.click(within(d).getByRole('combobox', { name: 'Project Codes' }));
    await userEvent.type(within(d).getByRole('combobox', { name: 'Project Codes' }), 'during');
    expect(
      screen.queryByRole('menuitemcheckbox', { name: 'DEMO-FINISHED - Finished demo' }),
    ).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'DEMO-DURING - During demo' }));
    const chosen = within(d).getByRole('toolbar', { name: 'Professionals chosen' });
    expect(chosen).toHaveTextContent('Marcos Moura');
    expect(chosen).toHaveTextContent('Rita Ramos (inactive)');
    await userEvent.click(within(chosen).getByRole('button', { name: /Remove Rita Ramos/ }));
    expect(chosen).not.toHaveTextContent('Rita Ramos');
    expect(chosen).toHaveTextContent('Carla Costa');
    setDate(/Start Date/, '2025-01-06');
    setDate(/End Date/, '2025-03-30');
    await userEvent.click(within(d).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(s.posted).toEqual([
      {
        report: 'project-allocation',
        params: {
          professionalIds: '6,9',
          projectCodes: 'DEMO-DURING',
          startDate: '2025-01-06',
          endDate: '2025-03-30',
        },
      },
    ]);
    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
    expect(screen.getByText('The database went away')).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Ready reports' })).not.toBeInTheDocument();
  });
});

describe('report-download helpers', () => {
  it('builds the query: empty choices left out, lists comma-joined', () => {
    expect(
      reportParams({ a: null, b: undefined, c: '', d: [], e: [1, 2], f: false, g: 0, h: ' x ' }),
    ).toEqual({
      e: '1,2',
      f: 'false',
      g: '0',
      h: 'x',
    });
    expect(reportPath('setup-assessment', { startDate: '2025-01-01', endDate: null })).toBe(
      '/api/reports/setup-assessment?startDate=2025-01-01',
    );
    expect(reportPath('idone')).toBe('/api/reports/idone');
    expect(REPORT_FILE_NAMES['one-page-complete']).toBe('ReportOnePage.xlsx');
  });
});
