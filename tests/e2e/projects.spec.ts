import { test, expect, type Page } from '@playwright/test';
import { expectAccessible, signIn } from './support';

// DEMO project ids (DEMO-DATA order): 1 DRAFT, 3 DURING, 4 READY, 5 CLOSURE, 9 BRAZIL
const overview = (page: Page) => page.getByRole('complementary', { name: 'Project overview' });

test.describe('project lifecycle and overview', () => {
  test('the manager forwards DEMO-DRAFT to Setup', async ({ page }) => {
    await signIn(page, 'marcos.manager');
    await page.goto('/project/1/home');
    await overview(page).getByRole('button', { name: 'Forward to' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forward to Setup' });
    await expect(dialog).toContainText('Move this project from Draft to Setup?');
    await expectAccessible(page, 'forward dialog');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Project status changed successfully.').first()).toBeVisible();
    await expect(overview(page).getByRole('img', { name: 'Project Setup' })).toBeVisible();
  });

  test('3→4 on DEMO-DURING is blocked and names Ivan Ito', async ({ page }) => {
    await signIn(page, 'paula.partner');
    await page.goto('/project/3/home');
    await overview(page).getByRole('button', { name: 'Forward to' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forward to Closure' });
    await expect(dialog.getByRole('alert')).toContainText('Ivan Ito');
    await expect(dialog.getByRole('alert')).toContainText(
      'All Interns, Analysts, Consultants and Specialists must fulfil their assessments',
    );
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });

  test('DEMO-READY moves to Closure; DEMO-CLOSURE shows the close-out alert', async ({ page }) => {
    await signIn(page, 'paula.partner');
    await page.goto('/project/4/home');
    await overview(page).getByRole('button', { name: 'Forward to' }).click();
    await page
      .getByRole('dialog', { name: 'Forward to Closure' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect(page.getByText('Project status changed successfully.').first()).toBeVisible();
    await expect(overview(page).getByRole('img', { name: 'Project Closure' })).toBeVisible();

    await page.goto('/project/5/home');
    await overview(page).getByRole('button', { name: 'Forward to' }).click();
    await expect(page.getByText('Complete the Close-out Form to Finish the Project').first()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(overview(page).getByRole('img', { name: 'Project Closure' })).toBeVisible();
  });

  test('closing DEMO-CLOSEOUT warns that Knowledge Management will be e-mailed', async ({ page }) => {
    await signIn(page, 'marcos.manager');
    await page.goto('/project/6/home');
    await overview(page).getByRole('button', { name: 'Forward to' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forward to Finished' });
    await expect(dialog).toContainText(
      'Knowledge Management will receive an e-mail asking to close the project.',
    );
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Project status changed successfully.').first()).toBeVisible();
    await expect(overview(page).getByRole('img', { name: 'Project Finished' })).toBeVisible();
    await expect(overview(page).getByRole('button', { name: 'Forward to' })).toHaveCount(0);

    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'alice.admin');
    await page.goto('/admin/mail-outbox');
    await expect(
      page.getByRole('grid', { name: 'Mail outbox' }).getByText('Close project DEMO-CLOSEOUT'),
    ).toBeVisible();
    await expectAccessible(page, 'mail outbox');
  });

  test('the Technical DNA card turns green after a project session is held (within the 5 s refresh)', async ({
    page,
    context,
  }) => {
    await signIn(page, 'marcos.manager');
    await page.goto('/project/3/home');
    const card = overview(page).getByRole('button', { name: /^Technical DNA/ });
    await expect(card).toHaveAccessibleName('Technical DNA: not done');
    const token = await page.evaluate(() => localStorage.getItem('portal.accessToken'));
    const res = await context.request.post('/api/projects/3/sessions', {
      headers: { authorization: `Bearer ${token}` },
      data: { discussionFocus: 'Weekly tech DNA' },
    });
    expect(res.status()).toBe(201);
    await expect(card).toHaveAccessibleName('Technical DNA: done', { timeout: 7000 });
    await card.click();
    await expect(page).toHaveURL(/\/project\/3\/during\/project-session$/);
  });

  test('admin edits a status from the list', async ({ page }) => {
    await signIn(page, 'alice.admin');
    await page.getByPlaceholder('Digite aqui para buscar').fill('DEMO-PAUSED');
    await page.getByRole('button', { name: 'Edit status of DEMO-PAUSED' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit status of DEMO-PAUSED' });
    await dialog.getByRole('combobox').click();
    await page.getByRole('option', { name: 'During' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Project status changed successfully.').first()).toBeVisible();
    await expect(
      page.getByRole('grid', { name: 'Projects' }).getByRole('img', { name: 'Project During' }),
    ).toBeVisible();
  });
});

test.describe('toolkits', () => {
  const openChange = async (page: Page) => {
    await page
      .getByRole('button', { name: /^Change status of/ })
      .first()
      .click();
    return page.getByRole('dialog', { name: 'Change Toolkit Status' });
  };
  const options = async (page: Page) => {
    await page.getByRole('dialog').getByRole('combobox').click();
    return page.getByRole('option').allTextContents();
  };

  test('manager only: Request, with the e-mail notice', async ({ page }) => {
    await signIn(page, 'marcos.manager');
    await page.goto('/project/9/setup/toolkit');
    await expect(page.getByRole('grid', { name: 'Toolkits' })).toBeVisible();
    await expectAccessible(page, 'toolkits as manager');
    const dialog = await openChange(page);
    await expect(dialog).toContainText('Which status would you like to change this toolkit to?');
    await expect(dialog).toContainText(
      'If you change the status to request, an e-mail message will be sent to project partner',
    );
    expect(await options(page)).toEqual(['Request']);
  });

  test('partner only: Approved, Not Approved', async ({ page }) => {
    await signIn(page, 'paula.partner');
    await page.goto('/project/9/setup/toolkit');
    const dialog = await openChange(page);
    await expect(dialog).not.toContainText('If you change the status to request');
    expect(await options(page)).toEqual(['Approved', 'Not Approved']);
  });

  test('admin: every status; Change all; a member sees no edit controls', async ({ page }) => {
    await signIn(page, 'alice.admin');
    await page.goto('/project/9/setup/toolkit');
    await openChange(page);
    expect(await options(page)).toEqual(['Draft', 'Request', 'Approved', 'Not Approved']);
    await page.getByRole('option', { name: 'Request' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Change all' }).click();
    await expect(page.getByRole('dialog', { name: 'Change All Toolkits Status' })).toContainText(
      'Which status would you like to change the toolkits to?',
    );
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'carla.consultant');
    await page.goto('/project/9/setup/toolkit');
    await expect(page.getByRole('grid', { name: 'Toolkits' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add toolkit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Change status of/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Change all' })).toHaveCount(0);
  });

  test('the manager adds a toolkit', async ({ page }) => {
    await signIn(page, 'marcos.manager');
    await page.goto('/project/9/setup/toolkit');
    await page.getByRole('button', { name: 'Add toolkit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Toolkit' });
    await dialog.getByRole('combobox').click();
    await page.getByRole('option', { name: /Kaizen Kit/ }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Added with success.').first()).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Toolkits' }).getByText(/Kaizen Kit/)).toBeVisible();
  });
});

test.describe('ID One', () => {
  test('the grid on DEMO-BRAZIL and the not-applicable message elsewhere', async ({ page }) => {
    await signIn(page, 'marcos.manager');
    await page.goto('/project/9/home');
    await overview(page).getByRole('button', { name: 'ID One Human Factor Restitutions' }).click();
    const dialog = page.getByRole('dialog', { name: 'ID One Human Factor Restitutions' });
    await expect(dialog.getByRole('grid', { name: 'ID One restitutions' })).toBeVisible();
    await expect(dialog.getByRole('gridcell', { name: '12' })).toBeVisible();
    await expectAccessible(page, 'ID One dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto('/project/3/home');
    await overview(page).getByRole('button', { name: 'ID One Human Factor Restitutions' }).click();
    await expect(page.getByRole('dialog', { name: 'ID One Human Factor Restitutions' })).toContainText(
      'only projects in Brazil',
    );
  });
});
