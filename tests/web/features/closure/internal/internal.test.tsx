import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { REFERENCE_TOPICS, type ClosureInternalRecord, type ProjectDetail } from '@domain/contract';
import { SessionProvider } from '@web/api/session-context';
import { getHost, setHost, type Host } from '@web/host';
import ClosureInternalPage from '@web/features/closure/internal/ClosureInternalPage';
import { server } from '../../../msw-server';
import { fakeToken, openDialogWith, renderWithProviders, USERS } from '../../../render';

// The CRM tab's content is another screen part (crm/), tested in closure-crm.test.tsx.
vi.mock('@web/features/closure/internal/crm/CrmTab', () => ({
  CrmTab: ({ projectId }: { projectId: number }) => <div>CRM content of project {projectId}</div>,
}));

const OSCAR = {
  ...USERS.marcos,
  userName: 'Oscar Oliveira',
  email: 'oscar.outsider@example.com',
  login: 'oscar.outsider',
  professionalId: 11,
};

const member = (id: number, name: string, role: { isManager?: boolean; isPartner?: boolean } = {}) => ({
  id,
  idProfessional: id,
  isManager: !!role.isManager,
  isPartner: !!role.isPartner,
  isOnePageAllow: false,
  professional: { id, name, email: `${id}@example.com`, isActive: true, jobTitle: { name: 'Consultant' } },
});
const TEAM = [
  member(6, 'Marcos Moura', { isManager: true }),
  member(7, 'Paula Pereira', { isPartner: true }),
  member(8, 'Dora Duarte'),
  member(9, 'Carla Costa'),
];

const project = (): ProjectDetail => ({
  id: 5,
  code: 'DEMO-CLOSURE',
  name: 'Demo Closure Project',
  idStatus: 4,
  idClient: 2,
  client: { id: 2, name: 'Blue River Bank' },
  idDuringType: 1,
  endDate: '2026-03-05',
  startDate: null,
  createdAt: '2025-11-02T10:00:00.000Z',
  updatedAt: '2025-11-20T10:00:00.000Z',
  whatSalesContext: null,
  whyClientNeedHelp: null,
  proposalFilename: null,
  idSupportComanagement: null,
  projectManager: { ...TEAM[0]!.professional, idProfessional: 6 },
  projectPartner: { ...TEAM[1]!.professional, idProfessional: 7 },
  projectPractices: [{ idPractice: 2 }],
  projectMethodologies: [],
  projectGeographics: [],
  projectGeographicScopes: [],
  projectOffices: [],
  projectCoManagements: [],
  projectSession: [],
  missingAssessmentNames: '',
  version: 5,
  closeOutComplete: false,
  projectTrainingDevelopment: { tdOportunity: null, text: null, version: 1 },
  projectTeam: TEAM,
});

const noAnswer = { Select: null, Contact: null, Comment: null };
const record = (over: Partial<ClosureInternalRecord> = {}): ClosureInternalRecord => ({
  formIDPersonResponsible: 6,
  formStatus: false,
  sanitizedReferenceIDPersonResponsible: null,
  sanitizedReferenceStatus: false,
  projectNetworkIDPersonResponsible: null,
  projectNetworkStatus: true,
  crmidPersonResponsible: 9,
  crmStatus: false,
  sanitizedReferenceAttach: null,
  crmAttach: null,
  formCompleteCaseAttach: null,
  closureProjectName: 'DEMO-CLOSURE closure',
  formProjectStartDate: '2025-07-01',
  formProjectEndDate: '2026-03-05',
  formResponsiblePartner: 7,
  formProjectManager: 6,
  formOffice: null,
  formGeography: null,
  formGeographyScope: null,
  formPractice: null,
  formMethodology: null,
  formMiniCaseComment: null,
  formResultAchievedQualitative: null,
  formResultAchievedQuantitative: null,
  references: Object.fromEntries(
    REFERENCE_TOPICS.map((t) => [t, { ...noAnswer }]),
  ) as ClosureInternalRecord['references'],
  formTechnologyMethodologyWasOutdated: true,
  formTechnologyUseGapSelect: false,
  formTechnologyUseGapComment: null,
  formTechnologyBetterDeliveryComment: 'Automate the data pulls',
  formSomeTypeOfTechnologySelect: true,
  formSomeTypeOfTechnologyComment: 'Power BI',
  formPartneredWithAnyTechCompanySelect: null,
  formPartneredWithAnyTechCompanyComment: null,
  formIdentifyNewTypeTechnologyDuringProjectSelect: null,
  formIdentifyNewTypeTechnologyDuringProjectComment: null,
  formClientLeveragingOnNewTechnologySelect: null,
  formTopicOfSustainabilityTouchedSelect: null,
  formTopicOfSustainabilityTouchedComment: null,
  formClientFocusedOnSustainabilitySelect: null,
  formClientFocusedOnSustainabilityComment: null,
  version: 3,
  ...over,
});

