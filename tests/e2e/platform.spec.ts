import { test, expect } from '@playwright/test';
import { expectAccessible, portalToken, signIn } from './support';

const STATUS_ID: Record<string, number> = {
  'Project Draft': 1,
  'Project Setup': 2,
  'Project During': 3,
  'Project Closure': 4,
  'Project Finished': 5,
  'Project Paused': 6,
};

test.describe('web platform', () => {
  test('the collapsed side menu shows icons only (80 px, no label text); hover expands it to 240 px with labels', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'alice.admin');
    await page.goto('/project/3/setup/toolkit');
    await expect(page.getByRole('banner')).toContainText('DEMO-DURING');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await page.mouse.move(900, 500); // away from the menu
    await expect(menu.getByRole('link', { name: 'Toolkits' })).toBeHidden();
    const shot = await menu.screenshot();
    // PNG width (bytes 16..19 of the IHDR chunk) at device scale 1: the 80 px rail (±1 px of rounding)
    expect(Math.abs(shot.readUInt32BE(16) - 80)).toBeLessThanOrEqual(1);
    expect((await menu.boundingBox())?.width).toBe(80);
    for (const label of ['Projects', 'Project Home', 'Setup', 'During', 'Closure', 'Admin', 'Alice Almeida'])
      await expect(menu.getByText(label, { exact: true })).toBeHidden();
    // the entries keep their names for assistive technology
    await expect(menu.getByRole('link', { name: 'Projects' })).toBeAttached();
    await expect(menu.getByRole('button', { name: 'Setup' })).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page, 'toolkits, collapsed menu');

    await menu.hover();
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(240);
    await expect(menu.getByText('Setup', { exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Toolkits' })).toBeVisible();
  });

  test('on a phone the project list is ordered by status id descending and the menu drawer has no strip', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'alice.admin');
    const grid = page.getByRole('grid', { name: 'Projects' });
    await expect(grid.getByRole('img').first()).toBeVisible();
    const labels = await grid
      .getByRole('img')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    const ids = labels
      .filter((l): l is string => !!l && l in { ...STATUS_ID_KEYS })
      .map((l) => STATUS_ID[l]!);
    expect(ids.length).toBeGreaterThan(5);
    expect(ids[0]).toBe(6); // DEMO-PAUSED exists: Paused (6) comes first
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    await expectAccessible(page, 'project list on a phone');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Main menu' });
    await expect(drawer).toBeVisible();
    const nav = drawer.getByRole('navigation', { name: 'Main menu' });
    await expect.poll(async () => Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(240);
    // the menu fills the drawer (its 1 px edge aside): no strip beside it
    expect(Math.round((await nav.boundingBox())?.width ?? 0)).toBeGreaterThanOrEqual(239);
    await expect(nav.getByText('Projects', { exact: true })).toBeVisible();
    await expectAccessible(page, 'menu drawer');
  });

  test("two people edit the same text: the second sees the first one's value and chooses, nothing is overwritten silently", async ({
    browser,
  }) => {
    const open = async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, 'marcos.manager');
      await page.goto('/project/3/home');
      await page
        .getByRole('complementary', { name: 'Project overview' })
        .getByRole('button', { name: 'Project Learning and Development' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Project Learning and Development' });
      const text = dialog.getByRole('textbox', { name: 'Which opportunities?' });
      await expect(text).toBeVisible();
      return { context, page, dialog, text };
    };
    const a = await open();
    const b = await open(); // both loaded the same version
    const stamp = Date.now();
    await a.text.fill(`Workshops ${stamp}`);
    await a.text.press('Tab'); // blur saves at once
    await expect(a.dialog.getByText('Saved', { exact: true })).toBeVisible();

    await b.text.fill(`Mentoring ${stamp}`);
    await b.text.press('Tab');
    const conflict = b.dialog.getByRole('group', { name: 'Which opportunities?: changed by someone else' });
    await expect(conflict).toBeVisible();
    await expect(b.dialog.getByText('Changed by someone else').first()).toBeVisible();
    await expect(conflict.getByText(`Workshops ${stamp}`)).toBeVisible();
    await expect(b.text).toHaveValue(`Mentoring ${stamp}`); // nothing typed is lost
    await expectAccessible(b.page, 'autosave conflict');
    await b.dialog.getByRole('button', { name: 'Keep mine' }).click();
    await expect(b.dialog.getByText('Saved', { exact: true })).toBeVisible();

    const token = await portalToken(b.page);
    const res = await b.context.request.get('/api/projects/3', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await res.json()).projectTrainingDevelopment.text).toBe(`Mentoring ${stamp}`);
    await a.context.close();
    await b.context.close();
  });
});

const STATUS_ID_KEYS = Object.fromEntries(Object.keys(STATUS_ID).map((k) => [k, true]));
