import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import MailOutboxPage from '@web/features/admin/mail-outbox/MailOutboxPage';
import { server } from '../../../msw-server';
import { renderWithProviders, fakeToken, USERS } from '../../../render';

describe('Mail Outbox', () => {
  it('still lists the queued e-mails with search and paging', async () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
    server.use(
      http.get('/api/mail-outbox', () =>
        HttpResponse.json(
          Array.from({ length: 60 }, (_, i) => ({
            id: i + 1,
            to: i === 7 ? 'joão@example.com' : `person${i + 1}@example.com`,
            subject: `Subject ${i + 1}`,
            body: '',
            createdAt: '2026-11-20T10:00:00Z',
            sentAt: i % 2 ? '2026-11-20T10:05:00Z' : null,
            error: null,
            attempts: 1,
          })),
        ),
      ),
    );
    renderWithProviders(<MailOutboxPage />);
    const grid = await screen.findByRole('grid', { name: 'Mail outbox' });
    expect(await within(grid).findByText('Subject 1')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox'), 'JOAO');
    expect(within(grid).getByText('Subject 8')).toBeInTheDocument();
    expect(within(grid).queryByText('Subject 1')).toBeNull();
  });
});
