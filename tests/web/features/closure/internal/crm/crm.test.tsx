import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import type { ClosureInternalRecord, ProjectDetail } from '@domain/contract';
import { SessionProvider } from '@web/api/session-context';
import { CrmTab } from '@web/features/closure/internal/crm/CrmTab';
import { draftKey } from '@web/features/closure/internal/crm/draft';
import { server } from '../../../../msw-server';
import { fakeToken, renderWithProviders, USERS } from '../../../../render';

const OSCAR = {
  ...USERS.marcos,
  userName: 'Oscar Oliveira',
  email: 'oscar.outsider@example.com',
  login: 'oscar.outsider',
  professionalId: 11,
};

const CARLA = {
  ...USERS.marcos,
  userName: 'Carla Costa',
  email: 'carla.consultant@example.com',
  login: 'carla.consultant',
  professionalId: 9,
};

const member = (
  id: number,
  name: string,
  login: string,
  title: string,
  role: { isManager?: boolean; isPartner?: boolean } = {},
) => ({
  id,
  idProfessional: id,
  isManager: !!role.isManager,
  isPartner: !!role.isPartner,
  isOnePageAllow: false,
  professional: { id, name, email: `${login}@example.com`, isActive: true, jobTitle: { name: title } },
});
const TEAM = [
  member(6, 'Marcos Moura', 'marcos.manager', 'Manager', { isManager: true }),
  member(7, 'Paula Pereira', 'paula.partner', 'Partner', { isPartner: true }),
  member(8, 'Dora Duarte', 'dora.director', 'Director'),
  member(9, 'Carla Costa', 'carla.consultant', 'Consultant'),
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
  // the setup session (read by everyone) and a During session (the team's only)
  projectSession: [
    { id: 21, isSetup: false },
    { id: 20, isSetup: true },
  ],
  missingAssessmentNames: '',
  version: 5,
  closeOutComplete: false,
  projectTrainingDevelopment: { tdOportunity: null, text: null, version: 1 },
  projectTeam: TEAM,
});

const stakeholder = (id: number, name: string, idSession = 20) => ({
  id,
  idSession,
  name,
  idProfessionalResponsible: null,
  position: 'CFO',
  birthday: '1980-04-09',
  language: 'English',
  currentStatus: 1,
  actionPlan: null,
  createAt: '2025-11-02T10:00:00.000Z',
  version: 1,
});

/** A contact complete but for messy spelling (normalised on save). */
const messy = {
  idOnPortal: 101,
  name: 'Helena Souza',
  firstName: 'hELENA',
  lastName: 'de souza',
  masterEmailAddress: ' Helena.Souza@@Client.Example.com ',
  personalEmail: '',
  phone: '55 (11) 98765-4321',
  position: 'CFO',
  classification: 'Decision Maker',
  gender: 'SHE' as const,
  language: ['English'],
  groupArea: 'Finance',
  groupPosition: 'C-Level',
  responsibleOffice: 'São Paulo',
  responsibleWrite: 'marcos.manager@example.com',
  responsibleSign: ['paula.partner@example.com'],
  residentCountry: 'Brazil',
  linkedin: 'https://linkedin.com/in/helena',
  stakeholderGroup: 'CLIENT' as const,
};

const draft = (over: Record<string, unknown> = {}) => ({
  contacts: [messy],
  excluded: [],
  responsibles: { fulfil: null, director: null, partner: null },
  industry: null,
  form: {},
  savedAt: Date.now() - 60_000,
  ...over,
});

type Handlers = Parameters<typeof server.use>;
interface Calls {
  bulk: Record<string, unknown>[];
  put: unknown[];
  mail: Record<string, unknown>[];
  during: number;
}
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The closure record's part the CRM tab reads (its CRM file). */
type ClosureRecord = Pick<ClosureInternalRecord, 'crmAttach' | 'formStatus' | 'crmStatus' | 'version'>;

