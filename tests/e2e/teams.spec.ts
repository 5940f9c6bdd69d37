import { expect, test } from '@playwright/test';
import { expectAccessible, signIn } from './support';
import { hostCalls, hostSend, hostState, idpToken, openInTeams } from './teams-host';

/**
 * The in-Teams path with the unmodified teams-js SDK, inside a host page that answers its message protocol:
 * SSO through the portal's exchange, deep links, the channel tab pinned to a project, the configuration
 * page's save handshake, and the theme following Teams.
 */
test.describe('inside Microsoft Teams', () => {
  test('personal tab: signs in through SSO and the exchange, opens the deep-linked project, follows the dark theme', async ({
    page,
    context,
  }) => {
    // someone else's portal session is stored on this client: the tab signs in the Teams user instead
    await signIn(page, 'alice.admin');
    const token = await idpToken(context, 'marcos.manager');
    const tab = await openInTeams(page, {
      content: '/?inTeams=1',
      subEntityId: '/project/3/home',
      upn: 'marcos.manager@example.com',
      token,
    });
    await expect(tab.getByRole('banner')).toContainText('DEMO-DURING', { timeout: 30_000 });
    await expect(tab.getByRole('navigation', { name: 'Main menu' })).toContainText('Marcos Moura');
    await expect(tab.getByRole('banner')).toContainText('Demo During Project');
    expect(page.frames()[1]!.url()).toMatch(/\/project\/3\/home$/);
    const calls = await hostCalls(page);
    expect(calls).toEqual(
      expect.arrayContaining([
        'initialize',
        'getContext',
        'authentication.getAuthToken',
        'appInitialization.appLoaded',
        'appInitialization.success',
      ]),
    );
    // the personal tab keeps the whole portal, and Teams keeps the user signed in (no logout)
    const nav = tab.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('link', { name: 'Projects', exact: true })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Sign out' })).toHaveCount(0);

    // a PDF leaves the tab through app.openLink, with a short-lived link that needs no headers
    await tab.getByRole('button', { name: 'Project Support' }).click();
    await tab
      .getByRole('dialog', { name: 'Project Support' })
      .getByRole('button', { name: 'Ambience' })
      .click();
    await expect.poll(() => hostState<string>(page, 'links')).toHaveLength(1);
    const [pdfLink] = await hostState<string>(page, 'links');
    expect(pdfLink).toMatch(/\/api\/support\/documents\/ambience\?access=/);
    const pdf = await context.request.get(pdfLink!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toMatch(/application\/pdf/);
    await tab.getByRole('dialog', { name: 'Project Support' }).getByRole('button', { name: 'Close' }).click();

    await expect(tab.locator('[data-theme="light"]').first()).toBeAttached();
    await hostSend(page, 'themeChange', ['dark']);
    await expect(tab.locator('[data-theme="dark"]').first()).toBeAttached();
    const background = await tab
      .locator('[data-theme="dark"]')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await expectAccessible(page, 'a project page in Teams, dark theme', { frame: '#app' });
    await hostSend(page, 'themeChange', ['contrast']);
    await expect(tab.locator('[data-theme="contrast"]').first()).toBeAttached();
    await expectAccessible(page, 'a project page in Teams, high contrast', { frame: '#app' });
  });

  test('starts in the dark theme when Teams is dark; a consent failure shows the consent screen, not a blank tab', async ({
    page,
  }) => {
    const tab = await openInTeams(page, { content: '/?inTeams=1', theme: 'dark' });
    await expect(tab.getByRole('heading', { name: 'Project Portal needs your permission' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(tab.getByRole('button', { name: 'Continue' })).toBeVisible();
    await expect(tab.locator('[data-theme="dark"]').first()).toBeAttached();
    expect(await hostCalls(page)).toContain('appInitialization.success');
    await expectAccessible(page, 'the consent screen in Teams (dark)', { frame: '#app' });
  });

  test('channel tab: the project id in the content URL path; the shell is scoped to that project', async ({
    page,
    context,
  }) => {
    const token = await idpToken(context, 'carla.consultant');
    const tab = await openInTeams(page, {
      content: '/project/9/home?inTeams=1',
      entityId: 'project-9',
      channelId: '19:channel',
      upn: 'carla.consultant@example.com',
      token,
    });
    await expect(tab.getByRole('banner')).toContainText('DEMO-BRAZIL', { timeout: 30_000 });
    const nav = tab.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('link', { name: 'Project Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Projects', exact: true })).toHaveCount(0);
    // a link elsewhere leads back into the pinned project
    await page.frames()[1]!.evaluate(() => {
      window.history.pushState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => page.frames()[1]!.url()).toMatch(/\/project\/9\/home$/);
  });

  test('channel tab configuration: search and pick a project, Save hands Teams the settings', async ({
    page,
    context,
  }) => {
    const token = await idpToken(context, 'marcos.manager');
    const tab = await openInTeams(page, {
      content: '/teams/config?inTeams=1',
      frameContext: 'settings',
      channelId: '19:channel',
      upn: 'marcos.manager@example.com',
      token,
    });
    const box = tab.getByRole('combobox', { name: 'Project' });
    await expect(box).toBeVisible({ timeout: 30_000 });
    await box.fill('DEMO-BRAZIL');
    await tab.getByRole('option', { name: /DEMO-BRAZIL/ }).click();
    await expect(tab.getByRole('region', { name: 'Selected project' })).toContainText('Demo Brazil Project');
    await expectAccessible(page, 'the channel tab configuration page', { frame: '#app' });
    await expect.poll(() => hostCalls(page)).toContain('settings.setValidityState');
    await hostSend(page, 'settings.save', [{}]);
    await expect.poll(() => hostCalls(page)).toContain('settings.save.success');
    const origin = new URL(page.url()).origin;
    expect(await hostState(page, 'settings')).toEqual([
      {
        entityId: 'project-9',
        contentUrl: `${origin}/project/9/home?inTeams=1`,
        websiteUrl: `${origin}/project/9/home`,
        suggestedDisplayName: 'DEMO-BRAZIL',
      },
    ]);
  });

  test('nested app authentication: MSAL signs in through the host bridge; avatars come from Microsoft Graph ($batch)', async ({
    page,
    context,
  }) => {
    const batches: number[] = [];
    await context.route('https://graph.microsoft.com/**', async (route) => {
      const auth = route.request().headers()['authorization'];
      const body = route.request().postDataJSON() as { requests: { id: string; url: string }[] };
      batches.push(body.requests.length);
      const PNG =
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
      await route.fulfill({
        json: {
          responses: body.requests.map((r) =>
            auth === 'Bearer graph-token-e2e' && r.url.includes('marcos.manager')
              ? { id: r.id, status: 200, headers: { 'Content-Type': 'image/png' }, body: PNG }
              : { id: r.id, status: 404, headers: {}, body: { error: { code: 'ImageNotFound' } } },
          ),
        },
      });
    });
    const token = await idpToken(context, 'marcos.manager');
    const tab = await openInTeams(page, {
      content: '/?inTeams=1',
      subEntityId: '/project/3/home',
      upn: 'marcos.manager@example.com',
      token,
      naa: true,
    });
    await expect(tab.getByRole('banner')).toContainText('DEMO-DURING', { timeout: 30_000 });
    const calls = await hostCalls(page);
    expect(calls).toContain('nestedAppAuth.execute');
    expect(calls).not.toContain('authentication.getAuthToken');
    const naa = await hostState<string>(page, 'naa');
    expect(naa[0]).toBe('GetInitContext');
    expect(naa.some((r) => r.startsWith('GetToken') && r.includes('api://portal/access_as_user'))).toBe(true);
    // Marcos' photo comes from Graph; the others have none there (initials)
    const team = tab.getByRole('region', { name: 'Team' });
    await expect(team.getByRole('link', { name: 'Chat with Marcos Moura' }).locator('img')).toHaveAttribute(
      'src',
      /^data:image\/png;base64,/,
    );
    await expect(team.getByRole('link', { name: 'Chat with Paula Pereira' }).locator('img')).toHaveCount(0);
    expect(naa.some((r) => r.includes('User.ReadBasic.All'))).toBe(true);
    expect(batches.length).toBeGreaterThan(0);
    expect(Math.max(...batches)).toBeLessThanOrEqual(20);
  });
});
