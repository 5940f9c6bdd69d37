/**
 * A firm's first day, on a server started as a firm's deployment starts (playwright.config.ts, FIRST_DAY_URL): an
 * empty database, no demo data, only the first administrator (PORTAL_ADMIN_EMAIL). The administrator follows the
 * guide: master data from the import templates, a provisioning token, people and a scope group pushed over SCIM as
 * Entra ID would, a portfolio of projects with teams imported; then provisioned people work in it, and a person
 * disabled over SCIM is refused.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_DAY_URL } from '../../playwright.config';
import { expectAccessible, portalToken, signIn } from './support';

test.use({ baseURL: FIRST_DAY_URL });
test.describe.configure({ mode: 'serial' });

const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const SCIM_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** What one test leaves for the next (the steps run in order, as the day does). */
const day: { adminToken: string; scimToken: string; scimIds: Record<string, string>; projectId: number } = {
  adminToken: '',
  scimToken: '',
  scimIds: {},
  projectId: 0,
};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-first-day-'));

async function csvImport(request: APIRequestContext, kind: string, csv: string) {
  const res = await request.post(`/api/imports/${kind}?dryRun=false`, {
    headers: { authorization: `Bearer ${day.adminToken}` },
    multipart: { file: { name: `${kind}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') } },
  });
  expect(res.status(), `${kind}: ${await res.text()}`).toBe(200);
  return res.json();
}

function scim(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${day.scimToken}`, 'content-type': 'application/scim+json' };
  return {
    get: (p: string) => request.get(`/scim/v2${p}`, { headers }),
    post: (p: string, data: unknown) => request.post(`/scim/v2${p}`, { headers, data }),
    patch: (p: string, data: unknown) => request.patch(`/scim/v2${p}`, { headers, data }),
  };
}

/** Replaces a downloaded template's example row with `rows` and saves it as an .xlsx to upload. */
async function fillTemplate(file: string, rows: string[][]) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0]!;
  sheet.spliceRows(2, sheet.rowCount - 1);
  for (const r of rows) sheet.addRow(r);
  const out = path.join(tmp, `filled-${path.basename(file)}`);
  await book.xlsx.writeFile(out);
  return out;
}

async function chooseKind(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'What to import' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test('the first administrator signs in to an empty portal and is guided', async ({ page }) => {
  await signIn(page, 'first.admin');
  const guide = page.getByRole('region', { name: 'Set up your portal' });
  await expect(guide).toBeVisible();
  await expect(guide).toContainText('1 active professional, 0 provisioned from Microsoft Entra ID');
  await expect(guide).toContainText('0 of 20 lists hold items');
  await expect(guide).toContainText('0 projects.');
  await expect(page.getByRole('grid')).toHaveCount(0);
  await expectAccessible(page, 'the first-day guide');
  day.adminToken = await portalToken(page);
});

test('imports master data from the templates', async ({ page, request }) => {
  await signIn(page, 'first.admin');
  await page.getByRole('link', { name: 'Import master data' }).click();
  await chooseKind(page, 'Practices');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template' }).click();
  const template = path.join(tmp, 'practices-template.xlsx');
  await (await downloading).saveAs(template);
  const filled = await fillTemplate(template, [['Strategy'], ['Operations']]);
  await page.getByLabel('File to import').setInputFiles(filled);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByLabel('Create: 2')).toBeVisible();
  await expectAccessible(page, 'an import preview');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(/2 created, 0 updated, 0 unchanged/)).toBeVisible();

  // the other lists a first project needs, as CSV (`;`, with a BOM, as Excel saves it)
  await csvImport(request, 'offices', '\ufeffName;Time zone\nSão Paulo;America/Sao_Paulo\n');
  await csvImport(request, 'segments', 'Name\nEnergy\n');
  await csvImport(request, 'clients', 'Name,Economic group,Segments\nBlue Horizon,Horizon Group,Energy\n');
  await csvImport(request, 'methodologies', 'Name,Practice\nLean,strategy\n');
  const toolkits = await csvImport(request, 'toolkits', 'Name,Methodology\nValue Stream Map,LEAN\n');
  expect(toolkits.created).toBe(1);

  await page.goto('/');
  const guide = page.getByRole('region', { name: 'Set up your portal' });
  await expect(guide).toContainText('6 of 20 lists hold items.');
  await expect(guide.getByRole('listitem').nth(1)).toContainText('Done');
});