function setup(
  user: Record<string, unknown>,
  opts: {
    portal?: ReturnType<typeof stakeholder>[];
    saved?: Record<string, unknown>[];
    draft?: Record<string, unknown>;
    crmAttach?: string;
    more?: Handlers;
  } = {},
) {
  const calls: Calls = { bulk: [], put: [], mail: [], during: 0 };
  localStorage.setItem('portal.accessToken', fakeToken(user));
  if (opts.draft) localStorage.setItem(draftKey(5), JSON.stringify(opts.draft));
  const state = {
    portal: opts.portal ?? [stakeholder(101, 'Helena Souza'), stakeholder(102, 'João Lima')],
    record: {
      crmAttach: opts.crmAttach ?? null,
      formStatus: false,
      crmStatus: false,
      version: 3,
    } as ClosureRecord,
  };
  const lookup = (names: string[]) => names.map((name, i) => ({ id: i + 1, name }));
  server.use(
    ...(opts.more ?? []),
    http.get('/api/projects/5', () => HttpResponse.json(project())),
    http.get('/api/project-closure-internal/project/5', () => HttpResponse.json(state.record)),
    http.get('/api/project/5/stakeholders/sessions/20', () => HttpResponse.json(state.portal)),
    http.get('/api/project/5/stakeholders/sessions/21', () => {
      calls.during += 1;
      return HttpResponse.json([stakeholder(101, 'Helena Souza', 21)]);
    }),
    http.get('/crm/crm-classifications', () =>
      HttpResponse.json([
        { id: 1, name: 'Decision Maker', stakeholderTypes: ['CLIENT'] },
        { id: 2, name: 'Influencer', stakeholderTypes: ['CLIENT'] },
      ]),
    ),
    http.get('/crm/area-positions', () =>
      HttpResponse.json([
        { id: 1, name: 'Finance', type: 1 },
        { id: 101, name: 'C-Level', type: 2 },
      ]),
    ),
    http.get('/crm/geographies', () => HttpResponse.json(lookup(['Brazil', 'Portugal']))),
    http.get('/crm/offices', () => HttpResponse.json(lookup(['São Paulo', 'London']))),
    http.get('/crm/industries', () => HttpResponse.json(lookup(['Banking', 'Energy']))),
    http.get('/crm/languages', () => HttpResponse.json(lookup(['English', 'Portuguese']))),
    http.get('/crm/professional', () =>
      HttpResponse.json(
        TEAM.map((m) => ({ id: m.id, name: m.professional.name, email: m.professional.email })),
      ),
    ),
    http.get('/crm/contactPerProject/5', () => HttpResponse.json(opts.saved ?? [])),
    http.get('/crm/company/2', () =>
      HttpResponse.json({
        id: 2,
        name: 'Blue River Bank',
        economicGroup: 'Blue River Group',
        industry: null,
      }),
    ),
    http.post('/crm/profile/create-bulk', async ({ request }) => {
      const body = (await request.json()) as { data: Record<string, unknown>[] };
      calls.bulk.push(body);
      return HttpResponse.json(body.data.map((c, i) => ({ ...c, id: 500 + i, version: 1, isActive: true })));
    }),
    http.put('/crm/updateContactPerProjectResponsible', async ({ request }) => {
      calls.put.push(await request.json());
      return HttpResponse.json([]);
    }),
    http.post('/crm/sendEmail', async ({ request }) => {
      calls.mail.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ to: 'dora.director@example.com', idProject: 5, stakeholders: 1, mailId: 1 });
    }),
  );
  const { client } = renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path="/project/:id/closure/internal" element={<CrmTab projectId={5} />} />
        <Route path="/project/:id/setup/stakeholders" element={<p>Stakeholders page</p>} />
      </Routes>
    </SessionProvider>,
    { path: '/project/5/closure/internal?crm' },
  );
  return { calls, state, client };
}

const closePrivacy = async () => {
  const dialog = await findDialog('Privacy warning');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByText('Privacy warning', { selector: 'h2' })).toBeNull());
};
/** The dialog whose title is `title` (text queries: role queries over the wide grid are slow on a loaded machine). */
const findDialog = async (title: string) =>
  (await screen.findByText(title, { selector: 'h2' })).closest<HTMLElement>('[role="dialog"]')!;
