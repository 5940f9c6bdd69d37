import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SessionProvider } from '@web/api/session-context';
import KnmReportsPage from '@web/features/admin/knm-reports/KnmReportsPage';
import { server } from '../../../msw-server';
import { fakeToken, renderWithProviders, USERS } from '../../../render';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function renderPage(user: Record<string, unknown> = USERS.kim) {
  localStorage.setItem('portal.accessToken', fakeToken(user));
  return renderWithProviders(
    <SessionProvider>
      <KnmReportsPage />
    </SessionProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('KNM Reports', () => {
  it('shows the four KNM report cards', () => {
    renderPage();
    for (const title of ['Client', 'Company', 'Governance Material', 'Project'])
      expect(screen.getByRole('group', { name: title })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Download' })).toHaveLength(4);
  });

  it('downloads a report with the generating and success texts and its x-file-name', async () => {
    const createObjectURL = vi.fn((_b: Blob) => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    let asked = 0;
    server.use(
      http.get('/api/reports/client-segments', ({ request }) => {
        asked++;
        expect(request.headers.get('authorization')).toMatch(/^Bearer /);
        return new HttpResponse('PK', {
          headers: { 'content-type': XLSX, 'x-file-name': 'report-client-segments.xlsx' },
        });
      }),
    );
    renderPage();
    const [client] = screen.getAllByRole('button', { name: 'Download' });
    await userEvent.click(client!);
    expect(
      await screen.findByText('We are generating your report. It could take a while'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Report generated successfully. Open or save it.')).toBeInTheDocument();
    expect(asked).toBe(1);
    expect(createObjectURL).toHaveBeenCalled();
    expect(click).toHaveBeenCalled();
    expect(names).toEqual(['report-client-segments.xlsx']);
  });

  it("says 'Something went wrong...' when the report fails", async () => {
    server.use(
      http.get('/api/reports/project-status', () =>
        HttpResponse.json({ statusCode: 500, message: 'boom' }, { status: 500 }),
      ),
    );
    renderPage(USERS.alice);
    const buttons = screen.getAllByRole('button', { name: 'Download' });
    await userEvent.click(buttons[3]!);
    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
  });

  it('disables the cards a person may not download', () => {
    renderPage({ ...USERS.kim, scopes: ['API.Portal.PDC'] });
    const buttons = screen.getAllByRole('button', { name: 'Download' });
    expect(buttons.map((b) => b.hasAttribute('disabled'))).toEqual([true, true, true, false]);
  });
});
