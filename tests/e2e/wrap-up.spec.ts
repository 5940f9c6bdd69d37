import { test, expect, type Page } from '@playwright/test';
import { expectAccessible, portalToken, signIn } from './support';

// Runs last (it finishes DEMO-CLOSURE, which projects.spec.ts expects still in Closure).
const DURING = 3;
const CLOSURE = 5;

test.describe.configure({ mode: 'serial' });

const overview = (page: Page) => page.getByRole('complementary');

test.describe('Closure Internal and the Dashboard Archive (issue 13)', () => {
  test('Marcos completes the close-out form of DEMO-CLOSURE; Forward to Finished is then allowed', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, 'marcos.manager');
    await page.goto(`/project/${CLOSURE}/closure/internal`);
    await expect(page.getByRole('heading', { name: 'Closure Internal' })).toBeVisible();
    await expect(page.getByText('Close-out form incomplete')).toBeVisible();
    await expectAccessible(page, 'closure internal');

    await page.getByRole('button', { name: 'Open form', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Close-out form' });
    await choose(page, form, 'Office', 'São Paulo');
    await choose(page, form, 'Geography', 'United States');
    await form.getByRole('combobox', { name: 'Methodology' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Strategic Planning' })).toBeVisible();
    await expect(page.getByRole('menuitemcheckbox', { name: 'No Methodology' })).toHaveCount(0);
    await page.getByRole('menuitemcheckbox', { name: 'Strategic Planning' }).click();
    await page.keyboard.press('Escape');
    const summary = form.getByLabel(/^Project summary/);
    await summary.fill(
      'Sanitized summary: a retail bank doubled small-business lending in São Paulo in 14 weeks.',
    );
    await summary.blur();
    await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
    await form
      .getByRole('group', { name: 'Complete case' })
      .locator('input[type=file]')
      .setInputFiles({
        name: 'case.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(
          '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
        ),
      });
    await form
      .getByRole('group', { name: 'Complete case' })
      .getByRole('button', { name: /Upload/ })
      .click();
    await expect(page.getByText('File uploaded').first()).toBeVisible();
    await expectAccessible(page, 'close-out form');
    await form.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(page.getByText('Close-out form complete')).toBeVisible();

    await page.goto(`/project/${CLOSURE}/home`);
    await overview(page).getByRole('button', { name: 'Forward to' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forward to Finished' });
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    await expect(page.getByText('Complete the Close-out Form to Finish the Project')).toHaveCount(0);
  });

  test('the dashboard e-mail list takes a partner and refuses a consultant', async ({ page, context }) => {
    await signIn(page, 'marcos.manager');
    await page.goto(`/project/${DURING}/during/dashboard-archive`);
    await expect(page.getByRole('heading', { name: 'Dashboard Archive' })).toBeVisible();
    await expectAccessible(page, 'dashboard archive');
    await page.getByRole('button', { name: 'Manage Email Access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dashboard Email Access Management' });
    const list = dialog.getByRole('list', { name: 'Receiving dashboard emails' });
    await expect(list).toContainText('Dora Duarte');
    await dialog.getByRole('combobox', { name: 'Professionals' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: /Carla/ })).toHaveCount(0);
    await page.getByRole('menuitemcheckbox', { name: /Paula/ }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(list).toContainText('Paula');
    await expectAccessible(page, 'dashboard e-mail access');

    // the server refuses a consultant however the request is made
    const token = await portalToken(page);
    const carla = await context.request.get('/api/professionals', {
      headers: { authorization: `Bearer ${token}` },
    });
    const people = (await carla.json()) as { ID?: number; id?: number; Name?: string; name?: string }[];
    const carlaId = people
      .map((p) => ({ id: p.ID ?? p.id, name: p.Name ?? p.name }))
      .find((p) => /Carla/.test(p.name ?? ''))?.id;
    expect(carlaId).toBeTruthy();
    const refused = await context.request.post('/api/professional-dashboard-access/bulk', {
      headers: { authorization: `Bearer ${token}` },
      data: { IDProject: DURING, ProfessionalIds: [carlaId] },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).message).toMatch(
      /^Only Directors and Partners can be added to receive dashboard emails\./,
    );
  });
});

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
}
