/**
 * The public signing page `/sign/:token`: pending → sign with a typed name and consent → thank-you and
 * signers; validation sends nothing; decline with a reason; expired / voided / declined / invalid / completed
 * states; a server refusal (409) shown. Calls go without the portal's Authorization header.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { SIGN_CONSENT_MESSAGE, type SigningView } from '@domain/contract/weekly-status';
import { setToken } from '@web/api/session';
import SignPage, { SIGN_TEXT } from '@web/features/sign/SignPage';
import { server } from '../../msw-server';
import { fakeToken, renderWithProviders, USERS } from '../../render';

const TOKEN = 'sig-Abc123_xyz';
const URL_VIEW = `/api/esign/sign/${TOKEN}`;
const SHA = 'a'.repeat(32) + '0123456789abcdef'.repeat(2);

const VIEW: SigningView = {
  state: 'pending',
  subject: 'Please sign: Weekly Status DEMO-DURING',
  documentName: 'weekly-status-DEMO-DURING.pdf',
  documentSha256: SHA,
  recipient: { name: 'Rita Recipient', email: 'rita@client.example' },
  sender: 'Marcos Moura, DEMO-DURING (Example Consulting)',
  expiresAt: '2026-04-30T12:00:00.000Z',
  signedAt: null,
  signers: [
    { name: 'Rita Recipient', signed: false },
    { name: 'Sam Second', signed: false },
  ],
};

type Sent = { path: string; body: unknown; authorization: string | null };

/** GET answers `views` in turn (the last one repeats); POSTs answer `post` and are recorded. */
function serve(
  views: (SigningView | { status: number; message: string })[],
  post: (path: string, body: unknown) => Response = () =>
    HttpResponse.json({ message: 'unexpected' }, { status: 500 }),
) {
  const sent: Sent[] = [];
  const gets: (string | null)[] = [];
  let i = 0;
  server.use(
    http.get(URL_VIEW, ({ request }) => {
      gets.push(request.headers.get('authorization'));
      const v = views[Math.min(i++, views.length - 1)]!;
      return 'status' in v
        ? HttpResponse.json({ statusCode: v.status, message: v.message }, { status: v.status })
        : HttpResponse.json(v);
    }),
    http.post(`${URL_VIEW}/:action`, async ({ request, params }) => {
      const body = await request.json();
      const path = `/${String(params.action)}`;
      sent.push({ path, body, authorization: request.headers.get('authorization') });
      return post(path, body);
    }),
  );
  return { sent, gets };
}

const renderPage = (token = TOKEN) =>
  renderWithProviders(
    <Routes>
      <Route path="/sign/:token" element={<SignPage />} />
    </Routes>,
    { path: `/sign/${token}` },
  );

const nameInput = () => screen.getByRole('textbox', { name: /Type your full name/ });
const consentBox = () => screen.getByRole('checkbox', { name: SIGN_TEXT.consent });

