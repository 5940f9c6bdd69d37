import { test, expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expectAccessible, signIn } from './support';

// DEMO-SETUP (status 2) and DEMO-DURING (status 3): the seed's first projects, ids 2 and 3
const SETUP = 2;
const DURING = 3;

const grid = (page: Page, name: string) => page.getByRole('grid', { name });
const rowWith = (page: Page, gridName: string, text: string) =>
  grid(page, gridName).getByRole('row').filter({ hasText: text });

test.describe('Setup pages', () => {
  test('Carla edits a deliverable and a DNA row on DEMO-SETUP; they survive a reload', async ({ page }) => {
    await signIn(page, 'carla.consultant');

    await page.goto(`/project/${SETUP}/setup/project`);
    await page.getByRole('tab', { name: 'Deliverables' }).click();
    const first = grid(page, 'Deliverables').getByRole('row').nth(1);
    await first.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deliverables' });
    await dialog.getByLabel('Detail').fill('Detailed by Carla in the browser');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
    await expectAccessible(page, 'setup project, deliverables');

    await page.reload();
    await page.getByRole('tab', { name: 'Deliverables' }).click();
    await expect(grid(page, 'Deliverables')).toContainText('Detailed by Carla in the browser');

    await page.goto(`/project/${SETUP}/setup/professional-dna`);
    const carlaRow = rowWith(page, 'Professional DNA', 'Carla Costa');
    await carlaRow.getByRole('button', { name: 'Edit' }).click();
    const dna = page.getByRole('dialog', { name: 'Professional DNA' });
    await dna.getByLabel('Goals for the Project').fill('Lead the pricing workstream');
    await dna.getByRole('button', { name: 'Save' }).click();
    await expect(dna).toBeHidden();
    await expectAccessible(page, 'setup professional DNA');
    await page.reload();
    await expect(rowWith(page, 'Professional DNA', 'Carla Costa')).toContainText(
      'Lead the pricing workstream',
    );
  });

  test('on DEMO-DURING the same fields are read-only for Carla', async ({ page }) => {
    await signIn(page, 'carla.consultant');
    await page.goto(`/project/${DURING}/setup/project`);
    await page.getByRole('tab', { name: 'Deliverables' }).click();
    await expect(grid(page, 'Deliverables').getByRole('row').nth(1)).toBeVisible();
    await expect(grid(page, 'Deliverables').getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Add/ })).toHaveCount(0);

    await page.goto(`/project/${DURING}/setup/professional-dna`);
    await expect(rowWith(page, 'Professional DNA', 'Carla Costa')).toBeVisible();
    await expect(grid(page, 'Professional DNA').getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expectAccessible(page, 'setup professional DNA, read-only');
  });

  test('Marcos, the manager, sees the assessment refusal; Carla fills hers and it is kept', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'marcos.manager');
    await page.goto(`/project/${SETUP}/setup/assessment`);
    await expect(
      page.getByText('You are not able to fill the setup assessment because you are the project manager'),
    ).toBeVisible();
    await expect(page.getByRole('radiogroup')).toHaveCount(0);
    await expectAccessible(page, 'setup assessment, refused');

    const carla = await (await browser.newContext()).newPage();
    await signIn(carla, 'carla.consultant');
    await carla.goto(`/project/${SETUP}/setup/assessment`);
    await carla.getByRole('radio', { name: '9', exact: true }).check();
    await expect(carla.getByText('Saved', { exact: true }).first()).toBeVisible();
    const better = carla.getByLabel('How could it have been done better?');
    await better.fill('More time with the client sponsor');
    await better.blur();
    await expect(carla.getByText('Saved', { exact: true }).first()).toBeVisible();
    await expectAccessible(carla, 'setup assessment, Carla');
    await carla.reload();
    await expect(carla.getByRole('radio', { name: '9', exact: true })).toBeChecked();
    await expect(carla.getByLabel('How could it have been done better?')).toHaveValue(
      'More time with the client sponsor',
    );
    await carla.context().close();
  });

  test('imports two stakeholders from the client past projects', async ({ page }) => {
    await signIn(page, 'carla.consultant');
    await page.goto(`/project/${SETUP}/setup/stakeholders`);
    await expect(rowWith(page, 'Stakeholders', 'Helena Souza')).toBeVisible();
    await page.getByRole('button', { name: 'Import from Client Past Projects' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from Client Past Projects' });
    const candidates = grid(page, 'Client past projects stakeholders');
    await expect(candidates).toContainText('Kenji Sato');
    // names already present are not offered
    await expect(candidates).not.toContainText('Helena Souza');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Please select at least one stakeholder to add.')).toBeVisible();
    await expectAccessible(page, 'stakeholder import dialog');

    for (const name of ['Kenji Sato', 'Sofia Martins'])
      await candidates.getByRole('row').filter({ hasText: name }).getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Added with success.').first()).toBeVisible();
    await page.reload();
    await expect(rowWith(page, 'Stakeholders', 'Kenji Sato')).toBeVisible();
    await expect(rowWith(page, 'Stakeholders', 'Sofia Martins')).toBeVisible();
    await expectAccessible(page, 'stakeholders');

    // imported names are no longer candidates
    await page.getByRole('button', { name: 'Import from Client Past Projects' }).click();
    await expect(grid(page, 'Client past projects stakeholders')).toContainText('Paulo Ribeiro');
    await expect(grid(page, 'Client past projects stakeholders')).not.toContainText('Kenji Sato');
  });

  test('a proposal PDF uploads and downloads back identical; a non-PDF is refused', async ({ page }) => {
    await signIn(page, 'carla.consultant');
    await page.goto(`/project/${SETUP}/setup/project`);
    await page.getByRole('tab', { name: 'Proposal' }).click();

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proposal-'));
    const notPdf = path.join(dir, 'notes.txt');
    fs.writeFileSync(notPdf, 'plain text, not a PDF');
    await page.getByTestId('proposal-file').setInputFiles(notPdf);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Only PDF files is allowed').first()).toBeVisible();

    const pdf = path.join(dir, 'Proposal DEMO-SETUP.pdf');
    const bytes = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    fs.writeFileSync(pdf, bytes);
    await page.getByTestId('proposal-file').setInputFiles(pdf);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Proposal uploaded').first()).toBeVisible();
    await expect(page.getByText('Proposal DEMO-SETUP.pdf', { exact: true })).toBeVisible();
    await expectAccessible(page, 'setup project, proposal');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Proposal DEMO-SETUP.pdf');
    const saved = path.join(dir, 'downloaded.pdf');
    await file.saveAs(saved);
    expect(fs.readFileSync(saved).equals(bytes)).toBe(true);
  });

  test('the client, past projects, roles and finalization pages open with their data', async ({ page }) => {
    await signIn(page, 'alice.admin');
    await page.goto(`/project/${SETUP}/setup/client`);
    await expect(page.getByRole('heading', { name: 'Client' })).toBeVisible();
    await expect(page.getByText('CLIENT DESCRIPTION')).toBeVisible();
    await expectAccessible(page, 'setup client');

    await page.goto(`/project/${SETUP}/setup/client-past-projects`);
    await expect(grid(page, 'Client Past Projects').getByRole('row').nth(1)).toBeVisible();
    await expect(grid(page, 'Client Past Projects')).toContainText('DEMO-DURING');
    await expectAccessible(page, 'client past projects');

    await page.goto(`/project/${SETUP}/setup/roles`);
    await expect(grid(page, 'Roles and Responsibilities').getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page, 'roles and responsibilities');

    await page.goto(`/project/${SETUP}/setup/finalization`);
    await expect(page.getByRole('heading', { name: 'Setup Finalization' })).toBeVisible();
    await expectAccessible(page, 'setup finalization');

    // the setup changes of the tests above, on Project Home below the status history
    await page.goto(`/project/${SETUP}/home`);
    await expect(page.getByRole('heading', { name: 'Changes' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Changes' })).toContainText('Carla Costa');
    await expectAccessible(page, 'project home with changes');
  });
});