const grid = () => document.querySelector<HTMLElement>('[role="grid"][aria-label="Stakeholders"]')!;
const gridNames = () =>
  within(grid())
    .queryAllByRole('row')
    .slice(1)
    .map((r) => within(r).queryAllByRole('gridcell')[0]?.textContent);
const choose = async (combo: string, option: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: combo }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

/** Chooses `option` in the modal's select `label` (a multi-select's options are checkable menu items). */
const pick = async (dialog: HTMLElement, label: string, option: string, multi = false) => {
  await userEvent.click(within(dialog).getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await userEvent.click(await screen.findByRole(multi ? 'menuitemcheckbox' : 'option', { name: option }));
};

afterEach(() => {
  vi.useRealTimers();
});

describe('CRM tab', () => {
  it('shows the privacy warning, the header, the portal contacts and the selectors by job title', async () => {
    const { calls } = setup(USERS.marcos, {
      saved: [
        {
          ...messy,
          id: 9,
          idOnPortal: 103,
          firstName: 'Ana',
          lastName: 'Silva',
          status: 'Pending',
          version: 1,
          isActive: true,
        },
      ],
      portal: [
        stakeholder(101, 'Helena Souza'),
        stakeholder(102, 'João Lima'),
        stakeholder(103, 'Ana Silva'),
      ],
    });
    await closePrivacy();
    await waitFor(() => expect(gridNames()).toEqual(['Helena Souza', 'João Lima']));
    expect(calls.during).toBe(1); // the team reads the During session too (deduplicated by name)
    expect(screen.getByText('Blue River Bank')).toBeInTheDocument();
    expect(screen.getByText('Blue River Group')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Industry' })).toHaveTextContent('Select an industry');
    // saved contacts as tags, not in the grid
    expect(
      within(screen.getByRole('group', { name: 'Saved Contacts' })).getByText('Ana Silva'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Director Responsible (Manager/Director)' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Dora Duarte', 'Marcos Moura']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('combobox', { name: 'Partner Responsible' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Paula Pereira']);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Classification Info' }));
    const info = await findDialog('CRM Classification');
    expect(within(info).getByRole('img')).toBeInTheDocument();
    await userEvent.click(within(info).getByRole('button', { name: 'Fechar' }));

    await userEvent.click(screen.getByRole('button', { name: 'Go to Stakeholders' }));
    expect(await screen.findByText('Stakeholders page')).toBeInTheDocument();
  });

  it('refuses a save with the spec messages, then saves normalised contacts and sends the approval e-mail', async () => {
    const { calls } = setup(USERS.marcos, { draft: draft() });
    await closePrivacy();
    expect(
      await screen.findByText('Draft loaded! 1 new contact(s) added to excluded list.'),
    ).toBeInTheDocument();
    expect(gridNames()).toEqual(['hELENA de souza']);
    expect(
      within(screen.getByRole('group', { name: 'Excluded Contacts' })).getByRole('button', {
        name: 'João Lima',
      }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save and Send' }));
    expect(
      await screen.findByText(
        'Please select the following responsibles: Partner Responsible, Director Responsible (Manager/Director), Responsible to Fulfill',
      ),
    ).toBeInTheDocument();
    await choose('Responsible to Fulfill', 'Carla Costa');
    await choose('Director Responsible (Manager/Director)', 'Dora Duarte');
    await choose('Partner Responsible', 'Paula Pereira');
    await userEvent.click(screen.getByRole('button', { name: 'Save and Send' }));
    expect(await screen.findAllByText('Select an industry')).not.toHaveLength(0);
    await choose('Industry', 'Banking');

    // a contact brought back from the excluded list is incomplete: the save is refused with its messages
    await userEvent.click(screen.getByRole('button', { name: 'João Lima' }));
    await waitFor(() => expect(gridNames()).toEqual(['hELENA de souza', 'João Lima']));
    await userEvent.click(screen.getByRole('button', { name: 'Save and Send' }));
    expect(
      await screen.findByText(/^João Lima: CRM Classification is required, Professional Email is required/),
    ).toBeInTheDocument();
    expect(calls.bulk).toHaveLength(0);
    // excluded again
    const row = within(grid())
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('João Lima'))!;
    await userEvent.click(within(row).getByRole('button', { name: 'Exclude' }));
    await waitFor(() => expect(gridNames()).toEqual(['hELENA de souza']));

    await userEvent.click(screen.getByRole('button', { name: 'Save and Send' }));
    const confirm = await findDialog('Save and Send');
    expect(confirm).toHaveTextContent(
      "Are you sure you want to save the CRM information? This will send an email to this project's director and/or partner requesting their review.",
    );
    expect(within(confirm).getByRole('list', { name: 'Recipients' })).toHaveTextContent(
      'Dora Duarte (dora.director@example.com)',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, Save and Send Email' }));
    expect(await screen.findByText('Data saved successfully! Email sent for approval.')).toBeInTheDocument();

    expect(calls.bulk).toHaveLength(1);
    expect(calls.bulk[0]).toMatchObject({ idProject: 5, projectName: 'Demo Closure Project' });
    const sent = (calls.bulk[0]!.data as Record<string, unknown>[])[0]!;
    expect(sent).toMatchObject({
      firstName: 'Helena',
      lastName: 'De Souza',
      name: 'Helena De Souza',
      masterEmailAddress: 'helena.souza@client.example.com',
      phone: '+55 11 987654321',
      industry: 'Banking',
      createdBy: 'carla.consultant@example.com',
      directorResponsible: 'dora.director@example.com',
      partnerResponsible: 'paula.partner@example.com',
      status: 'PendingDirector',
      economicGroup: 'Blue River Group',
      globalCompanyName: 'Blue River Bank',
      idOnPortal: 101,
      stakeholderGroup: 'CLIENT',
    });
    expect(calls.mail).toHaveLength(1);
    expect(calls.mail[0]).toMatchObject({ to: 'dora.director@example.com', idProject: 5 });
    expect(calls.mail[0]!.text).toMatch(/Blue River Bank/);
    expect(calls.mail[0]!.text).toMatch(/Stakeholders:<\/strong> 1/);
    expect(localStorage.getItem(draftKey(5))).toBeNull();
  });

  it('Save without e-mail: "No email will be sent."; a failure shows the server message', async () => {
    const { calls } = setup(USERS.marcos, {
      draft: draft({
        responsibles: {
          fulfil: 'carla.consultant@example.com',
          director: 'dora.director@example.com',
          partner: 'paula.partner@example.com',
        },
        industry: 'Energy',
        excluded: [{ idOnPortal: 102, name: 'João Lima', firstName: 'João', lastName: 'Lima' }],
      }),
      more: [
        http.post(
          '/crm/profile/create-bulk',
          () =>
            HttpResponse.json(
              { statusCode: 400, error: 'Bad Request', message: 'Contact 1: Invalid phone format' },
              { status: 400 },
            ),
          { once: true },
        ),
      ],
    });
    await closePrivacy();
    expect(await screen.findByText('Draft loaded successfully!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const confirm = await findDialog('Save');
    expect(confirm).toHaveTextContent('Are you sure you want to save the CRM information?');
    expect(confirm).toHaveTextContent('No email will be sent.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Contact 1: Invalid phone format')).toBeInTheDocument();
    expect(localStorage.getItem(draftKey(5))).not.toBeNull();
    await waitFor(() => expect(screen.queryByText('Save', { selector: 'h2' })).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await findDialog('Save')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Data saved successfully!')).toBeInTheDocument();
    expect(calls.bulk).toHaveLength(1);
    expect(calls.mail).toHaveLength(0);
  });

  it('Save and Send without a director or partner says no email will be sent', async () => {
    setup(CARLA, {
      draft: draft({
        responsibles: { fulfil: 'carla.consultant@example.com', director: null, partner: null },
      }),
      more: [
        http.get('/api/projects/5', () => HttpResponse.json({ ...project(), projectTeam: TEAM.slice(3) })),
      ],
    });
    await closePrivacy();
    await screen.findByText(/Draft loaded/);
    expect(screen.queryByRole('combobox', { name: 'Partner Responsible' })).toBeNull();
    await choose('Industry', 'Banking');
    await userEvent.click(screen.getByRole('button', { name: 'Save and Send' }));
    const confirm = await findDialog('Save and Send');
    expect(confirm).toHaveTextContent('No email will be sent (no director/partner selected)');
  });

  it('the Edit Stakeholder modal: inline messages, LinkedIn not found → NoData and disabled, unchecking clears', async () => {
    setup(USERS.marcos);
    await closePrivacy();
    await waitFor(() => expect(gridNames()).toEqual(['Helena Souza', 'João Lima']));
    const row = within(grid()).getAllByRole('row')[1]!;
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await findDialog('Edit Stakeholder');
    expect(within(dialog).getByRole('textbox', { name: /First Name/ })).toHaveValue('Helena');
    expect(within(dialog).getByRole('textbox', { name: /Mobile/ })).toHaveAttribute(
      'placeholder',
      '+123 456 789',
    );

    const email = within(dialog).getByRole('textbox', { name: /Professional Email/ });
    fireEvent.focusOut(email);
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await userEvent.type(email, 'helena@');
    fireEvent.focusOut(email);
    expect(await within(dialog).findByText('Invalid email format')).toBeInTheDocument();
    const phone = within(dialog).getByRole('textbox', { name: /Mobile/ });
    await userEvent.type(phone, '12345');
    fireEvent.focusOut(phone);
    expect(await within(dialog).findByText('Invalid format')).toBeInTheDocument();

    const linkedin = within(dialog).getByRole('textbox', { name: /LinkedIn/ });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'LinkedIn not found' }));
    expect(linkedin).toHaveValue('NoData');
    expect(linkedin).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'LinkedIn not found' }));
    expect(linkedin).toHaveValue('');
    expect(linkedin).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'LinkedIn not found' }));

    // OK keeps the modal open while a field is invalid, every field's message shown
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(8));
    expect(within(dialog).getByText('Invalid email format')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid format')).toBeInTheDocument();
    expect(screen.getByText('Edit Stakeholder', { selector: 'h2' })).toBeInTheDocument();
    expect(within(grid()).getAllByRole('row')[1]).not.toHaveTextContent('NoData');

    // completed: the messages go as the fields change, OK applies the contact to the grid
    await userEvent.clear(email);
    await userEvent.type(email, 'helena@client.example.com');
    await userEvent.clear(phone);
    await userEvent.type(phone, '55 (11) 98765-4321');
    await waitFor(() => expect(within(dialog).queryByText('Invalid email format')).toBeNull());
    expect(within(dialog).queryByText('Invalid format')).toBeNull();
    await pick(dialog, 'Integration Other Contacts', 'Paula Pereira', true);
    await pick(dialog, 'CRM Classification', 'Decision Maker');
    await pick(dialog, 'Pronoun', 'SHE');
    await pick(dialog, 'Resident Country', 'Brazil');
    await pick(dialog, 'Standard Area/Department', 'Finance');
    await pick(dialog, 'Standard Position', 'C-Level');
    await pick(dialog, 'Responsible Office', 'London');
    await pick(dialog, 'Integration Focal Point', 'Marcos Moura');
    await waitFor(() => expect(within(dialog).queryByText('Required')).toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(grid()).getAllByRole('row')[1]).toHaveTextContent('NoData'));
    expect(screen.queryByText('Edit Stakeholder', { selector: 'h2' })).toBeNull();
    expect(within(grid()).getAllByRole('row')[1]).toHaveTextContent('helena@client.example.com');
  });

  it('the draft: saved 1 s after a change and every 5 s; Clear Draft asks first', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    setup(USERS.marcos);
    const dialog = await findDialog('Privacy warning');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(gridNames()).toEqual(['Helena Souza', 'João Lima']));
    expect(localStorage.getItem(draftKey(5))).toBeNull();

    const row = within(grid()).getAllByRole('row')[2]!;
    await user.click(within(row).getByRole('button', { name: 'Exclude' }));
    act(() => void vi.advanceTimersByTime(500));
    expect(localStorage.getItem(draftKey(5))).toBeNull();
    act(() => void vi.advanceTimersByTime(600));
    const first = JSON.parse(localStorage.getItem(draftKey(5))!);
    expect(first.excluded.map((c: { name: string }) => c.name)).toEqual(['João Lima']);
    expect(first.contacts.map((c: { name: string }) => c.name)).toEqual(['Helena Souza']);

    act(() => void vi.advanceTimersByTime(5000));
    const second = JSON.parse(localStorage.getItem(draftKey(5))!);
    expect(second.savedAt).toBeGreaterThanOrEqual(first.savedAt + 5000);

    await user.click(screen.getByRole('button', { name: 'Clear Draft' }));
    const confirm = await findDialog('Clear Draft');
    expect(confirm).toHaveTextContent('Are you sure you want to clear all locally saved data?');
    await user.click(within(confirm).getByRole('button', { name: 'Clear Draft' }));
    expect(await screen.findByText('Draft cleared successfully!')).toBeInTheDocument();
    expect(localStorage.getItem(draftKey(5))).toBeNull();
    await waitFor(() => expect(gridNames()).toEqual(['Helena Souza', 'João Lima']));
  });

  it('an expired draft (over 24 hours) is dropped; new portal contacts during a draft are excluded with a notice', async () => {
    const { state, client } = setup(USERS.marcos, {
      draft: draft({ savedAt: Date.now() - 24 * 3600_000 - 1000 }),
    });
    await closePrivacy();
    await waitFor(() => expect(gridNames()).toEqual(['Helena Souza', 'João Lima']));
    expect(screen.queryByText(/Draft loaded/)).toBeNull();
    expect(localStorage.getItem(draftKey(5))).toBeNull();

    // a change starts a draft; a new portal contact then lands in the excluded list
    const row = within(grid()).getAllByRole('row')[2]!;
    await userEvent.click(within(row).getByRole('button', { name: 'Exclude' }));
    await waitFor(() => expect(localStorage.getItem(draftKey(5))).not.toBeNull(), { timeout: 3000 });
    state.portal = [...state.portal, stakeholder(104, 'Rui Costa')];
    await act(() => client.invalidateQueries({ queryKey: ['crm', 'portal-contacts'] }));
    expect(
      await screen.findByText('1 new contact(s) detected and added to excluded list.'),
    ).toBeInTheDocument();
    const excluded = screen.getByRole('group', { name: 'Excluded Contacts' });
    expect(
      within(excluded)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['João Lima', 'Rui Costa']);
    await userEvent.click(within(excluded).getByRole('button', { name: 'Rui Costa' }));
    await waitFor(() => expect(gridNames()).toEqual(['Helena Souza', 'Rui Costa']));
  });

  it('is read-only for people outside the team: no save, no exclude, no During-session read', async () => {
    const { calls } = setup(OSCAR, { draft: draft() });
    await closePrivacy();
    await waitFor(() => expect(gridNames()).toEqual(['Helena Souza', 'João Lima']));
    expect(calls.during).toBe(0);
    expect(screen.queryByText(/Draft loaded/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save and Send' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear Draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Exclude' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Responsible to Fulfill' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Industry' })).toBeDisabled();
    const row = within(grid()).getAllByRole('row')[1]!;
    await userEvent.click(within(row).getByRole('button', { name: 'View' }));
    const dialog = await findDialog('Edit Stakeholder');
    expect(within(dialog).getByRole('textbox', { name: /First Name/ })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'OK' })).toBeNull();
  });
});

