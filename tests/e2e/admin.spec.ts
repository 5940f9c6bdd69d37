import ExcelJS from 'exceljs';
import { test, expect, type Download, type Page } from '@playwright/test';
import { expectAccessible, portalToken, signIn } from './support';

// Issue 14: the admin screens through the real server. Works on generated projects (SEED_PROJECTS) and on the
// KNM checklist of DEMO-CLOSURE, which no other spec reads.
test.describe.configure({ mode: 'serial' });

interface Row {
  idProject: number;
  projectCode: string;
  idOnePage: number | null;
  onePageSubmitted: boolean;
  priority: boolean;
}

/** A workbook downloaded by the page, opened back with exceljs: its sheets' header rows and row counts. */
async function openWorkbook(download: Download) {
  const path = await download.path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  return wb;
}

const counter = async (page: Page, label: string) => {
  const item = page.getByRole('list', { name: 'Counters' }).getByRole('listitem').filter({ hasText: label });
  const text = await item.innerText();
  return Number(text.replace(label, '').replace(/\D/g, ''));
};

test.describe('Administration', () => {
  test('Alice edits a project in Weekly Supervision: row and counters follow; the next server page loads; the export opens', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, 'alice.admin');
    // a generated During project whose one-page of this week is not submitted (read as Alice)
    const token = await portalToken(page);
    const res = await context.request.get(
      '/api/weekly-supervision?status=3&onePageSubmitted=false&take=100',
      { headers: { authorization: `Bearer ${token}` } },
    );
    const target = ((await res.json()) as Row[]).find(
      (r) => !r.projectCode.startsWith('DEMO') && r.idOnePage !== null && !r.priority,
    )!;
    expect(target, 'a generated During project with an open one-page').toBeTruthy();

    await page.goto('/admin/weekly-supervision');
    const grid = page.getByRole('grid', { name: 'Weekly supervision' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await expect.poll(() => counter(page, 'PROJECTS')).toBeGreaterThan(100);
    await expectAccessible(page, 'weekly supervision');
    const projects = await counter(page, 'PROJECTS');
    const green = await counter(page, 'GREEN');
    const notSubmitted = await counter(page, 'ONE-PAGE NOT SUBMITTED');

    // the grid holds the first server page of 100; scrolling to its end reads the next one
    await expect
      .poll(
        async () => {
          // the grid's viewport (an ancestor) scrolls its virtual rows
          await grid.evaluate((g) => {
            for (let e: Element | null = g; e; e = e.parentElement)
              if (e.scrollHeight > e.clientHeight + 10) e.scrollTop = e.scrollHeight;
          });
          const last = await grid.getByRole('row').last().getAttribute('aria-rowindex');
          return Number(last);
        },
        { timeout: 30_000, message: 'rows past the first server page of 100' },
      )
      .toBeGreaterThan(101);

    // edit: priority on, OP Status Green, submitted
    await page.getByPlaceholder('Digite aqui para buscar').fill(target.projectCode);
    await page.getByRole('button', { name: `Edit ${target.projectCode}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${target.projectCode}` });
    await dialog.getByRole('switch', { name: 'Priority' }).check();
    await dialog.getByRole('combobox', { name: 'OP Status' }).click();
    await page.getByRole('option', { name: 'Green', exact: true }).click();
    await dialog.getByRole('switch', { name: 'OP Submitted?' }).check();
    await expectAccessible(page, 'weekly supervision edit');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const row = grid.getByRole('row').filter({ hasText: target.projectCode });
    await expect(row).toContainText('Yes');

    await page.getByPlaceholder('Digite aqui para buscar').fill('');
    await expect.poll(() => counter(page, 'PROJECTS')).toBe(projects);
    await expect.poll(() => counter(page, 'GREEN')).toBe(green + 1);
    await expect.poll(() => counter(page, 'ONE-PAGE NOT SUBMITTED')).toBe(notSubmitted - 1);

    // the export of the whole filtered set opens, with a row per project
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('report-all-weekly-supervisions.xlsx');
    const sheet = (await openWorkbook(download)).worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Project Code');
    expect(sheet.actualRowCount - 1).toBe(projects);
  });

  test('Kim edits the KNM checklist of DEMO-CLOSURE', async ({ page }) => {
    await signIn(page, 'kim.knm');
    await page.goto('/admin/knm-checklist');
    await page.getByRole('button', { name: 'Edit checklist of DEMO-CLOSURE' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Checklist — DEMO-CLOSURE' });
    const caseCheck = dialog.getByRole('combobox', { name: 'Case', exact: true });
    await expect(caseCheck).toBeVisible();
    await caseCheck.selectOption({ label: 'Done' });
    await dialog.getByRole('combobox', { name: 'Send Warning' }).selectOption({ label: 'Yes' });
    await expectAccessible(page, 'edit checklist');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await page.reload();
    await page.getByRole('button', { name: 'Edit checklist of DEMO-CLOSURE' }).click();
    const again = page.getByRole('dialog', { name: 'Edit Checklist — DEMO-CLOSURE' });
    await expect(again.getByRole('combobox', { name: 'Case', exact: true })).toHaveValue('2');
    await expect(again.getByRole('combobox', { name: 'Send Warning' })).toHaveValue('1');
  });

  test('Alice is refused a Setup Assessment report ending before it starts, then gets one with rows', async ({
    page,
  }) => {
    await signIn(page, 'alice.admin');
    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await expectAccessible(page, 'reports');
    await page.getByRole('button', { name: 'Download Setup Assessment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Setup Assessment' });
    const year = new Date().getUTCFullYear();
    await dialog.getByLabel(/^Start Date/).fill(`${year}-06-30`);
    await dialog.getByLabel(/^End Date/).fill(`${year}-01-01`);
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(dialog.getByText('the end date cannot be earlier than the start date')).toBeVisible();
    await expectAccessible(page, 'setup assessment report dialog');

    await dialog.getByLabel(/^Start Date/).fill(`${year - 1}-01-01`);
    await dialog.getByLabel(/^End Date/).fill(`${year}-12-31`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Generate', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('report-setup-assessments.xlsx');
    await expect(page.getByText('Report generated successfully. Open or save it.').first()).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const sheet = (await openWorkbook(download)).worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Project Code');
    expect(sheet.actualRowCount).toBeGreaterThan(1);
  });
});
