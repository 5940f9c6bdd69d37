import { test, expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible, portalToken, signIn } from './support';

// Runs last (it finishes DEMO-CLOSURE, which projects.spec.ts expects still in Closure).
const DURING = 3;
const CLOSURE = 5;

test.describe.configure({ mode: 'serial' });

const overview = (page: Page) => page.getByRole('complementary');

test.describe('Closure Internal and the Dashboard Archive', () => {
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

  test('Marcos fills a CRM contact from messy input, saves and sends to the director; a draft reloads', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, 'marcos.manager');
    await page.goto(`/project/${CLOSURE}/closure/internal?crm`);
    const privacy = page.getByRole('dialog', { name: 'Privacy warning' });
    await expect(privacy).toBeVisible();
    await expectAccessible(page, 'crm privacy warning');
    await privacy.getByRole('button', { name: 'Close', exact: true }).click();
    const crm = page.getByRole('region', { name: 'CRM' });
    const grid = crm.getByRole('grid', { name: 'Stakeholders' });
    await expect(grid.getByRole('row', { name: /Helena/ }).first()).toBeVisible();
    await expectAccessible(page, 'crm tab');

    // the CRM file (a PDF or the filled template, .xlsx) and the template of the project's stakeholders
    const template = page.waitForEvent('download');
    await crm.getByRole('button', { name: 'Download CRM template' }).click();
    expect((await template).suggestedFilename()).toBe('CRM-template-DEMO-CLOSURE.xlsx');
    await crm.getByLabel('CRM file (PDF or Excel .xlsx)').setInputFiles({
      name: 'crm.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]),
    });
    await expect(page.getByText('File uploaded').first()).toBeVisible();
    await expect(crm.getByRole('button', { name: 'Download CRM file' })).toBeEnabled();

    // nothing chosen yet: §5's responsibles message
    await crm.getByRole('button', { name: 'Save and Send', exact: true }).click();
    await expect(page.getByText(/^Please select the following responsibles: /).first()).toBeVisible();
    await chooseIn(page, crm, 'Responsible to Fulfill', 'Marcos Moura');
    await chooseIn(page, crm, 'Director Responsible (Manager/Director)', 'Dora Duarte');
    await chooseIn(page, crm, 'Partner Responsible', 'Paula Pereira');
    await crm.getByRole('combobox', { name: 'Industry' }).click();
    await page.getByRole('listbox').getByRole('option').first().click();

    // one contact kept: the others excluded (they come back as buttons)
    const rows = grid.getByRole('row');
    while ((await rows.count()) > 2) {
      await rows.last().getByRole('button', { name: 'Exclude' }).click();
    }
    await expect(crm.getByRole('group', { name: 'Excluded Contacts' })).toBeVisible();

    // Helena's empty fields: §5's "<Label> is required" messages
    await crm.getByRole('button', { name: 'Save and Send', exact: true }).click();
    await expect(page.getByText('Please fill in all required fields').first()).toBeVisible();
    await expect(crm.getByText(/Helena Souza: .*Professional Email is required/)).toBeVisible();

    await grid
      .getByRole('row', { name: /Helena/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Stakeholder' });
    await edit.getByLabel('First Name').fill('  heLENA ');
    await edit.getByLabel('Professional Email').fill('  Helena.Souza@@Client.COM ');
    const phone = edit.getByLabel('Mobile');
    await phone.fill('98765');
    await phone.blur();
    await expect(edit.getByText('Invalid format')).toBeVisible();
    await phone.fill('55 (11) 98765-4321');
    await expect(edit.getByText('Invalid format')).toHaveCount(0);
    for (const label of [
      'CRM Classification',
      'Pronoun',
      'Resident Country',
      'Standard Area/Department',
      'Standard Position',
      'Responsible Office',
      'Integration Focal Point',
    ])
      await pickFirst(page, edit, label);
    for (const label of ['Language', 'Integration Other Contacts']) await pickFirst(page, edit, label, true);
    await edit.getByRole('checkbox', { name: 'LinkedIn not found' }).check();
    await expect(edit.getByRole('textbox', { name: /^LinkedIn/ })).toBeDisabled();
    await expectAccessible(page, 'edit stakeholder');
    await edit.getByRole('button', { name: 'OK', exact: true }).click();

    await crm.getByRole('button', { name: 'Save and Send', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Save and Send' });
    await expect(confirm.getByRole('list', { name: 'Recipients' })).toContainText(
      'Dora Duarte (dora.director@example.com)',
    );
    await confirm.getByRole('button', { name: 'Yes, Save and Send Email', exact: true }).click();
    await expect(page.getByText('Data saved successfully! Email sent for approval.').first()).toBeVisible();
    await expect(crm.getByRole('group', { name: 'Saved Contacts' })).toContainText('Helena Souza');

    // the approval e-mail went to the director (the outbox, read as Alice) with the normalised contact saved
    const admin = await browser.newContext();
    const alice = await admin.newPage();
    await signIn(alice, 'alice.admin');
    const token = await portalToken(alice);
    await expect
      .poll(
        async () => {
          const res = await admin.request.get('/api/mail-outbox?take=100', {
            headers: { authorization: `Bearer ${token}` },
          });
          const mails = (await res.json()) as { to: string; subject: string; body: string }[];
          return mails
            .filter((m) => /^CRM review requested: DEMO-CLOSURE/.test(m.subject))
            .map((m) => `${m.to} ${/<li>Stakeholders: (\d+)<\/li>/.exec(m.body)?.[1]}`);
        },
        { timeout: 30_000, message: 'the approval e-mail reaches the outbox' },
      )
      .toContain('dora.director@example.com 1');
    const saved = await admin.request.get(`/crm/contactPerProject/${CLOSURE}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const helena = ((await saved.json()) as Record<string, unknown>[]).find((c) => c.lastName === 'Souza');
    expect(helena).toMatchObject({
      firstName: 'Helena',
      masterEmailAddress: 'helena.souza@client.com',
      phone: '+55 11 987654321',
      linkedin: 'NoData',
      status: 'PendingDirector', // 002 §4: a director is set
    });
    await admin.close();

    // a change leaves a local draft (saved 1 s later); a reload says so
    await crm.getByRole('group', { name: 'Excluded Contacts' }).getByRole('button').first().click();
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, `portal.crmDraft.${CLOSURE}`);
    await page.reload();
    await page
      .getByRole('dialog', { name: 'Privacy warning' })
      .getByRole('button', { name: 'Close' })
      .click();
    await expect(page.getByText('Draft loaded successfully!')).toBeVisible();
    await crm.getByRole('button', { name: 'Clear Draft', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Clear Draft' })
      .getByRole('button', { name: 'Clear Draft' })
      .click();
    await expect(page.getByText('Draft cleared successfully!').first()).toBeVisible();
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

async function chooseIn(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The first choice of a Fluent Dropdown (a multi-select is a menu of menuitemcheckbox in Chromium: its first unchecked one). */
async function pickFirst(page: Page, scope: Locator, label: string, multi = false) {
  await scope.getByRole('combobox', { name: label }).click();
  if (multi) {
    await page
      .getByRole('menu', { name: label })
      .getByRole('menuitemcheckbox', { checked: false })
      .first()
      .click();
    await page.keyboard.press('Escape');
  } else await page.getByRole('listbox').getByRole('option').first().click();
}
