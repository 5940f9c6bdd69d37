import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import type { ClosureExternal, ProjectDetail } from '@domain/contract';
import { SessionProvider } from '@web/api/session-context';
import ClosureClientPage from '@web/features/closure/client/ClosureClientPage';
import { server } from '../../../msw-server';
import { fakeToken, renderWithProviders, USERS } from '../../../render';

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
  member(10, 'Ivan Ito'),
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

const closure = (over: Partial<ClosureExternal> = {}): ClosureExternal => ({
  signedType: null,
  signedStatus: null,
  legalClosureDocumentAttachFile: null,
  unSignatureFilename: null,
  signedWeeklyStatus: { IDPersonResponsible: 6, Status: false, AttachFile: null },
  legalClosureDocument: { IDPersonResponsible: null, Status: false, LogoAuthorization: null },
  clientTestimonial: { IDPersonResponsible: 9, Status: true, ResponsibleRequested: false },
  thankYouLetter: { IDPersonResponsible: null, Status: false, TeamOffer: null },
  version: 3,
  ...over,
});

const BASE = '/api/project-closure-external/project/5';
type Handlers = Parameters<typeof server.use>;

/** Renders the page for `user`; the closure record lives in `state.record` and PATCHes apply to it. */
function setup(user: Record<string, unknown>, initial: ClosureExternal, more: Handlers = []) {
  const state = {
    record: initial,
    patches: [] as { body: Record<string, unknown>; ifMatch: string | null }[],
  };
  localStorage.setItem('portal.accessToken', fakeToken(user));
  server.use(
    ...more,
    http.get('/api/projects/5', () => HttpResponse.json(project())),
    http.get(BASE, () => HttpResponse.json(state.record)),
    http.patch(BASE, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.patches.push({ body, ifMatch: request.headers.get('if-match') });
      const [field, value] = Object.entries(body)[0]!;
      const r = structuredClone(state.record) as unknown as Record<string, Record<string, unknown>>;
      const item = ['signedWeeklyStatus', 'legalClosureDocument', 'clientTestimonial', 'thankYouLetter'].find(
        (k) => field.startsWith(k),
      )!;
      r[item]![field.slice(item.length)] = value;
      state.record = { ...(r as unknown as ClosureExternal), version: state.record.version + 1 };
      return HttpResponse.json(state.record);
    }),
  );
  renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path="/project/:id/closure/client" element={<ClosureClientPage />} />
      </Routes>
    </SessionProvider>,
    { path: '/project/5/closure/client' },
  );
  return state;
}

const tabNames = () =>
  screen.getAllByRole('tab').map((t) => t.querySelector('.fui-Tab__content')?.textContent);
const openTab = async (name: string) =>
  userEvent.click(
    screen.getAllByRole('tab').find((t) => t.querySelector('.fui-Tab__content')?.textContent === name)!,
  );