describe('Signing page', () => {
  it('shows the sender, subject, document (viewer, link, SHA-256) and signs with a typed name and consent', async () => {
    // a portal user signed in on this browser: the public calls still carry no Authorization header
    setToken(fakeToken(USERS.marcos));
    const signed: SigningView = {
      ...VIEW,
      state: 'signed',
      signedAt: '2026-03-10T12:30:00.000Z',
      signers: [
        { name: 'Rita Recipient', signed: true },
        { name: 'Sam Second', signed: false },
      ],
    };
    const { sent, gets } = serve([VIEW], () => HttpResponse.json(signed));
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: VIEW.subject })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Project Portal');
    expect(screen.getByRole('banner')).toHaveTextContent(`Sent by ${VIEW.sender}`);
    expect(screen.getByText(VIEW.documentName)).toBeInTheDocument();
    const frame = screen.getByTitle(`Document: ${VIEW.documentName}`);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', `${URL_VIEW}/document`);
    const open = screen.getByRole('link', { name: 'Open the document' });
    expect(open).toHaveAttribute('href', `${URL_VIEW}/document`);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByText(new RegExp(SHA))).toBeInTheDocument();
    expect(screen.getByText(/Signing as/)).toHaveTextContent(
      'Signing as Rita Recipient (rita@client.example)',
    );
    expect(screen.getByText('This link expires on 30 Apr 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Signers' })).not.toBeInTheDocument();

    await user.type(nameInput(), 'Rita Recipient');
    await user.click(consentBox());
    await user.click(screen.getByRole('button', { name: 'Sign' }));

    expect(
      await screen.findByText(/Thank you, your signature was recorded on 10 Mar 2026\./),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      { path: '/sign', body: { name: 'Rita Recipient', consent: true }, authorization: null },
    ]);
    expect(gets).toEqual([null]);
    // the form is gone; the signers list tells who has signed
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
    const list = screen.getByRole('list');
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['Rita RecipientSigned', 'Sam SecondNot signed yet']);
    // the confirmation takes the focus
    await waitFor(() => expect(document.activeElement).toHaveTextContent(/Thank you/));
  });

  it('without the consent (or the name) shows the messages and sends nothing', async () => {
    const { sent } = serve([VIEW]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: VIEW.subject });

    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Type your full name to sign')).toBeInTheDocument();
    expect(screen.getByText(SIGN_CONSENT_MESSAGE)).toBeInTheDocument();
    expect(nameInput()).toHaveFocus();

    await user.type(nameInput(), 'Rita Recipient');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(screen.queryByText('Type your full name to sign')).not.toBeInTheDocument();
    expect(screen.getByText(SIGN_CONSENT_MESSAGE)).toBeInTheDocument();
    expect(consentBox()).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('declines with a required reason', async () => {
    const { sent } = serve([VIEW], () => HttpResponse.json({ ...VIEW, state: 'declined' }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: VIEW.subject });

    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline to sign' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Tell the sender why you decline')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The figures are wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText(SIGN_TEXT.youDeclined)).toBeInTheDocument();
    expect(sent).toEqual([
      { path: '/decline', body: { reason: 'The figures are wrong' }, authorization: null },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the document' })).not.toBeInTheDocument();
  });

  it.each([
    ['expired', SIGN_TEXT.expired],
    ['voided', SIGN_TEXT.voided],
    ['declined', SIGN_TEXT.declined],
  ] as const)('the %s state is told, without the form or the document', async (state, text) => {
    serve([{ ...VIEW, state }]);
    renderPage();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: VIEW.subject })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByTitle(`Document: ${VIEW.documentName}`)).not.toBeInTheDocument();
  });

  it('an unknown link shows the server message', async () => {
    const { gets } = serve([{ status: 404, message: 'This signing link is not valid' }]);
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This signing link is not valid' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toHaveTextContent('Project Portal');
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
    expect(gets).toHaveLength(1); // a refusal is not retried
  });

  it('an already signed link shows the confirmation and the signers', async () => {
    serve([
      {
        ...VIEW,
        state: 'signed',
        signedAt: '2026-03-09T12:00:00.000Z',
        signers: [
          { name: 'Rita Recipient', signed: true },
          { name: 'Sam Second', signed: false },
        ],
      },
    ]);
    renderPage();
    expect(
      await screen.findByText(/Thank you, your signature was recorded on 09 Mar 2026\./),
    ).toHaveTextContent(/You have already signed this document/);
    expect(screen.getByRole('heading', { name: 'Signers' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
  });

  it('a completed document offers the signed PDF', async () => {
    serve([
      {
        ...VIEW,
        state: 'completed',
        signedAt: '2026-03-09T12:00:00.000Z',
        signers: VIEW.signers.map((p) => ({ ...p, signed: true })),
      },
    ]);
    renderPage();
    expect(await screen.findByText(/Everyone has signed this document\./)).toHaveTextContent(
      'Thank you, your signature was recorded on 09 Mar 2026.',
    );
    const download = screen.getByRole('link', { name: SIGN_TEXT.download });
    expect(download).toHaveAttribute('href', `${URL_VIEW}/document`);
    expect(screen.getByRole('heading', { name: 'The signed document' })).toBeInTheDocument();
    const items = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['Rita RecipientSigned', 'Sam SecondSigned']);
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
  });

  it('a refusal of the server (409) is shown and the page reads the link again', async () => {
    const message = 'This document can no longer be signed';
    const { sent, gets } = serve([VIEW, { ...VIEW, state: 'voided' }], () =>
      HttpResponse.json({ statusCode: 409, message }, { status: 409 }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: VIEW.subject });
    await user.type(nameInput(), 'Rita Recipient');
    await user.click(consentBox());
    await user.click(screen.getByRole('button', { name: 'Sign' }));

    expect(await screen.findByText(SIGN_TEXT.voided)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(gets).toHaveLength(2);
  });

  it('a bad input refused by the server (400) stays on the form with its message', async () => {
    serve([VIEW], () => HttpResponse.json({ message: 'Type your full name to sign' }, { status: 400 }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: VIEW.subject });
    await user.type(nameInput(), 'R');
    await user.click(consentBox());
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Type your full name to sign');
    expect(screen.getByRole('button', { name: 'Sign' })).toBeEnabled();
  });

  it('on a phone the document opens through its link (no embedded viewer)', async () => {
    const real = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({ ...real(query), matches: query.includes('max-width') }));
    try {
      serve([VIEW]);
      renderPage();
      const open = await screen.findByRole('link', { name: 'Open the document' });
      expect(open).toHaveAttribute('href', `${URL_VIEW}/document`);
      expect(screen.queryByTitle(`Document: ${VIEW.documentName}`)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Sign' })).toBeInTheDocument();
    } finally {
      window.matchMedia = real;
    }
  });
});