test('creates a provisioning token on the People screen', async ({ page }) => {
  await signIn(page, 'first.admin');
  await page.getByRole('link', { name: 'Connect Entra ID provisioning' }).click();
  await expect(page.getByRole('textbox', { name: 'Tenant URL' })).toHaveValue(`${FIRST_DAY_URL}/scim/v2`);
  await page.getByRole('button', { name: 'Create token' }).click();
  const create = page.getByRole('dialog', { name: 'Create token' });
  await create.getByRole('textbox', { name: /Name/ }).fill('Entra ID');
  await create.getByRole('button', { name: 'Create' }).click();
  const shown = page.getByRole('dialog', { name: 'Token Entra ID' });
  await expect(shown).toContainText('it will not be shown again');
  day.scimToken = await shown.getByRole('textbox', { name: 'Token' }).inputValue();
  expect(day.scimToken).toMatch(/^pps_/);
  await expectAccessible(page, 'a new provisioning token');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('grid', { name: 'Tokens' })).toContainText('Entra ID');
});

test('Entra ID provisions people and a scope group over SCIM', async ({ page, request }) => {
  const client = scim(request);
  // Entra's "Test Connection": a user that does not exist
  const probe = await client.get(
    `/Users?filter=${encodeURIComponent(`userName eq "${crypto.randomUUID()}"`)}`,
  );
  expect(probe.status()).toBe(200);
  expect((await probe.json()).totalResults).toBe(0);

  const people = [
    ['mary.manager', 'Mary Manager', 'Manager'],
    ['pat.partner', 'Pat Partner', 'Partner'],
    ['cody.consultant', 'Cody Consultant', 'Consultant'],
    ['kate.knowledge', 'Kate Knowledge', 'Analyst'],
    ['lee.leaver', 'Lee Leaver', 'Consultant'],
  ];
  for (const [login, name, title] of people) {
    const userName = `${login}@example.com`;
    const found = await client.get(`/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
    expect((await found.json()).totalResults).toBe(0);
    const res = await client.post('/Users', {
      schemas: [SCIM_USER],
      userName,
      externalId: login,
      displayName: name,
      title,
      active: true,
      emails: [{ value: userName, type: 'work', primary: true }],
    });
    expect(res.status(), await res.text()).toBe(201);
    day.scimIds[login!] = (await res.json()).id;
  }
  const group = await client.post('/Groups', {
    schemas: [SCIM_GROUP],
    displayName: 'API.Portal.KNW',
    externalId: 'knowledge-team',
    members: [],
  });
  expect(group.status(), await group.text()).toBe(201);
  const added = await client.patch(`/Groups/${(await group.json()).id}`, {
    schemas: [PATCH_OP],
    Operations: [{ op: 'Add', path: 'members', value: [{ value: day.scimIds['kate.knowledge'] }] }],
  });
  expect(added.status()).toBeLessThan(300);

  await signIn(page, 'first.admin');
  await page.goto('/admin/people');
  const grid = page.getByRole('grid', { name: /People/ });
  await expect(grid).toContainText('Mary Manager');
  const kate = grid.getByRole('row').filter({ hasText: 'Kate Knowledge' });
  await expect(kate).toContainText('SCIM');
  await expect(kate).toContainText('KNW');
  await expectAccessible(page, 'the People screen');
  await page.getByRole('tab', { name: 'Provisioning' }).click();
  await expect(page.getByRole('group', { name: 'Group API.Portal.KNW' })).toContainText('1 member');
  await expect(page.getByRole('grid', { name: 'Last requests' })).toContainText('/scim/v2/Groups');
});

test('imports the portfolio of projects with their teams', async ({ page }) => {
  await signIn(page, 'first.admin');
  await page.goto('/admin/import?kind=projects');
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Projects').addRows([
    [
      'Code',
      'Name',
      'Client',
      'Practices',
      'Offices',
      'Geographic scope',
      'Methodology',
      'Status',
      'Start date',
      'End date',
      'Manager',
      'Partner',
    ],
    [
      'FIRM-001',
      'Grid modernisation',
      'blue horizon',
      'Strategy',
      'Sao Paulo',
      '',
      'Lean',
      'During',
      '2026-10-05',
      '2027-03-31',
      'mary.manager@example.com',
      'pat.partner@example.com',
    ],
    ['FIRM-002', 'Cost review', 'Blue Horizon', 'Operations', 'São Paulo', '', '', 'Draft', '', '', '', ''],
  ]);
  book.addWorksheet('Team').addRows([
    ['Project code', 'E-mail', 'Role', 'One-page access'],
    ['FIRM-001', 'cody.consultant@example.com', 'Member', 'No'],
  ]);
  const file = path.join(tmp, 'portfolio.xlsx');
  await book.xlsx.writeFile(file);
  await page.getByLabel('File to import').setInputFiles(file);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByLabel('Create: ', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Problems' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(/created, 0 updated/)).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('grid', { name: 'Projects' })).toContainText('FIRM-001');
});

test('a provisioned consultant signs in and opens their imported project with its team', async ({ page }) => {
  await signIn(page, 'cody.consultant');
  await page.getByRole('grid', { name: 'Projects' }).getByText('FIRM-001').click();
  await page.waitForURL(/\/project\/\d+\/home/);
  day.projectId = Number(/\/project\/(\d+)\//.exec(page.url())![1]);
  const team = page.getByRole('region', { name: 'Team' });
  for (const name of ['Mary Manager', 'Pat Partner', 'Cody Consultant'])
    await expect(team.getByRole('link', { name: `Chat with ${name}` })).toBeVisible();
  await expectAccessible(page, 'an imported project, as a provisioned consultant');
});

test('a provisioned partner approves the toolkit their manager requested', async ({ page, request }) => {
  await signIn(page, 'mary.manager');
  const manager = { authorization: `Bearer ${await portalToken(page)}` };
  const toolkits = await request.get(`${FIRST_DAY_URL}/master/toolkits`, { headers: manager });
  const idToolkit = (await toolkits.json()).find((t: { Name: string }) => t.Name === 'Value Stream Map').ID;
  const added = await request.post(`/api/project/${day.projectId}/toolkits`, {
    headers: manager,
    data: { idToolkit },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const row = await added.json();
  const requested = await request.put(`/api/project/${day.projectId}/toolkits/${row.id}/change/1`, {
    headers: manager,
  });
  expect(requested.status(), await requested.text()).toBe(200);

  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'pat.partner');
  await page.goto(`/project/${day.projectId}/setup/toolkit`);
  await page
    .getByRole('button', { name: /^Change status of/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Change Toolkit Status' });
  await dialog.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Approved', exact: true }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // an approved toolkit offers no further change to its partner
  await expect(page.getByRole('button', { name: /^Change status of/ })).toHaveCount(0);
  const stored = await request.get(`/api/project/${day.projectId}/toolkits/${row.id}`, { headers: manager });
  expect((await stored.json()).idStatus).toBe(2);
});

test('a person disabled over SCIM is refused, at sign-in and in the session they had', async ({
  page,
  request,
}) => {
  await signIn(page, 'lee.leaver');
  const session = { authorization: `Bearer ${await portalToken(page)}` };
  expect((await request.get('/api/projects', { headers: session })).status()).toBe(200);

  const off = await scim(request).patch(`/Users/${day.scimIds['lee.leaver']}`, {
    schemas: [PATCH_OP],
    Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
  });
  expect(off.status(), await off.text()).toBe(200);
  expect((await off.json()).active).toBe(false);

  // one replica here: provisioning forgets the directory cache at once (other replicas within 30 s)
  const after = await request.get('/api/projects', { headers: session });
  expect(after.status()).toBe(401);
  expect((await after.json()).message).toBe('Sign in required: your access to the portal has ended');

  await page.evaluate(() => localStorage.clear());
  await page.goto('/auth/signin?login_hint=lee.leaver');
  // spec 000 §2.2: the exchange fails, "Error on sign in", the page stays on its spinner
  await expect(page.getByText('Error on sign in').first()).toBeVisible();
  await expect(page.getByText('Signing in...')).toBeVisible();
  expect(await portalToken(page)).toBe('');
});
