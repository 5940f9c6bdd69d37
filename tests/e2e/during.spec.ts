import { test, expect, type Page } from '@playwright/test';
import { expectAccessible, signIn } from './support';

// DEMO-DURING (status 3): this week's one-page is a checklist draft, not submitted
const DURING = 3;
const ONE_PAGE = `/project/${DURING}/during/one-page`;
const NO_ACCESS = "You don't have access to One-Page yet: ask the project's manager or partner to grant it";

const onePages = (page: Page) => page.getByRole('grid', { name: 'One-Pages' });
/** The newest one-page (this week's): the first row of the list, newest first. */
const newestRow = (page: Page) => onePages(page).getByRole('row').nth(1);
const choose = (page: Page, question: string, answer: string) =>
  page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: answer, exact: true }).check();

test.describe.configure({ mode: 'serial' });

test.describe('During: the weekly one-page', () => {
  test('Carla cannot open one-pages until Marcos grants her access', async ({ page, browser }) => {
    await signIn(page, 'carla.consultant');
    await page.goto(ONE_PAGE);
    await expect(page.getByText(NO_ACCESS)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Open the One-Page of/ })).toHaveCount(0);
    await expectAccessible(page, 'one-page list, no access');

    const marcos = await (await browser.newContext()).newPage();
    await signIn(marcos, 'marcos.manager');
    await marcos.goto(ONE_PAGE);
    await marcos.getByRole('button', { name: 'Grant access' }).click();
    const dialog = marcos.getByRole('dialog', { name: 'Who can access One-Page?' });
    const carla = dialog.getByRole('switch', { name: 'Carla Costa' });
    await expect(carla).not.toBeChecked();
    await carla.click();
    await expect(marcos.getByText('Saved', { exact: true }).first()).toBeVisible();
    await expect(carla).toBeChecked();
    await expectAccessible(marcos, 'grant access dialog');
    await marcos.context().close();

    await page.reload();
    await expect(page.getByText(NO_ACCESS)).toBeHidden();
    await expect(newestRow(page).getByRole('button', { name: /^Open the One-Page of/ })).toBeVisible();
  });

  test('Marcos fills this week’s checklist one-page: refused while a field is missing, then submitted and read-only; the card turns green', async ({
    page,
  }) => {
    await signIn(page, 'marcos.manager');
    await page.goto(ONE_PAGE);
    await expect(
      page.getByRole('region', { name: 'Project Week Overview' }).getByLabel('One Page Submitted: not done'),
    ).toBeVisible();
    await newestRow(page)
      .getByRole('button', { name: /^Open the One-Page of/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Weekly Checklist' })).toBeVisible();
    await expectAccessible(page, 'one-page checklist form');

    // every answer that needs no explanation; "Delivery focus next week" left empty
    await choose(page, 'Project status', 'Green');
    await choose(page, 'Project environment', 'Green');
    await choose(page, 'Do you need help from governance?', 'No');
    await choose(page, 'Is there a risk of delay?', 'No');
    await choose(page, 'Solution readiness', 'Both clear');
    await choose(page, 'Change of project status?', 'No');
    await choose(page, 'Integration and identity', 'Yes');
    await choose(page, 'Proper attention (stakeholder management)', 'Yes');
    await choose(page, 'Any team issue?', 'No');
    await choose(page, 'Professional DNA', 'Done this week');
    await choose(page, 'Technical DNA', 'Done this week');
    await choose(page, 'Is a governance action needed?', 'No');
    await page.getByLabel('Key message (highlights)').fill('Pricing model agreed with the sponsor');
    await choose(page, 'Weekly status', 'Done this week');
    await page.getByLabel('Delivery focus next week').fill('');

    await page.getByRole('button', { name: 'Submit One-Page' }).click();
    await expect(
      page.getByText('All required fields must be filled in order to submit the One Page').first(),
    ).toBeVisible();

    await expect(page.getByRole('dialog', { name: 'One Page Submit' })).toHaveCount(0);
    await page.getByLabel('Delivery focus next week').fill('Pilot in two regions');
    await page.getByRole('button', { name: 'Submit One-Page' }).click();
    const confirm = page.getByRole('dialog', { name: 'One Page Submit' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('One Page submitted successfully!').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit One-Page' })).toHaveCount(0);
    await expect(page.getByLabel('Key message (highlights)')).not.toBeEditable();
    await expect(
      page.getByRole('radiogroup', { name: 'Project status' }).getByRole('radio', { name: 'Green' }),
    ).toBeDisabled();
    // the overview's card reads the records (KPIs are polled every 5 s)
    await expect(
      page.getByRole('region', { name: 'Project Week Overview' }).getByLabel('One Page Submitted: done'),
    ).toBeVisible({ timeout: 8_000 });
    await expectAccessible(page, 'one-page submitted, read-only');

    // kept after a reload (the open one-page is in the address: ?open=<id>)
    await page.reload();
    await expect(page.getByText('As submitted')).toBeVisible();
    await expect(page.getByLabel('Key message (highlights)')).toHaveValue(
      'Pricing model agreed with the sponsor',
    );
    await expect(page.getByRole('button', { name: 'Submit One-Page' })).toHaveCount(0);
  });

  test('Gil (governance) undoes the submit; the one-page is a draft again', async ({ page }) => {
    await signIn(page, 'gil.governance');
    await page.goto(ONE_PAGE);
    const undo = newestRow(page).getByRole('button', { name: /^Undo the submit of/ });
    await undo.click();
    const dialog = page.getByRole('dialog', { name: 'One Page Undo Submit' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
    await expect(newestRow(page).getByRole('button', { name: /^Undo the submit of/ })).toHaveCount(0);
    await expectAccessible(page, 'one-page list, governance');

    await newestRow(page)
      .getByRole('button', { name: /^Open the One-Page of/ })
      .click();
    await expect(page.getByRole('button', { name: 'Submit One-Page' })).toBeVisible();
  });
});

test.describe('During: project sessions', () => {
  test('a session is added, its Tech DNA edited, then submitted: its Tech DNA tabs become read-only', async ({
    page,
  }) => {
    await signIn(page, 'carla.consultant');
    // on DEMO-BRAZIL (During, same team): DEMO-DURING's Technical DNA card is another test's (projects.spec)
    await page.goto(`/project/9/during/project-session`);
    const grid = page.getByRole('grid', { name: 'Project Session' });
    await page.getByRole('button', { name: 'Add session' }).click();
    const add = page.getByRole('dialog', { name: 'Project Session' });
    await add.getByLabel('Discussion Focus').fill('Pricing pilot review');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    const row = grid.getByRole('row').filter({ hasText: 'Pricing pilot review' });
    await expect(row).toBeVisible();
    await expectAccessible(page, 'project sessions');

    await row.getByRole('button', { name: 'Tech DNA' }).click();
    const tech = page.getByRole('dialog', { name: 'Tech DNA' });
    await tech.getByRole('radiogroup', { name: 'Adjust Scope' }).getByRole('radio', { name: 'Yes' }).check();
    await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
    await tech.getByRole('tab', { name: 'Risks' }).click();
    await expect(tech.getByRole('button', { name: /^Add/ })).toBeVisible();
    await expectAccessible(page, 'Tech DNA dialog');
    await tech.getByRole('button', { name: 'Close' }).first().click();
    await expect(tech).toBeHidden();

    await row.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('dialog', { name: 'Submit' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(row.getByRole('button', { name: 'Undo' })).toBeVisible();

    await row.getByRole('button', { name: 'Tech DNA' }).click();
    const after = page.getByRole('dialog', { name: 'Tech DNA' });
    await expect(
      after.getByRole('radiogroup', { name: 'Adjust Scope' }).getByRole('radio', { name: 'Yes' }),
    ).toBeChecked();
    await expect(
      after.getByRole('radiogroup', { name: 'Adjust Scope' }).getByRole('radio', { name: 'No' }),
    ).toBeDisabled();
    await after.getByRole('tab', { name: 'Risks' }).click();
    await expect(after.getByRole('grid')).toBeVisible();
    await expect(after.getByRole('button', { name: /^Add/ })).toHaveCount(0);
    await expect(after.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  });
});

test.describe('During: Professional DNA', () => {
  test('a DNA session opens its Professional DNAs dialog', async ({ page }) => {
    await signIn(page, 'marcos.manager');
    await page.goto(`/project/${DURING}/during/professional-DNA`);
    await expect(page.getByRole('heading', { name: 'Professional DNA' })).toBeVisible();
    await expectAccessible(page, 'professional DNA, during');
    await page
      .getByRole('grid', { name: 'Professional DNA sessions' })
      .getByRole('button', { name: 'DNA', exact: true })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Professional DNAs' });
    await expect(dialog).toContainText('Carla Costa');
    await expect(dialog).toContainText('Did this session meet your expectations?');
    await expectAccessible(page, 'Professional DNAs dialog');
  });
});
