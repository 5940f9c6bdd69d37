import { test, expect, type Browser, type Locator, type Page } from '@playwright/test';
import { expectAccessible, portalToken, signIn } from './support';

// DEMO-DURING (status 3) and DEMO-CLOSURE (status 4); Marcos manages both
const DURING = 3;
const CLOSURE = 5;

test.describe.configure({ mode: 'serial' });

/** The signing links mailed to `emails` (read from the outbox as Alice, the administrator), newest first. */
async function linksFor(browser: Browser, emails: string[], subject: RegExp) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'alice.admin');
  const token = await portalToken(page);
  const found = new Map<string, string>();
  await expect
    .poll(
      async () => {
        const res = await context.request.get('/api/mail-outbox?take=100', {
          headers: { authorization: `Bearer ${token}` },
        });
        const mails = (await res.json()) as { to: string; subject: string; body: string }[];
        for (const m of mails) {
          const link = /(\/sign\/[A-Za-z0-9_-]+)/.exec(m.body)?.[1];
          if (link && emails.includes(m.to) && subject.test(m.subject) && !found.has(m.to))
            found.set(m.to, link);
        }
        return found.size;
      },
      { timeout: 30_000, message: 'the signing e-mails reach the outbox' },
    )
    .toBe(emails.length);
  await context.close();
  return emails.map((e) => found.get(e)!);
}

/** A recipient opens their link in a fresh browser (no portal session), on a phone-sized screen, and signs. */
async function signAs(browser: Browser, link: string, name: string, check = false) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByText(`${name}`).first()).toBeVisible();
  if (check) await expectAccessible(page, 'signing page (phone)');
  await page.getByLabel('Type your full name').fill(name);
  await page.getByRole('checkbox', { name: /I agree to sign this document electronically/ }).check();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByText(/Thank you, your signature was recorded on/)).toBeVisible();
  if (check) await expectAccessible(page, 'signing page, signed');
  await context.close();
}

/** Previous, step by step (recipients → details → the choice), as 002 §2.4 describes. */
async function toChoice(dialog: Locator) {
  for (
    let i = 0;
    i < 3 && !(await dialog.getByRole('button', { name: 'Upload and eSign', exact: true }).isVisible());
    i++
  )
    await dialog.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(
    dialog.getByRole('button', { name: 'Upload your signed document', exact: true }),
  ).toBeVisible();
}

