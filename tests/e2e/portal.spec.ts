import { test, expect } from '@playwright/test';
import { apiStatus, expectAccessible, portalToken, signIn } from './support';

test.describe('sign-in, project list, shell', () => {
  test('the development identity provider lists the people and signs in the one picked', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/dev-idp\/authorize/);
    await expect(page.getByRole('heading', { name: 'Pick an account' })).toBeVisible();
    await expectAccessible(page, 'dev IdP');
    await page.getByRole('link', { name: /Carla Costa/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Welcome to the Project Portal,')).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Carla Costa');
  });

  test('a manager sees the list, opens a project, navigates the menu, has no Admin group, signs out', async ({
    page,
    context,
  }) => {
    await signIn(page, 'marcos.manager');
    await expect(page).toHaveTitle('Projects | Project Portal');
    const grid = page.getByRole('grid', { name: 'Projects' });
    await expect(grid.getByText('DEMO-DURING')).toBeVisible();
    await expect(page.getByPlaceholder('Digite aqui para buscar')).toBeVisible();
    await expect(grid.getByRole('columnheader', { name: /END DATE/ })).toBeVisible();
    await expect(grid.getByText(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/).first()).toBeVisible();
    await expectAccessible(page, 'project list');
    await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);

    await page.getByPlaceholder('Digite aqui para buscar').fill('DEMO-DURING');
    await grid.getByText('DEMO-DURING').click();
    await expect(page).toHaveURL(/\/project\/\d+\/home$/);
    await expect(page).toHaveTitle('Project Home | Project Portal');
    await expect(page.getByRole('banner')).toContainText('Demo During Project');
    await expect(page.getByRole('banner')).toContainText('DEMO-DURING');
    await expect(page.getByRole('complementary', { name: 'Project overview' })).toBeVisible();
    await expectAccessible(page, 'project home');

    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.hover();
    await menu.getByRole('button', { name: 'Setup' }).click();
    await menu.getByRole('link', { name: 'Toolkits' }).click();
    await expect(page).toHaveURL(/\/setup\/toolkit$/);
    await expect(page).toHaveTitle('Toolkits | Project Portal');
    await expect(menu.getByRole('button', { name: 'Setup' })).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page, 'toolkits');

    await menu.getByRole('button', { name: 'During' }).click();
    await menu.getByRole('link', { name: 'Weekly Status' }).click();
    await expect(page).toHaveTitle('Weekly Status | Project Portal');
    await expect(menu.getByRole('button', { name: 'During' })).toHaveAttribute('aria-expanded', 'true');

    const token = await portalToken(page);
    expect(await apiStatus(context, token, '/api/weekly-supervision')).toBe(403);

    await page.goto('/admin/weekly-supervision');
    await expect(page.getByText('You do not have access to this page')).toBeVisible();

    await page.goto('/');
    await menu.hover();
    // the rail expands on hover: click once it has (the button moves while it grows)
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(240);
    await menu.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/dev-idp\/authorize/);
    expect(await page.evaluate(() => localStorage.getItem('portal.accessToken'))).toBeNull();
  });

  test("the list's avatars show the photo service's images as data: URLs, shown under the page's security policy", async ({
    page,
  }) => {
    await signIn(page, 'alice.admin');
    const grid = page.getByRole('grid', { name: 'Projects' });
    // the seeded managers have no uploaded photo: the photo service draws their initials (SVG)
    const photo = grid.locator('img[src^="data:image/svg+xml;base64,"]').first();
    await expect(photo).toBeAttached();
    // decoded and drawn: a data: URL the CSP refused would leave the image broken (naturalWidth 0)
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await grid.locator('img[src^="blob:"]').count()).toBe(0);
  });

  test('the project list renders the rows on screen: a row below the window is skipped until scrolled to, and a focused cell keeps its whole outline', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await signIn(page, 'alice.admin');
    const grid = page.getByRole('grid', { name: 'Projects' });
    const rows = grid.getByRole('row').filter({ has: page.getByRole('gridcell') });
    await expect(rows.first()).toBeVisible();
    // the page's rows (more than the window shows)
    await expect.poll(() => rows.count()).toBeGreaterThan(15);
    // whether a row's first cell is rendered (false while the browser skips the row's content off screen)
    const rendered = (row: ReturnType<typeof rows.first>) =>
      row
        .getByRole('gridcell')
        .first()
        .evaluate((cell) => cell.checkVisibility({ contentVisibilityAuto: true }));
    await expect.poll(() => rendered(rows.first())).toBe(true);
    await expect.poll(() => rendered(rows.last())).toBe(false);
    // still in the page for find and assistive technology: its text is there, and it is not hidden
    await expect(rows.last().getByRole('gridcell').first()).toHaveText(/\S/);
    await expect(rows.last()).toBeVisible();
    await rows.last().scrollIntoViewIfNeeded();
    await expect.poll(() => rendered(rows.last())).toBe(true);

    // keyboard focus on a cell: the row's clip (paint containment) leaves room for the cell's whole outline
    await page.evaluate(() => window.scrollTo(0, 0));
    await rows.first().focus();
    await page.keyboard.press('ArrowRight');
    const cell = rows.first().getByRole('gridcell').first();
    await expect(cell).toBeFocused();
    const { outline, margin } = await cell.evaluate((el) => ({
      outline: parseFloat(getComputedStyle(el).outlineWidth),
      margin: parseFloat(getComputedStyle(el.closest('[role="row"]')!).overflowClipMargin),
    }));
    expect(outline).toBeGreaterThan(0);
    expect(margin).toBeGreaterThanOrEqual(outline);
  });

  test('oscar.outsider sees no Admin group and the API refuses him admin data; alice.admin gets both', async ({
    page,
    context,
  }) => {
    await signIn(page, 'oscar.outsider');
    await expect(page.getByRole('grid', { name: 'Projects' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);
    expect(await apiStatus(context, await portalToken(page), '/api/weekly-supervision')).toBe(403);
    await page.evaluate(() => localStorage.clear());

    await signIn(page, 'alice.admin');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.hover();
    await menu.getByRole('button', { name: 'Admin' }).click();
    await menu.getByRole('link', { name: 'Weekly Supervision' }).click();
    await expect(page).toHaveTitle('Weekly Supervision | Project Portal');
    await expect(
      page.getByRole('grid', { name: 'Weekly supervision' }).getByText('DEMO-DURING'),
    ).toBeVisible();
    await expect(page.getByText('ONE-PAGE NOT SUBMITTED')).toBeVisible();
    expect(await apiStatus(context, await portalToken(page), '/api/weekly-supervision')).toBe(200);
    await expectAccessible(page, 'weekly supervision');
  });

  test('a 401 from the API clears the session and returns to sign-in', async ({ page }) => {
    await signIn(page, 'carla.consultant');
    await page.evaluate(() =>
      localStorage.setItem(
        'portal.accessToken',
        localStorage.getItem('portal.accessToken')!.slice(0, -4) + 'AAAA',
      ),
    );
    await page.goto('/project-one-page');
    await expect(page).toHaveURL(/\/dev-idp\/authorize/);
  });

  test('a signed-out visitor following a project link lands on it after sign-in; the page copies its link (the portal URL outside Teams)', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/project/3/during/one-page');
    await expect(page).toHaveURL(/\/dev-idp\/authorize/);
    await page.getByRole('link', { name: /Marcos Moura/ }).click();
    await expect(page).toHaveURL(/\/project\/3\/during\/one-page$/);
    await expect(page).toHaveTitle('One-Page | Project Portal');
    await page.getByRole('button', { name: 'Copy a link to this page' }).click();
    await expect(page.getByText('Link copied').first()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      new URL('/project/3/during/one-page', page.url()).toString(),
    );
  });
});

