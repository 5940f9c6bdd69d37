import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { expectAccessible, portalToken, signIn } from './support';
import { hostCalls, hostSend, hostState, idpToken, openInTeams } from './teams-host';

/**
 * A project pinned to a Teams meeting, with the unmodified teams-js SDK inside the test host: the
 * configuration page in a meeting, the side panel (320 px) with the project's open session, its autosave and
 * dialogs, Share to stage, and the stage showing the session read-only as it changes.
 */

const PANEL_WIDTH = 320;
const MEETING = { meetingId: 'meeting-e2e', chatId: '19:meeting_e2e@thread.v2' };

/** DEMO-READY (During, Marcos manages it; only projects.spec moves it to Closure): its id, looked up. */
async function demoReady(page: Page): Promise<number> {
  await signIn(page, 'marcos.manager');
  const res = await page.request.get('/api/projects', {
    headers: { authorization: `Bearer ${await portalToken(page)}` },
  });
  const project = ((await res.json()) as { id: number; code: string }[]).find((p) => p.code === 'DEMO-READY');
  if (!project) throw new Error('DEMO-READY not found');
  // the meeting surfaces sign in through Teams, not with this browser session
  await page.evaluate(() => localStorage.clear());
  return project.id;
}

/** The tab's document has no horizontal scroll at the side panel's width. */
async function expectNoHorizontalScroll(page: Page) {
  const width = await page.frames()[1]!.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PANEL_WIDTH);
}

/** An open dialog of the tab fits the panel: full width at most, and nothing scrolls sideways. */
async function expectDialogFits(page: Page, tab: FrameLocator, name: string) {
  const dialog = tab.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PANEL_WIDTH);
  await expectNoHorizontalScroll(page);
  return dialog;
}

