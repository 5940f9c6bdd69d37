import { test, expect, type Page } from '@playwright/test';
import { signIn } from './support';

/**
 * The README's screenshots (docs/images/*.png), taken from the real screens with the demo data. They are written
 * only when DOCS_SCREENSHOTS=1 (`DOCS_SCREENSHOTS=1 npm run test:e2e -- screenshots`), so CI never rewrites them.
 */
test.skip(process.env.DOCS_SCREENSHOTS !== '1', 'DOCS_SCREENSHOTS=1 writes the documentation screenshots');
test.use({ viewport: { width: 1280, height: 760 }, colorScheme: 'light' });

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // entrance animations and avatars' photos arrive after the first paint
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, {
    timeout: 5_000,
  });
  await page.waitForTimeout(500);
}

test('the project list a manager sees after signing in', async ({ page }) => {
  await signIn(page, 'marcos.manager');
  await expect(page.getByRole('grid', { name: 'Projects' }).getByText('DEMO-DURING')).toBeVisible();
  await settle(page);
  await page.screenshot({ path: 'docs/images/project-list.png' });
});

test("a project's home in During, with its overview", async ({ page }) => {
  await signIn(page, 'paula.partner');
  await page.goto('/project/3/home');
  await expect(page.getByRole('complementary', { name: 'Project overview' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('DEMO-DURING');
  await settle(page);
  await page.screenshot({ path: 'docs/images/project-home.png' });
});

test("an administrator's weekly supervision", async ({ page }) => {
  await signIn(page, 'alice.admin');
  await page.goto('/admin/weekly-supervision');
  await expect(page.getByRole('grid').first()).toBeVisible();
  await settle(page);
  await page.screenshot({ path: 'docs/images/weekly-supervision.png' });
});