const PROJECT_ROUTES: [string, string][] = [
  ['home', 'Project Home'],
  ['setup/client', 'Client'],
  ['setup/project', 'Project'],
  ['setup/toolkit', 'Toolkits'],
  ['setup/client-past-projects', 'Client Past Projects'],
  ['setup/stakeholders', 'Stakeholders'],
  ['setup/professional-dna', 'Professional DNA'],
  ['setup/roles', 'Roles and Responsibilities'],
  ['setup/finalization', 'Setup Finalization'],
  ['setup/assessment', 'Setup Assessment'],
  ['during/professional-dna', 'Professional DNA'],
  ['during/professional-DNA', 'Professional DNA'],
  ['during/one-page', 'One-Page'],
  ['during/project-session', 'Project Session'],
  ['during/weekly-status', 'Weekly Status'],
  ['during/dashboard-archive', 'Dashboard Archive'],
  ['closure/client', 'Closure With Client'],
  ['closure/internal', 'Closure Internal'],
];
const OTHER_ROUTES: [string, string][] = [
  ['/', 'Projects'],
  ['/project-one-page', 'OnePage Projects'],
  ['/admin', 'Admin'],
  ['/admin/dashboard', 'Admin Dashboard'],
  ['/admin/projects', 'Admin Projects'],
  ['/admin/weekly-supervision', 'Weekly Supervision'],
  ['/admin/allocation-supervision', 'Allocation Supervision'],
  ['/admin/pdc-supervision', 'PDC Supervision'],
  ['/admin/setup-assessment', 'Setup Assessment Supervision'],
  ['/admin/reports', 'Reports'],
  ['/admin/idone', 'ID One Accredited Centre'],
  ['/admin/knm-home', 'KNM'],
  ['/admin/knm-clients', 'KNM Project Client'],
  ['/admin/knm-checklist', 'KNM Project Check List'],
  ['/admin/knm-catalogs', 'KNM Catalogs'],
  ['/admin/knm-reports', 'KNM Reports'],
];

test('every route of the route tables opens with its title (alice.admin)', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'alice.admin');
  for (const [path, title] of OTHER_ROUTES) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${title} | Project Portal`);
    await expect(page.getByText('You do not have access to this page')).toHaveCount(0);
  }
  await page.goto('/admin');
  await expect(page.getByText('AdminDashboard', { exact: true })).toBeVisible();
  for (const [path, title] of PROJECT_ROUTES) {
    await page.goto(`/project/3/${path}`);
    await expect(page, path).toHaveTitle(`${title} | Project Portal`);
    await expect(page.getByRole('banner')).toContainText('DEMO-DURING');
  }
  await expectAccessible(page, 'closure internal');
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Page not found | Project Portal');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