const METHODOLOGIES = [
  { ID: 0, Name: 'Zero' },
  { ID: 3, Name: 'Strategic Planning' },
  { ID: 5, Name: 'Lean Operations' },
  { ID: 13, Name: 'Excluded Thirteen' },
  { ID: 76, Name: 'Excluded Seventy-six' },
  { ID: 90, Name: 'No Methodology' },
  { ID: 91, Name: 'Pricing' },
];

const BASE = '/api/project-closure-internal/project/5';
type Handlers = Parameters<typeof server.use>;
interface Sent {
  path: string;
  body: Record<string, unknown>;
  ifMatch: string | null;
}

/** Applies one PATCH body to the record as the server would. */
function apply(r: ClosureInternalRecord, body: Record<string, unknown>): ClosureInternalRecord {
  const next = structuredClone(r) as ClosureInternalRecord & Record<string, unknown>;
  const [field, value] = Object.entries(body)[0]!;
  if (field === 'references') {
    const [topic, part] = Object.entries(value as Record<string, Record<string, unknown>>)[0]!;
    Object.assign((next.references as Record<string, Record<string, unknown>>)[topic]!, part);
  } else next[field] = value;
  return { ...next, version: r.version + 1 };
}

/** Renders the page for `user` at `path`; the record lives in `state.record`, PATCHes apply to it. */
function setup(
  user: Record<string, unknown>,
  initial: ClosureInternalRecord,
  { path = '/project/5/closure/internal', more = [] as Handlers } = {},
) {
  const state = { record: initial, sent: [] as Sent[] };
  localStorage.setItem('portal.accessToken', fakeToken(user));
  const patch = (suffix: string) =>
    http.patch(`${BASE}${suffix}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.sent.push({ path: suffix || '/', body, ifMatch: request.headers.get('if-match') });
      state.record = apply(state.record, body);
      return HttpResponse.json(state.record);
    });
  server.use(
    ...more,
    http.get('/api/projects/5', () => HttpResponse.json(project())),
    http.get(BASE, () => HttpResponse.json(state.record)),
    patch(''),
    patch('/form'),
    http.get('/master/offices', () =>
      HttpResponse.json([
        { ID: 1, Name: 'São Paulo' },
        { ID: 2, Name: 'Lisbon' },
      ]),
    ),
    http.get('/master/geographics', () => HttpResponse.json([{ ID: 223, Name: 'Brazil' }])),
    http.get('/master/geographic-scopes', () => HttpResponse.json([{ ID: 1, Name: 'Local' }])),
    http.get('/master/practices', () => HttpResponse.json([{ ID: 2, Name: 'Strategy' }])),
    http.get('/master/methodologies', () => HttpResponse.json(METHODOLOGIES)),
  );
  renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path="/project/:id/closure/internal" element={<ClosureInternalPage />} />
      </Routes>
    </SessionProvider>,
    { path },
  );
  return state;
}

const tabNames = () =>
  screen.getAllByRole('tab').map((t) => t.querySelector('.fui-Tab__content')?.textContent);
const openTab = async (name: string, root: HTMLElement = document.body) =>
  userEvent.click(
    within(root)
      .getAllByRole('tab')
      .find((t) => t.querySelector('.fui-Tab__content')?.textContent === name)!,
  );
const pdf = (name = 'case.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
const openForm = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Open form' }));
  return screen.findByRole('dialog', { name: 'Close-out form' });
};

let restoreHost: (() => void) | null = null;
function fakeHost() {
  const prev = getHost();
  const openLink = vi.fn();
  setHost({ ...prev, openLink } as Host);
  restoreHost = () => setHost(prev);
  return openLink;
}
afterEach(() => {
  restoreHost?.();
  restoreHost = null;
});

describe('Closure Internal: tabs and checklists', () => {
  it('shows CLOSURE, the title and the four tabs, Close-out first; saves the responsible and the status at once', async () => {
    const state = setup(USERS.marcos, record());
    expect(await screen.findByRole('heading', { name: 'Closure Internal' })).toBeInTheDocument();
    expect(screen.getByText('CLOSURE')).toBeInTheDocument();
    expect(tabNames()).toEqual(['Close-out', 'Sanitized References', 'Project Network', 'CRM']);
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Close-out');
    const person = screen.getByRole('combobox', { name: 'Close-out: person responsible' });
    expect(person).toHaveTextContent('Marcos Moura');
    await userEvent.click(person);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Carla Costa',
      'Dora Duarte',
      'Marcos Moura',
      'Paula Pereira',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Dora Duarte' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(state.sent[0]).toEqual({ path: '/', body: { formIDPersonResponsible: 8 }, ifMatch: '"3"' });

    await userEvent.click(screen.getByRole('switch', { name: 'Close-out: status' }));
    await waitFor(() => expect(state.sent).toHaveLength(2));
    expect(state.sent[1]).toEqual({ path: '/', body: { formStatus: true }, ifMatch: '"4"' });
    expect(await screen.findByRole('switch', { name: 'Close-out: status' })).toBeChecked();
    expect(screen.getByText('Done')).toBeInTheDocument();

    // what the close-out still misses
    expect(screen.getByText('Close-out form incomplete')).toBeInTheDocument();
    expect(
      screen.getByText(/Missing: Office, Geography, Methodology, Project summary, Case file\./),
    ).toBeInTheDocument();

    await openTab('Project Network');
    expect(screen.getByRole('switch', { name: 'Project Network: status' })).toBeChecked();
    await userEvent.click(screen.getByRole('switch', { name: 'Project Network: status' }));
    await waitFor(() => expect(state.sent).toHaveLength(3));
    expect(state.sent[2]!.body).toEqual({ projectNetworkStatus: false });
  });

  it('?crm opens the CRM tab with its checklist and the CRM content', async () => {
    setup(USERS.marcos, record(), { path: '/project/5/closure/internal?crm' });
    expect(await screen.findByText('CRM content of project 5')).toBeInTheDocument();
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('CRM');
    expect(screen.getByRole('combobox', { name: 'CRM: person responsible' })).toHaveTextContent(
      'Carla Costa',
    );
    expect(screen.getByRole('switch', { name: 'CRM: status' })).not.toBeChecked();
  });

  it('a failed save toasts "Something went wrong"; a stale version (412) shows the server\'s record', async () => {
    const current = record({ formIDPersonResponsible: 9, version: 7 });
    const state = setup(USERS.marcos, record(), {
      more: [
        http.patch(BASE, () =>
          HttpResponse.json({ statusCode: 412, message: 'stale', current }, { status: 412 }),
        ),
      ],
    });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Close-out: person responsible' }));
    await userEvent.click(screen.getByRole('option', { name: 'Paula Pereira' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Close-out: person responsible' })).toHaveTextContent(
        'Carla Costa',
      ),
    );
    expect(state.sent).toHaveLength(0);
  });

  it('is read-only for an outsider: disabled inputs, no uploads, the form opens read-only, nothing is sent', async () => {
    const state = setup(OSCAR, record({ sanitizedReferenceAttach: 'sanitized.pdf' }));
    expect(await screen.findByRole('combobox', { name: 'Close-out: person responsible' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Close-out: status' })).toBeDisabled();
    const dialog = await openForm();
    expect(within(dialog).getByRole('combobox', { name: 'Office' })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: 'Methodology' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: /Project summary/ })).toHaveAttribute('readonly');
    expect(within(dialog).queryByLabelText('Case file (English and sanitized, PDF)')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Use the project name' })).not.toBeInTheDocument();
    await openTab('References', dialog);
    expect(within(dialog).getAllByRole('radio')[0]).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await openTab('Sanitized References');
    expect(screen.queryByLabelText('Sanitized references file (PDF)')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download sanitized file' })).toBeEnabled();
    expect(state.sent).toHaveLength(0);
  });
});

describe('Closure Internal: the close-out form', () => {
  it('offers the methodologies without the excluded ids and No Methodology, saves them comma-joined', async () => {
    const state = setup(USERS.marcos, record({ formMethodology: '3' }));
    const dialog = await openForm();
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((t) => t.querySelector('.fui-Tab__content')?.textContent),
    ).toEqual(['Close-out', 'References', 'Sustainability']);
    expect(within(dialog).getByRole('textbox', { name: 'Project name' })).toHaveValue('DEMO-CLOSURE closure');
    expect(within(dialog).getByRole('textbox', { name: 'Project name' })).toHaveAttribute('readonly');
    const methodology = within(dialog).getByRole('combobox', { name: 'Methodology' });
    await waitFor(() => expect(methodology).toHaveTextContent('Strategic Planning'));
    await userEvent.click(methodology);
    // a multi-select lists its options as checkable menu items
    expect((await screen.findAllByRole('menuitemcheckbox')).map((o) => o.textContent)).toEqual([
      'Strategic Planning',
      'Lean Operations',
      'Pricing',
    ]);
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Pricing' }));
    // the toast and the field's save state
    await waitFor(() => expect(screen.getAllByText('Saved')).toHaveLength(2));
    expect(state.sent[0]).toEqual({ path: '/form', body: { formMethodology: '3,91' }, ifMatch: '"3"' });
  });

  it('saves a choice and a date at once, the summary on leaving it with its 500 counter', async () => {
    const state = setup(USERS.marcos, record());
    const dialog = await openForm();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Office' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Lisbon' }));
    await waitFor(() => expect(state.sent).toHaveLength(1));
    expect(state.sent[0]).toEqual({ path: '/form', body: { formOffice: 2 }, ifMatch: '"3"' });

    fireEvent.change(within(dialog).getByLabelText('End date'), { target: { value: '2026-04-10' } });
    await waitFor(() => expect(state.sent).toHaveLength(2));
    expect(state.sent[1]).toEqual({
      path: '/form',
      body: { formProjectEndDate: '2026-04-10' },
      ifMatch: '"4"',
    });

    const summary = within(dialog).getByRole('textbox', { name: /Project summary/ });
    expect(summary).toHaveAttribute('maxlength', '500');
    expect(within(dialog).getByText('0/500')).toBeInTheDocument();
    await userEvent.type(summary, 'Costs cut by 6%');
    expect(within(dialog).getByText('15/500')).toBeInTheDocument();
    fireEvent.change(summary, { target: { value: 'x'.repeat(600) } });
    expect(within(dialog).getByText('500/500')).toBeInTheDocument();
    summary.blur();
    await waitFor(() => expect(state.sent).toHaveLength(3));
    expect(state.sent[2]!.body).toEqual({ formMiniCaseComment: 'x'.repeat(500) });
    expect(state.sent[2]!.ifMatch).toBe('"5"');
  });

  it('answers a References topic (yes, person, comment) with one topic per PATCH', async () => {
    const state = setup(USERS.marcos, record());
    const dialog = await openForm();
    await openTab('References', dialog);
    const groups = within(dialog).getAllByRole('group', { name: /\?$/ });
    expect(groups).toHaveLength(14);
    const topic = within(dialog).getByRole('group', { name: 'Did the team create a tool?' });
    await userEvent.click(within(topic).getByRole('radio', { name: 'Yes' }));
    await waitFor(() => expect(state.sent).toHaveLength(1));
    expect(state.sent[0]!.body).toEqual({ references: { CreateTool: { Select: true } } });

    await userEvent.click(
      within(topic).getByRole('combobox', { name: 'Did the team create a tool? Person responsible' }),
    );
    await userEvent.click(screen.getByRole('option', { name: 'Carla Costa' }));
    await waitFor(() => expect(state.sent).toHaveLength(2));
    expect(state.sent[1]!.body).toEqual({ references: { CreateTool: { Contact: 9 } } });

    const comment = within(topic).getByRole('textbox', { name: 'Comment' });
    await userEvent.type(comment, 'A pricing simulator');
    comment.blur();
    await waitFor(() => expect(state.sent).toHaveLength(3));
    expect(state.sent[2]!.body).toEqual({ references: { CreateTool: { Comment: 'A pricing simulator' } } });
    expect(state.sent.map((x) => x.ifMatch)).toEqual(['"3"', '"4"', '"5"']);
  });

  it('Sustainability: two yes/no questions with comments; the technology items read only', async () => {
    const state = setup(USERS.marcos, record());
    const dialog = await openForm();
    await openTab('Sustainability', dialog);
    const q = within(dialog).getByRole('group', { name: 'Is the client focused on sustainability?' });
    await userEvent.click(within(q).getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(state.sent).toHaveLength(1));
    expect(state.sent[0]!.body).toEqual({ formClientFocusedOnSustainabilitySelect: false });
    const tech = within(dialog).getByRole('group', { name: 'Technology' });
    expect(within(tech).getByText('Yes: Power BI')).toBeInTheDocument();
    expect(within(tech).getByText('Automate the data pulls')).toBeInTheDocument();
    expect(within(tech).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(tech).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('uploads the case (toasts, completeness), downloads the template and shows the good-case tips', async () => {
    let fail = true;
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const complete = record({
      formOffice: 1,
      formGeography: 223,
      formMethodology: '3',
      formMiniCaseComment: 'Sanitized summary',
    });
    const state = setup(USERS.marcos, complete, {
      more: [
        http.post('/api/projects/5/close-out/complete-case/file', () => {
          if (fail)
            return HttpResponse.json(
              { statusCode: 400, message: 'Only PDF files is allowed' },
              { status: 400 },
            );
          state.record = {
            ...state.record,
            formCompleteCaseAttach: 'case.pdf',
            version: state.record.version + 1,
          };
          return HttpResponse.json(state.record);
        }),
        http.get(
          '/api/projects/5/close-out/complete-case/template',
          () =>
            new HttpResponse('%PDF-1.4', {
              headers: { 'content-type': 'application/pdf', 'x-file-name': 'complete-case-template.pdf' },
            }),
        ),
      ],
    });
    const dialog = await openForm();
    expect(within(dialog).getByText('Missing: Case file.')).toBeInTheDocument();
    expect(within(dialog).getByText('No case uploaded yet')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('Please, select a file', { selector: '[id]' })).toBeInTheDocument();
    await userEvent.upload(within(dialog).getByLabelText('Case file (English and sanitized, PDF)'), pdf());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Uploading your file...')).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
    fail = false;
    await userEvent.upload(within(dialog).getByLabelText('Case file (English and sanitized, PDF)'), pdf());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('File uploaded')).toBeInTheDocument();
    expect(await within(dialog).findByText('Close-out form complete')).toBeInTheDocument();
    expect(within(dialog).getByText('case.pdf')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download case' })).toBeInTheDocument();

    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Download the complete one-page case template' }),
    );
    expect(await screen.findByText('We are generating your file. It could take a while')).toBeInTheDocument();
    expect(await screen.findByText('Your file is ready')).toBeInTheDocument();
    expect(createObjectURL).toHaveBeenCalled();

    const tips = await openDialogWith(
      () => within(dialog).getByRole('button', { name: 'Tips to write a good case' }),
      'Tips to write a good case',
    );
    expect(within(tips).getAllByRole('listitem').length).toBeGreaterThan(3);
    expect(within(tips).getByRole('list', { name: 'Tutorial steps' })).toBeInTheDocument();
    expect(within(tips).queryByTitle(/Tutorial video/)).not.toBeInTheDocument(); // no VITE_TUTORIAL_GOOD_CASE_URL
  });

  it('fills an empty project name from the project', async () => {
    const state = setup(USERS.marcos, record({ closureProjectName: null }));
    const dialog = await openForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use the project name' }));
    await waitFor(() => expect(state.sent).toHaveLength(1));
    expect(state.sent[0]!.body).toEqual({ closureProjectName: 'Demo Closure Project' });
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Project name' })).toHaveValue(
        'Demo Closure Project',
      ),
    );
  });
});

describe('Closure Internal: sanitized references and project network', () => {
  it('uploads and downloads the sanitized file and opens the auto-sanitization page through the host', async () => {
    const openLink = fakeHost();
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    let uploaded = 0;
    const state = setup(USERS.marcos, record(), {
      more: [
        http.post('/api/projects/5/sanitized-references/file', () => {
          uploaded++;
          state.record = { ...state.record, sanitizedReferenceAttach: 'refs.pdf', version: 4 };
          return HttpResponse.json(state.record);
        }),
        http.get(
          '/api/projects/5/sanitized-references/file',
          () => new HttpResponse('%PDF-1.4', { headers: { 'x-file-name': 'refs.pdf' } }),
        ),
      ],
    });
    await screen.findByRole('heading', { name: 'Closure Internal' });
    await openTab('Sanitized References');
    expect(screen.getByText('No sanitized file uploaded yet')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Sanitized references file (PDF)'), pdf('refs.pdf'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('File uploaded')).toBeInTheDocument();
    expect(uploaded).toBe(1);
    await userEvent.click(await screen.findByRole('button', { name: 'Download sanitized file' }));
    expect(await screen.findByText('Your file is ready')).toBeInTheDocument();
    expect(createObjectURL).toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Open auto-sanitization' }));
    expect(openLink).toHaveBeenCalledWith('https://sanitization.example.com/');
  });

  it('shows the knowledge-management mailbox as a mailto opened through the host', async () => {
    const openLink = fakeHost();
    setup(USERS.marcos, record());
    await screen.findByRole('heading', { name: 'Closure Internal' });
    await openTab('Project Network');
    const link = screen.getByRole('link', { name: 'knowledge.management@example.com' });
    expect(link).toHaveAttribute('href', 'mailto:knowledge.management@example.com');
    await userEvent.click(link);
    expect(openLink).toHaveBeenCalledWith('mailto:knowledge.management@example.com');
  });
});
