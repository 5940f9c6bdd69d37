import { test, expect } from '@playwright/test';
import { expectAccessible, portalToken, signIn } from './support';

/**
 * Notifications as a person uses them: Ivan opens "Notifications" from the bottom of the side
 * menu, chooses e-mail only for submitted project sessions (kept after a reload); Marcos submits a project session
 * of DEMO-BRAZIL; the notification reaches Ivan — in his latest notifications, by e-mail in the outbox — through
 * the job queue of the real server.
 */
test('a person chooses how to be told; a submitted project session reaches the team', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'ivan.intern');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Notifications' })
    .click();
  await expect(page).toHaveTitle('Notifications | Project Portal');
  const sessions = page.getByRole('combobox', { name: 'A project session is submitted' });
  await expect(sessions).toHaveText('Teams and e-mail');
  await sessions.click();
  await page.getByRole('option', { name: 'E-mail', exact: true }).click();
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'A project session is submitted' })).toHaveText('E-mail');
  await expectAccessible(page, 'notifications');

  // Marcos submits a project session of DEMO-BRAZIL (through the API, as the Project Session page does)
  const marcos = await browser.newPage();
  await signIn(marcos, 'marcos.manager');
  const token = await portalToken(marcos);
  const headers = { authorization: `Bearer ${token}` };
  const projects = (await (await marcos.request.get('/api/projects', { headers })).json()) as {
    id: number;
    code: string;
  }[];
  const brazil = projects.find((p) => p.code === 'DEMO-BRAZIL')!;
  const created = await marcos.request.post(`/api/projects/${brazil.id}/sessions`, {
    headers,
    data: { discussionFocus: 'Notification check' },
  });
  expect(created.status()).toBe(201);
  const session = (await created.json()) as { id: number };
  const submitted = await marcos.request.patch(`/api/projects/${brazil.id}/sessions/${session.id}/submit`, {
    headers,
  });
  expect(submitted.status()).toBe(200);
  await marcos.close();

  // the fan-out job runs on the server's queue: Ivan's latest notifications show it, sent by e-mail only
  const title = /^Marcos Moura submitted the project session of DEMO-BRAZIL/;
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: title }) })
    .first();
  await expect(row).toContainText('E-mail');
  await expect(row).not.toContainText('Teams:');
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveTitle('Project Session | Project Portal');
  await expect(page.getByRole('banner')).toContainText('DEMO-BRAZIL');
});
