import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { NotificationSettings } from '@domain/contract';
import { NOTIFICATION_EVENTS } from '@domain/rules/notifications';
import NotificationsPage from '@web/features/account/notifications/NotificationsPage';
import { server } from '../../../msw-server';
import { renderWithProviders } from '../../../render';

const settings = (over: Partial<NotificationSettings> = {}): NotificationSettings => ({
  teamsEnabled: true,
  preferences: NOTIFICATION_EVENTS.map((event) => ({
    event,
    channel: 'both',
    workflowMail: event === 'weeklyStatusToSign' || event === 'crmApprovalRequested',
  })),
  recent: [
    {
      id: 7,
      event: 'projectStatusChanged',
      title: 'Marcos Moura moved DEMO-DRAFT — Draft rollout forward',
      path: '/project/1/home',
      mailed: true,
      teams: 'sent',
      createdAt: '2026-11-26T15:00:00.000Z',
    },
  ],
  ...over,
});

describe('Notifications page', () => {
  it('lists every event with its choice; a choice is saved at once and shown from the answer', async () => {
    const puts: { event: string; body: unknown }[] = [];
    server.use(
      http.get('/api/me/notifications', () => HttpResponse.json(settings())),
      http.put('/api/me/notifications/:event', async ({ params, request }) => {
        const body = (await request.json()) as { channel: string };
        puts.push({ event: String(params.event), body });
        return HttpResponse.json({ event: params.event, channel: body.channel, workflowMail: false });
      }),
    );
    renderWithProviders(<NotificationsPage />, { path: '/notifications' });
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Notification choices' });
    expect(within(table).getAllByRole('row')).toHaveLength(NOTIFICATION_EVENTS.length + 1);
    const forward = screen.getByRole('combobox', { name: "A project's status is changed by Forward" });
    expect(forward.textContent).toBe('Teams and e-mail');
    await userEvent.click(forward);
    await userEvent.click(await screen.findByRole('option', { name: 'Teams' }));
    await waitFor(() =>
      expect(puts).toEqual([{ event: 'projectStatusChanged', body: { channel: 'teams' } }]),
    );
    await waitFor(() =>
      expect(
        screen.getByRole('combobox', { name: "A project's status is changed by Forward" }).textContent,
      ).toBe('Teams'),
    );
    expect(await screen.findByText('Saved')).toBeTruthy();
    // the latest notifications, linked to their page
    const link = screen.getByRole('link', { name: 'Marcos Moura moved DEMO-DRAFT — Draft rollout forward' });
    expect(link.getAttribute('href')).toBe('/project/1/home');
    expect(screen.getByText('Teams: sent')).toBeTruthy();
  });

  it('workflow e-mails offer only "Teams and e-mail" or "E-mail"; without Teams the page says so', async () => {
    server.use(
      http.get('/api/me/notifications', () =>
        HttpResponse.json(settings({ teamsEnabled: false, recent: [] })),
      ),
    );
    renderWithProviders(<NotificationsPage />, { path: '/notifications' });
    const crm = await screen.findByRole('combobox', { name: 'A CRM approval is requested' });
    expect(screen.getAllByText(/its e-mail is always sent/)).toHaveLength(2);
    await userEvent.click(crm);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Teams and e-mail', 'E-mail']);
    expect(screen.getByText(/Teams notifications are not set up for this portal yet/)).toBeTruthy();
    expect(screen.getByText('No notifications yet.')).toBeTruthy();
  });

  it("shows the server's message when a choice is refused, and keeps the old choice", async () => {
    server.use(
      http.get('/api/me/notifications', () => HttpResponse.json(settings())),
      http.put('/api/me/notifications/:event', () =>
        HttpResponse.json(
          { statusCode: 400, error: 'Bad Request', message: 'Invalid request: channel: nope' },
          { status: 400 },
        ),
      ),
    );
    renderWithProviders(<NotificationsPage />, { path: '/notifications' });
    const due = await screen.findByRole('combobox', { name: "This week's one-page is not submitted" });
    await userEvent.click(due);
    await userEvent.click(await screen.findByRole('option', { name: 'None' }));
    expect(await screen.findByText('Invalid request: channel: nope')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: "This week's one-page is not submitted" }).textContent).toBe(
      'Teams and e-mail',
    );
  });
});