describe('CRM tab: the industry and the CRM file', () => {
  it("'Select an industry' shows at the industry selector, not as a toast, until one is chosen", async () => {
    setup(USERS.marcos, {
      draft: draft({
        responsibles: {
          fulfil: 'carla.consultant@example.com',
          director: 'dora.director@example.com',
          partner: 'paula.partner@example.com',
        },
        excluded: [{ idOnPortal: 102, name: 'João Lima', firstName: 'João', lastName: 'Lima' }],
      }),
    });
    await closePrivacy();
    expect(await screen.findByText('Draft loaded successfully!')).toBeInTheDocument();
    const industry = screen.getByRole('combobox', { name: 'Industry' });
    expect(industry).not.toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(industry).toHaveAttribute('aria-invalid', 'true'));
    expect(industry).toHaveAccessibleDescription('Select an industry');
    expect(screen.queryByText('Save', { selector: 'h2' })).toBeNull();

    await choose('Industry', 'Energy');
    await waitFor(() => expect(industry).not.toHaveAttribute('aria-invalid', 'true'));
    expect(industry).not.toHaveAccessibleDescription('Select an industry');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await findDialog('Save')).toHaveTextContent('No email will be sent.');
    // no toast said it (toasts stay for seconds: one sent with the inline message would be shown by now)
    expect(screen.queryAllByText('Select an industry').filter((e) => e.closest('.fui-Toast'))).toHaveLength(
      0,
    );
  });

  it('refuses a .txt in the page (nothing sent), uploads an .xlsx whose crmAttach enables the download, downloads the file and the template', async () => {
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const got: string[] = [];
    let uploads = 0;
    const { state } = setup(USERS.marcos, {
      more: [
        http.post('/api/projects/5/crm/file', () => {
          uploads++;
          state.record = { ...state.record, crmAttach: 'crm.xlsx', version: state.record.version + 1 };
          return HttpResponse.json(state.record);
        }),
        http.get('/api/projects/5/crm/file', ({ request }) => {
          got.push(new URL(request.url).pathname);
          return new HttpResponse('PK', { headers: { 'x-file-name': 'crm.xlsx' } });
        }),
        http.get('/api/projects/5/CRM/template', ({ request }) => {
          got.push(new URL(request.url).pathname);
          return new HttpResponse('PK', { headers: { 'x-file-name': 'CRM-DEMO-CLOSURE.xlsx' } });
        }),
      ],
    });
    const user = userEvent.setup({ applyAccept: false });
    await closePrivacy();
    const files = await screen.findByRole('group', { name: 'CRM file' });
    expect(within(files).getByText('No CRM file uploaded yet')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(files).getByRole('button', { name: 'Download CRM file' })).toBeDisabled(),
    );

    const input = within(files).getByLabelText('CRM file (PDF or Excel .xlsx)');
    await user.upload(input, new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    expect(within(files).getByText('Only PDF or Excel (.xlsx) files are allowed')).toBeInTheDocument();
    expect(uploads).toBe(0);

    await user.upload(input, new File(['PK'], 'crm.xlsx', { type: XLSX }));
    expect(await screen.findByText('File uploaded')).toBeInTheDocument();
    expect(uploads).toBe(1);
    expect(within(files).queryByText('Only PDF or Excel (.xlsx) files are allowed')).toBeNull();
    expect(await within(files).findByText('crm.xlsx')).toBeInTheDocument();
    const download = within(files).getByRole('button', { name: 'Download CRM file' });
    expect(download).toBeEnabled();

    await user.click(download);
    expect(await screen.findByText('Your file is ready')).toBeInTheDocument();
    expect(got).toEqual(['/api/projects/5/crm/file']);
    await waitFor(() =>
      expect(within(files).getByRole('button', { name: 'Download CRM template' })).toBeEnabled(),
    );
    await user.click(within(files).getByRole('button', { name: 'Download CRM template' }));
    await waitFor(() => expect(got).toEqual(['/api/projects/5/crm/file', '/api/projects/5/CRM/template']));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
  });

  it('a read-only person has no upload, but downloads the CRM file and the template', async () => {
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const got: string[] = [];
    setup(OSCAR, {
      crmAttach: 'crm.pdf',
      more: [
        http.get('/api/projects/5/crm/file', ({ request }) => {
          got.push(new URL(request.url).pathname);
          return new HttpResponse('%PDF-1.4', { headers: { 'x-file-name': 'crm.pdf' } });
        }),
      ],
    });
    await closePrivacy();
    const files = await screen.findByRole('group', { name: 'CRM file' });
    expect(await within(files).findByText('crm.pdf')).toBeInTheDocument();
    expect(within(files).queryByLabelText('CRM file (PDF or Excel .xlsx)')).toBeNull();
    expect(within(files).getByRole('button', { name: 'Download CRM template' })).toBeEnabled();
    await userEvent.click(within(files).getByRole('button', { name: 'Download CRM file' }));
    expect(await screen.findByText('Your file is ready')).toBeInTheDocument();
    expect(got).toEqual(['/api/projects/5/crm/file']);
  });
});