const pdf = (name = 'legal.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
const stepTitle = (dialog: HTMLElement) => within(dialog).getByText(/^Step \d of 4/).textContent;

describe('Closure With Client: tabs and items', () => {
  it('shows CLOSURE, the title and the four tabs; the manager saves the responsible and the status at once', async () => {
    const state = setup(USERS.marcos, closure());
    expect(await screen.findByRole('heading', { name: 'Closure With Client' })).toBeInTheDocument();
    expect(screen.getByText('CLOSURE')).toBeInTheDocument();
    expect(tabNames()).toEqual([
      'All Signed Weekly Status',
      'Legal Closure Documents',
      'Client Testimonials',
      'Thank You Letter/Gift',
    ]);
    const person = screen.getByRole('combobox', { name: 'Signed weekly status: person responsible' });
    expect(person).toHaveTextContent('Marcos Moura');
    await userEvent.click(person);
    // only the project team, sorted by name
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Carla Costa',
      'Dora Duarte',
      'Ivan Ito',
      'Marcos Moura',
      'Paula Pereira',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Dora Duarte' }));
    await waitFor(() => expect(state.patches).toHaveLength(1));
    expect(state.patches[0]).toEqual({ body: { signedWeeklyStatusIDPersonResponsible: 8 }, ifMatch: '"3"' });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await waitFor(() => expect(person).toHaveTextContent('Dora Duarte'));

    const status = screen.getByRole('switch', { name: 'Signed weekly status: status' });
    expect(screen.getByText('Not started')).toBeInTheDocument();
    await userEvent.click(status);
    await waitFor(() => expect(state.patches).toHaveLength(2));
    // the second PATCH carries the version the first one answered
    expect(state.patches[1]).toEqual({ body: { signedWeeklyStatusStatus: true }, ifMatch: '"4"' });
    await waitFor(() => expect(status).toBeChecked());
    expect(screen.getByText('Done')).toBeInTheDocument();
  });

  it('saves Logo Authorization, Responsible Requested and Team Offer; a failure toasts "Something went wrong"', async () => {
    let fail = false;
    const state = setup(USERS.marcos, closure(), [
      http.patch(BASE, () => (fail ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : undefined)),
    ]);
    await screen.findByRole('heading', { name: 'Closure With Client' });
    await openTab('Legal Closure Documents');
    await userEvent.click(
      within(
        screen.getByRole('radiogroup', { name: 'Legal closure document: Logo Authorization' }),
      ).getByRole('radio', { name: 'Yes' }),
    );
    await waitFor(() =>
      expect(state.patches.at(-1)?.body).toEqual({ legalClosureDocumentLogoAuthorization: true }),
    );

    await openTab('Client Testimonials');
    const requested = screen.getByRole('radiogroup', { name: 'Client testimonial: Responsible Requested' });
    expect(within(requested).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Client testimonial: status' })).toBeChecked();
    await userEvent.click(within(requested).getByRole('radio', { name: 'Yes' }));
    await waitFor(() =>
      expect(state.patches.at(-1)?.body).toEqual({ clientTestimonialResponsibleRequested: true }),
    );

    await openTab('Thank You Letter/Gift');
    await userEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Thank you letter: Team Offer' })).getByRole('radio', {
        name: 'No',
      }),
    );
    await waitFor(() => expect(state.patches.at(-1)?.body).toEqual({ thankYouLetterTeamOffer: false }));
    expect(state.patches).toHaveLength(3);

    fail = true;
    await userEvent.click(screen.getByRole('switch', { name: 'Thank you letter: status' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(state.patches).toHaveLength(3);
  });

  it('downloads the signed weekly statuses as one file with the generating / ready toasts', async () => {
    let asked = 0;
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    setup(USERS.marcos, closure(), [
      http.get('/api/weekly-status/project/5/download', () => {
        asked++;
        return new HttpResponse('%PDF-1.4', {
          headers: { 'content-type': 'application/pdf', 'x-file-name': 'signed-weekly-statuses.pdf' },
        });
      }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Download signed weekly statuses' }));
    expect(await screen.findByText('We are generating your file. It could take a while')).toBeInTheDocument();
    expect(await screen.findByText('Your file is ready')).toBeInTheDocument();
    expect(asked).toBe(1);
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('is read-only for an outsider: disabled inputs, no wizard or remove, downloads stay', async () => {
    const state = setup(
      OSCAR,
      closure({ signedType: 3, signedStatus: 'completed', legalClosureDocumentAttachFile: 'signed.pdf' }),
    );
    await screen.findByRole('heading', { name: 'Closure With Client' });
    expect(screen.getByRole('combobox', { name: 'Signed weekly status: person responsible' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Signed weekly status: status' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download signed weekly statuses' })).toBeEnabled();
    await openTab('Legal Closure Documents');
    for (const r of within(
      screen.getByRole('radiogroup', { name: 'Legal closure document: Logo Authorization' }),
    ).getAllByRole('radio'))
      expect(r).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Upload Legal Document' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Document' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download template' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
    expect(screen.getByText('signed.pdf')).toBeInTheDocument();
    expect(state.patches).toHaveLength(0);
  });
});

describe('Closure With Client: versions and Admin', () => {
  it('a stale version (412) toasts "Something went wrong" and shows the record the server has now', async () => {
    setup(USERS.marcos, closure(), [
      http.patch(BASE, () =>
        HttpResponse.json(
          {
            message: 'The record was changed by someone else',
            current: closure({
              thankYouLetter: { IDPersonResponsible: 10, Status: true, TeamOffer: true },
              version: 7,
            }),
          },
          { status: 412 },
        ),
      ),
    ]);
    await screen.findByRole('heading', { name: 'Closure With Client' });
    await openTab('Thank You Letter/Gift');
    const status = screen.getByRole('switch', { name: 'Thank you letter: status' });
    expect(status).not.toBeChecked();
    await userEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Thank you letter: Team Offer' })).getByRole('radio', {
        name: 'No',
      }),
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    await waitFor(() => expect(status).toBeChecked());
    expect(screen.getByRole('combobox', { name: 'Thank you letter: person responsible' })).toHaveTextContent(
      'Ivan Ito',
    );
  });

  it('an Admin outside the team may work on it (the wizard is offered)', async () => {
    setup(USERS.alice, closure());
    await screen.findByRole('heading', { name: 'Closure With Client' });
    expect(screen.getByRole('switch', { name: 'Signed weekly status: status' })).toBeEnabled();
    await openTab('Legal Closure Documents');
    expect(screen.getByRole('button', { name: 'Upload Legal Document' })).toBeInTheDocument();
  });
});

describe('Closure With Client: Legal Closure Documents', () => {
  it('shows the signed status, the help text, the template download and toggles the tutorials', async () => {
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    let template = 0;
    setup(
      USERS.marcos,
      closure({ signedType: 2, signedStatus: 'sent', unSignatureFilename: 'to-sign.pdf' }),
      [
        http.get('/api/projects/5/legal-documents/template', () => {
          template++;
          return new HttpResponse('%PDF-1.4', {
            headers: { 'x-file-name': 'legal-closure-document-template.pdf' },
          });
        }),
      ],
    );
    await screen.findByRole('heading', { name: 'Closure With Client' });
    await openTab('Legal Closure Documents');
    expect(screen.getAllByText('Sent to sign').length).toBeGreaterThan(0);
    expect(screen.getByText('to-sign.pdf')).toBeInTheDocument();
    expect(
      screen.getByText('There is no resend feature: to resend the document, remove it and upload it again.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download template' }));
    expect(await screen.findByText('Your file is ready')).toBeInTheDocument();
    expect(template).toBe(1);

    const toggle = screen.getByRole('button', { name: 'Show tutorials' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('region', { name: 'Tutorial: Upload and eSign' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tutorial: Upload your signed document' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hide tutorials' }));
    expect(screen.queryByRole('region', { name: 'Tutorial: Upload and eSign' })).not.toBeInTheDocument();
  });

  it('Remove Document asks for confirmation, deletes and toasts; a failure toasts "Something went wrong"', async () => {
    let deletes = 0;
    let fail = false;
    const state = setup(
      USERS.marcos,
      closure({ signedType: 3, signedStatus: 'completed', legalClosureDocumentAttachFile: 'signed.pdf' }),
      [
        http.delete('/api/projects/5/legal-documents/file', () => {
          deletes++;
          if (fail) return HttpResponse.json({ message: 'boom' }, { status: 500 });
          state.record = closure({ signedType: 3, version: 9 });
          return new HttpResponse(null, { status: 204 });
        }),
      ],
    );
    await screen.findByRole('heading', { name: 'Closure With Client' });
    await openTab('Legal Closure Documents');
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Remove Document' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove Document' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(deletes).toBe(1);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Remove Document' })).not.toBeInTheDocument(),
    );

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Remove Document' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove Document' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('File deleted successfully.')).toBeInTheDocument();
    expect(deletes).toBe(2);
    expect(await screen.findByText('No document uploaded yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Document' })).not.toBeInTheDocument();
  });
});

describe('Closure With Client: the Upload Legal Document wizard', () => {
  it('type 2: Upload and eSign → recipients; Previous / Next; Send to sign with its confirmation submits the PDF', async () => {
    const types: unknown[] = [];
    const added: unknown[] = [];
    let recipients: {
      id: number;
      name: string;
      email: string;
      signedCode: null;
      isSigned: boolean;
      version: number;
    }[] = [];
    let submitted = '';
    const append = vi.spyOn(FormData.prototype, 'append');
    const state = setup(USERS.marcos, closure(), [
      http.patch(`${BASE}/signed-type`, async ({ request }) => {
        const body = (await request.json()) as { signedType: 2 | 3 };
        types.push(body);
        state.record = { ...state.record, signedType: body.signedType, signedStatus: 'draft', version: 4 };
        return HttpResponse.json(state.record);
      }),
      http.get(`${BASE}/recipients`, () => HttpResponse.json(recipients)),
      http.post(`${BASE}/recipients`, async ({ request }) => {
        const body = (await request.json()) as { name: string; email: string };
        added.push(body);
        const row = { id: 31, ...body, signedCode: null, isSigned: false, version: 1 };
        recipients = [...recipients, row];
        return HttpResponse.json(row);
      }),
      http.post(`${BASE}/submit`, async ({ request }) => {
        submitted = request.headers.get('content-type') ?? '';
        state.record = {
          ...state.record,
          signedStatus: 'sent',
          unSignatureFilename: 'legal.pdf',
          version: 5,
        };
        return HttpResponse.json(state.record);
      }),
    ]);
    await screen.findByRole('heading', { name: 'Closure With Client' });
    await openTab('Legal Closure Documents');
    await userEvent.click(screen.getByRole('button', { name: 'Upload Legal Document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Legal Document' });
    expect(stepTitle(dialog)).toBe('Step 1 of 4: Choose path');
    expect(within(dialog).queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload and eSign' }));
    await waitFor(() => expect(stepTitle(dialog)).toBe('Step 3 of 4: Add recipients'));
    expect(types).toEqual([{ signedType: 2 }]);

    // Previous: recipients → details → choice; Next from the choice goes back to the type's step
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(stepTitle(dialog)).toBe('Step 2 of 4: Document details');
    expect(
      within(dialog).getByRole('combobox', { name: 'Legal closure document: person responsible' }),
    ).toBeEnabled();
    expect(within(dialog).getByText('No document uploaded yet')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(stepTitle(dialog)).toBe('Step 1 of 4: Choose path');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(stepTitle(dialog)).toBe('Step 3 of 4: Add recipients');

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Clara Client');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'clara@client.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(added).toEqual([{ name: 'Clara Client', email: 'clara@client.com' }]));
    expect(await within(dialog).findByText('Clara Client')).toBeInTheDocument();
    expect(within(dialog).getByTestId('recipients-scroll')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(stepTitle(dialog)).toBe('Step 4 of 4: Upload PDF');
    expect(within(dialog).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to sign' }));
    expect((await screen.findAllByText('Please, select a file')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/If you confirm this action/)).not.toBeInTheDocument();

    await userEvent.upload(within(dialog).getByLabelText('Legal document to sign (PDF)'), pdf());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to sign' }));
    expect(
      within(dialog).getByText(
        'If you confirm this action, an e-mail message will be send to all recipients and you cannot update the data anymore.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Submitting...')).toBeInTheDocument();
    expect(await screen.findByText('Submitted')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Upload Legal Document' })).not.toBeInTheDocument(),
    );
    expect(submitted).toMatch(/^multipart\/form-data/);
    expect(append).toHaveBeenCalledWith('file', expect.objectContaining({ name: 'legal.pdf' }), 'legal.pdf');
    append.mockRestore();
    expect(screen.getAllByText('Sent to sign').length).toBeGreaterThan(0);
    expect(screen.getByText('legal.pdf')).toBeInTheDocument();
  });

  it('type 3: opens on the file step, Previous goes to the choice; Upload signed file submits at once', async () => {
    let submitted = '';
    const append = vi.spyOn(FormData.prototype, 'append');
    let fail = true;
    const state = setup(USERS.marcos, closure({ signedType: 3, signedStatus: 'draft' }), [
      http.post(`${BASE}/submit`, async ({ request }) => {
        if (fail) return HttpResponse.json({ message: 'Only PDF files is allowed' }, { status: 400 });
        submitted = request.headers.get('content-type') ?? '';
        state.record = {
          ...state.record,
          signedStatus: 'completed',
          legalClosureDocumentAttachFile: 'signed-by-client.pdf',
          version: 5,
        };
        return HttpResponse.json(state.record);
      }),
    ]);
    await screen.findByRole('heading', { name: 'Closure With Client' });
    await openTab('Legal Closure Documents');
    await userEvent.click(screen.getByRole('button', { name: 'Upload Legal Document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Legal Document' });
    expect(stepTitle(dialog)).toBe('Step 4 of 4: Upload PDF');
    expect(within(dialog).queryByRole('button', { name: 'Send to sign' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(stepTitle(dialog)).toBe('Step 1 of 4: Choose path');
    expect(within(dialog).getByRole('button', { name: 'Upload your signed document' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // choosing the type already saved goes to its step without a call
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload your signed document' }));
    expect(stepTitle(dialog)).toBe('Step 4 of 4: Upload PDF');

    const input = within(dialog).getByLabelText('Signed legal document (PDF)');
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(within(dialog).getByText('Only PDF files is allowed', { selector: '[id]' })).toBeInTheDocument();
    await userEvent.upload(input, pdf('signed-by-client.pdf'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload signed file' }));
    // 002 §2.4: type 3 ends with a direct submit, so its toasts are the submit ones (002 §8)
    expect(await screen.findByText('Submitting...')).toBeInTheDocument();
    expect(screen.queryByText('Uploading your file...')).not.toBeInTheDocument();
    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Upload Legal Document' })).toBeInTheDocument();

    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload signed file' }));
    expect(await screen.findByText('Submitted')).toBeInTheDocument();
    expect(screen.queryByText('File uploaded')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Upload Legal Document' })).not.toBeInTheDocument(),
    );
    expect(submitted).toMatch(/^multipart\/form-data/);
    expect(append).toHaveBeenLastCalledWith(
      'file',
      expect.objectContaining({ name: 'signed-by-client.pdf' }),
      'signed-by-client.pdf',
    );
    append.mockRestore();
    expect(screen.getByText('signed-by-client.pdf')).toBeInTheDocument();
    expect(screen.getAllByText('Completed').length).toBeGreaterThan(0);
  });

  it('is read-only once sent: recipients without add / delete, no Send to sign, the path locked', async () => {
    setup(
      USERS.marcos,
      closure({ signedType: 2, signedStatus: 'sent', unSignatureFilename: 'to-sign.pdf' }),
      [
        http.get(`${BASE}/recipients`, () =>
          HttpResponse.json([
            {
              id: 31,
              name: 'Clara Client',
              email: 'clara@client.com',
              signedCode: 'abc',
              isSigned: true,
              version: 2,
            },
          ]),
        ),
      ],
    );
    await screen.findByRole('heading', { name: 'Closure With Client' });
    await openTab('Legal Closure Documents');
    await userEvent.click(screen.getByRole('button', { name: 'Upload Legal Document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Legal Document' });
    expect(stepTitle(dialog)).toBe('Step 3 of 4: Add recipients');
    expect(await within(dialog).findByText('Clara Client')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete Clara Client' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Edit Clara Client' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(stepTitle(dialog)).toBe('Step 4 of 4: Upload PDF');
    expect(within(dialog).queryByRole('button', { name: 'Send to sign' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(stepTitle(dialog)).toBe('Step 1 of 4: Choose path');
    expect(within(dialog).getByRole('button', { name: 'Upload and eSign' })).toBeDisabled();
  });
});