async function addRecipient(page: Page, name: string, email: string) {
  const form = page.getByRole('form', { name: 'Add recipient' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Recipients' }).getByText(email)).toBeVisible();
}

test.describe('Signatures', () => {
  test('weekly status: the template path from sections to a signed PDF', async ({ page, browser }) => {
    test.setTimeout(180_000);
    await signIn(page, 'marcos.manager');
    await page.goto(`/project/${DURING}/during/weekly-status`);
    const grid = page.getByRole('grid', { name: 'Weekly Status' });
    await expect(grid.getByRole('row')).not.toHaveCount(1);
    await expectAccessible(page, 'weekly status list');
    const before = await grid.getByRole('row').count();

    await page.getByRole('button', { name: 'Add weekly status', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Weekly Status' });
    // offered because the project has weekly statuses: this one starts from blank sections
    const startFrom = dialog.getByRole('checkbox', { name: 'Start from the previous weekly status' });
    await expect(startFrom).toBeChecked();
    await startFrom.uncheck();
    await dialog.getByRole('button', { name: 'Upload and eSign using a template', exact: true }).click();
    // step 2: the five tabs; a General Status block and a Next Steps block
    const tabs = dialog.getByRole('tablist', { name: 'Weekly Status Details' });
    await expect(tabs.getByRole('tab')).toHaveCount(5);
    for (const name of [
      'General Status',
      'Weekly Status Update of Previous Activities',
      'Definitions',
      'Points of Attention',
      'Next Steps',
    ])
      await expect(tabs.getByRole('tab', { name, exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const block = dialog.getByRole('group', { name: 'General Status 1' });
    await block.getByLabel('Name').fill('Diagnóstico concluído');
    await block.getByLabel('Description').fill('Interviews in São Paulo are done.');
    await block.getByLabel('Description').blur();
    await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
    await tabs.getByRole('tab', { name: 'Next Steps' }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const next = dialog.getByRole('group', { name: 'Next Steps 1' });
    await next.getByLabel('Name').fill('Workshop with the board');
    await next.getByLabel('Comment').fill('Friday 10:00');
    await next.getByLabel('Comment').blur();
    await expectAccessible(page, 'weekly status details');

    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await addRecipient(page, 'Ana Cliente', 'ana@client.example');
    await addRecipient(page, 'João Souza', 'joao@client.example');
    await expectAccessible(page, 'weekly status recipients');

    // the unsigned PDF, generated from the sections
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download not signed file', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^weekly-status-DEMO-DURING.*\.pdf$/);
    await expect(page.getByText('Your file is ready').first()).toBeVisible();

    await dialog.getByRole('button', { name: 'Send to sign', exact: true }).click();
    const confirm = dialog.getByRole('alertdialog', { name: 'Confirm Send to sign' });
    await expect(confirm).toContainText(
      'If you confirm this action, an e-mail message will be send to all recipients and you cannot update the data anymore.',
    );
    await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByText('Submitted', { exact: true }).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(grid.getByRole('row')).toHaveCount(before + 1);
    await expect(grid.getByRole('row').nth(1)).toContainText('Sent to sign');

    const [ana, joao] = await linksFor(
      browser,
      ['ana@client.example', 'joao@client.example'],
      /^Please sign: /,
    );
    await signAs(browser, ana!, 'Ana Cliente', true);
    await signAs(browser, joao!, 'João Souza');

    await expect
      .poll(
        async () => {
          await page.reload();
          return grid.getByRole('row').nth(1).innerText();
        },
        { timeout: 30_000 },
      )
      .toContain('Completed');
    const signed = page.waitForEvent('download');
    await grid.getByRole('row').nth(1).getByRole('button', { name: 'Download', exact: true }).click();
    expect((await signed).suggestedFilename()).toMatch(/-signed\.pdf$/);
  });

  test('closure with client: a legal document signed through the portal, then replaced by one already signed', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, 'marcos.manager');
    await page.goto(`/project/${CLOSURE}/closure/client`);
    await expect(page.getByRole('heading', { name: 'Closure With Client' })).toBeVisible();
    await page.getByRole('tab', { name: 'Legal Closure Documents' }).click();
    await expectAccessible(page, 'closure with client');

    await page.getByRole('button', { name: 'Upload Legal Document', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Legal Document' });
    // the seeded record is on the eSign path (type 2): the wizard opens on its recipients step
    await expect(dialog.getByText('Step 3 of 4: Add recipients')).toBeVisible();
    await toChoice(dialog);
    await dialog.getByRole('button', { name: 'Upload and eSign', exact: true }).click();
    await expect(dialog.getByText('Step 3 of 4: Add recipients')).toBeVisible();
    await addRecipient(page, 'Lia Jurídico', 'lia@client.example');
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'termo-de-encerramento.pdf',
      mimeType: 'application/pdf',
      buffer: minimalPdf('Termo de encerramento'),
    });
    await dialog.getByRole('button', { name: 'Send to sign', exact: true }).click();
    await dialog
      .getByRole('alertdialog', { name: 'Confirm Send to sign' })
      .getByRole('button', { name: 'Confirm', exact: true })
      .click();
    await expect(page.getByText('Submitted', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Sent to sign').first()).toBeVisible();

    // Helena Souza (seeded) and Lia get their links
    const [helena, lia] = await linksFor(
      browser,
      ['helena.souza@client.example.com', 'lia@client.example'],
      /^Please sign: Legal closure document/,
    );
    await signAs(browser, helena!, 'Helena Souza');
    await signAs(browser, lia!, 'Lia Jurídico');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('tab', { name: 'Legal Closure Documents' }).click();
          return page.getByText('Completed').count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    const signedDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).first().click();
    expect((await signedDownload).suggestedFilename()).toBe('termo-de-encerramento-signed.pdf');

    // remove it, and upload a document the client already signed
    await page.getByRole('button', { name: 'Remove Document', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Remove Document' })
      .getByRole('button', { name: 'Remove', exact: true })
      .click();
    await expect(page.getByText('File deleted successfully.').first()).toBeVisible();
    await page.getByRole('button', { name: 'Upload Legal Document', exact: true }).click();
    await toChoice(dialog);
    await dialog.getByRole('button', { name: 'Upload your signed document', exact: true }).click();
    await expect(dialog.getByText('Step 4 of 4')).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'encerramento-assinado.pdf',
      mimeType: 'application/pdf',
      buffer: minimalPdf('Assinado'),
    });
    await dialog.getByRole('button', { name: 'Upload signed file', exact: true }).click();
    await expect(page.getByText('Submitted', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Completed').first()).toBeVisible();
    const uploaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).first().click();
    expect((await uploaded).suggestedFilename()).toBe('encerramento-assinado.pdf');
    await expectAccessible(page, 'closure with client, completed');
  });
});

/** A small valid one-page PDF (the server checks the bytes, not the name). */
function minimalPdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 72 760 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 72 760 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
