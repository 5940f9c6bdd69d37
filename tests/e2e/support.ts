import { expect, type Page, type BrowserContext } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Signs in through the development identity provider's login_hint (the contract scripts rely on). */
export async function signIn(page: Page, login: string) {
  await page.goto(`/auth/signin?login_hint=${login}`);
  await page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
}

/** axe on the current page: no serious or critical violations (Fluent's focus helpers excluded). */
export async function expectAccessible(page: Page, label: string, opts: { frame?: string } = {}) {
  // entrance animations (a toast fading in) end first: axe measures contrast at the colours they end on
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    null,
    { timeout: 5_000 },
  );
  // a dialog that has just closed hands the page back a moment later (its aria-hidden on the app root goes
  // with it): wait for that unless a dialog is really open
  await page.waitForFunction(
    () =>
      !document.getElementById('root')?.getAttribute('aria-hidden') ||
      [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].some((d) =>
        d.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
      ),
    null,
    { timeout: 5_000 },
  );
  // a toast or dialog still fading in has a transparent colour: axe would measure its contrast mid-animation
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  // Fluent's toasts enter and leave with opacity animations that getAnimations() does not always list; axe then
  // measures a half-transparent title (a transient state, not the toast's colours)
  let axe = new AxeBuilder({ page }).exclude('[data-tabster-dummy]').exclude('.fui-Toast');
  // inside a framed tab (the Teams test host) Fluent's focus helpers and toasts are excluded in that frame too
  if (opts.frame)
    axe = axe
      .exclude({ fromFrames: [opts.frame, '[data-tabster-dummy]'] })
      .exclude({ fromFrames: [opts.frame, '.fui-Toast'] });
  const results = await axe.analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    ),
    `accessibility violations on ${label}`,
  ).toEqual([]);
}

export async function portalToken(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('portal.accessToken') ?? '');
}

export async function apiStatus(context: BrowserContext, token: string, path: string): Promise<number> {
  const res = await context.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  return res.status();
}