test.describe('a project in a Teams meeting', () => {
  test('configuration from a meeting: pin a project to the meeting; Save hands Teams the settings', async ({
    page,
    context,
  }) => {
    const token = await idpToken(context, 'marcos.manager');
    const tab = await openInTeams(page, {
      content: '/teams/config?inTeams=1',
      frameContext: 'settings',
      ...MEETING,
      upn: 'marcos.manager@example.com',
      token,
    });
    await expect(tab.getByRole('heading', { name: 'Pin a project to this meeting' })).toBeVisible({
      timeout: 30_000,
    });
    await tab.getByRole('combobox', { name: 'Project' }).fill('DEMO-READY');
    await tab.getByRole('option', { name: /DEMO-READY/ }).click();
    await expect(tab.getByRole('region', { name: 'Selected project' })).toContainText(
      'Select Save to pin it to this meeting.',
    );
    await expect.poll(() => hostCalls(page)).toContain('settings.setValidityState');
    await hostSend(page, 'settings.save', [{}]);
    await expect.poll(() => hostCalls(page)).toContain('settings.save.success');
    const [saved] = await hostState<{ entityId: string; contentUrl: string }>(page, 'settings');
    expect(saved!.entityId).toMatch(/^project-\d+$/);
    expect(saved!.contentUrl).toMatch(/\/project\/\d+\/home\?inTeams=1$/);
  });

  test('side panel: the open session at 320 px, autosave that survives a reload, the dialogs fit; Share to stage; the stage shows it read-only', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    const id = await demoReady(page);
    const origin = new URL(page.url()).origin;
    const token = await idpToken(context, 'marcos.manager');
    await page.setViewportSize({ width: PANEL_WIDTH, height: 900 });
    const panelConfig = {
      // Teams loads the tab's content URL in the side panel; the app shows the panel for that frame context
      content: `/project/${id}/home?inTeams=1`,
      frameContext: 'sidePanel' as const,
      entityId: `project-${id}`,
      ...MEETING,
      upn: 'marcos.manager@example.com',
      token,
    };
    let tab = await openInTeams(page, panelConfig);
    await expect(tab.getByRole('heading', { name: 'Project Session' })).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => page.frames()[1]!.url()).toMatch(new RegExp(`/project/${id}/session/panel$`));
    expect(await hostCalls(page)).toEqual(
      expect.arrayContaining(['authentication.getAuthToken', 'appInitialization.success']),
    );
    // no portal chrome in the side panel
    await expect(tab.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expect(tab.getByRole('banner')).toHaveCount(0);
    await expect(tab.getByText('DEMO-READY', { exact: false }).first()).toBeVisible();
    await expect(tab.getByRole('textbox', { name: 'Discussion Focus' })).toHaveValue(
      'Weekly client alignment',
    );
    await expect(
      tab.getByRole('radiogroup', { name: 'Adjust Scope' }).getByRole('radio', { name: 'Yes' }),
    ).toBeChecked();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, 'the meeting side panel', { frame: '#app' });

    // an edit saves itself (PATCH with If-Match) and is there after a reload
    const outcomes = tab.getByRole('textbox', { name: 'Discussion Outcomes' });
    const edit = `Pilot regions agreed ${Date.now()}`;
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && /\/api\/projects\/\d+\/sessions\/\d+$/.test(r.url()),
    );
    await outcomes.fill(edit);
    await outcomes.blur();
    const patch = await saved;
    expect(patch.status()).toBe(200);
    expect(patch.request().headers()['if-match']).toMatch(/^"\d+"$/);
    await page.reload();
    tab = page.frameLocator('#app');
    await expect(tab.getByRole('textbox', { name: 'Discussion Outcomes' })).toHaveValue(edit, {
      timeout: 30_000,
    });

    // each dialog opens full width and fits the panel
    await tab.getByRole('button', { name: 'Tech DNA' }).click();
    let dialog = await expectDialogFits(page, tab, 'Tech DNA');
    await dialog.getByRole('tab', { name: 'Risks' }).click();
    // the records stack at the panel's width
    await expect(dialog.getByRole('list', { name: 'Risks' })).toContainText('Pilot regions not confirmed');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, 'the Tech DNA dialog in the side panel', { frame: '#app' });
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();

    await tab.getByRole('button', { name: 'Stakeholder' }).click();
    dialog = await expectDialogFits(page, tab, 'Stakeholder');
    await dialog.getByRole('button', { name: 'Add stakeholder' }).click();
    const form = tab.getByRole('dialog', { name: 'Stakeholders' });
    await form.getByRole('textbox', { name: 'Stakeholder name' }).fill('Ana Lima');
    await expectNoHorizontalScroll(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(dialog.getByRole('list', { name: 'Stakeholders' })).toContainText('Ana Lima');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, 'the Stakeholder dialog in the side panel', { frame: '#app' });
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();

    await tab.getByRole('button', { name: 'Roles & Responsibilities' }).click();
    dialog = await expectDialogFits(page, tab, 'Roles & Responsibilities');
    await expect(dialog.getByText('No roles and responsibilities yet')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add role' })).toBeVisible();
    await expectAccessible(page, 'the Roles & Responsibilities dialog in the side panel', { frame: '#app' });
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();

    // Share to stage hands Teams the stage page of this project
    await tab.getByRole('button', { name: 'Share to stage' }).click();
    await expect(tab.getByText('Shared to the stage').first()).toBeVisible();
    const stageUrl = `${origin}/project/${id}/session/stage?inTeams=1`;
    expect(await hostState<string>(page, 'stage')).toEqual([stageUrl]);

    // the stage: the same session, read-only, large, following the side panel's edits
    const stagePage = await context.newPage();
    await stagePage.setViewportSize({ width: 1280, height: 800 });
    const stage = await openInTeams(stagePage, {
      ...panelConfig,
      content: stageUrl,
      frameContext: 'meetingStage',
    });
    const outcomesOnStage = stage.getByRole('region', { name: 'Discussion Outcomes' });
    await expect(outcomesOnStage).toContainText(edit, { timeout: 30_000 });
    expect(new URL(stagePage.frames()[1]!.url()).pathname).toBe(`/project/${id}/session/stage`);
    await expect(stage.getByRole('region', { name: 'Discussion Focus' })).toContainText(
      'Weekly client alignment',
    );
    await expect(stage.getByRole('region', { name: 'Adjust Scope' })).toContainText('Yes');
    await expect(stage.getByRole('textbox')).toHaveCount(0);
    await expect(stage.getByRole('radio')).toHaveCount(0);
    await expect(stage.getByRole('button')).toHaveCount(0);
    await expect(stage.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expectAccessible(stagePage, 'the meeting stage', { frame: '#app' });

    const later = `${edit}, then the budget`;
    await tab.getByRole('textbox', { name: 'Discussion Outcomes' }).fill(later);
    await tab.getByRole('textbox', { name: 'Discussion Outcomes' }).blur();
    await expect(outcomesOnStage).toContainText(later, { timeout: 20_000 });
    await stagePage.close();
  });

  test('in a browser the two screens open full width, without the portal chrome and without Share to stage', async ({
    page,
  }) => {
    const id = await demoReady(page);
    await signIn(page, 'marcos.manager');
    await page.goto(`/project/${id}/session/panel`);
    await expect(page.getByRole('textbox', { name: 'Discussion Focus' })).toHaveValue(
      'Weekly client alignment',
    );
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Share to stage' })).toHaveCount(0);
    await page.goto(`/project/${id}/session/stage`);
    await expect(page.getByRole('region', { name: 'Discussion Focus' })).toContainText(
      'Weekly client alignment',
    );
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expectAccessible(page, 'the stage in a browser');
  });
});
