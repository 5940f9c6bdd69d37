import { expect, test } from '@playwright/test';
import { signIn } from './support';
import { PHONE_ROUTES } from './routes';

/**
 * Teams mobile: on a 390-px phone every page of the navigation tree fits the width — no page
 * wider than the screen, so nothing zooms out or scrolls sideways (tabs that do not fit scroll within their list).
 */
test('every route fits a 390-px phone: no horizontal overflow', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'alice.admin');
  const wide: string[] = [];
  for (const url of Object.values(PHONE_ROUTES)) {
    if (!url) continue;
    await page.goto(url);
    // the screen has rendered (its main region, title or a message) and no loading spinner is left
    await expect(page.locator('main, h1, [role="alert"], [role="status"]').first()).toBeVisible({
      timeout: 20_000,
    });
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await expect(page.locator('.fui-Spinner')).toHaveCount(0, { timeout: 20_000 });
    const { page: pageWidth, widest } = await page.evaluate(() => {
      const viewport = document.documentElement.clientWidth;
      // the element sticking out furthest to the right (what makes the page scroll sideways)
      let widest = '';
      let right = viewport;
      for (const el of document.querySelectorAll('body *')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.right <= right + 1) continue;
        // content inside a box that scrolls itself does not widen the page
        let scroller = el.parentElement;
        let contained = false;
        while (scroller && scroller !== document.body) {
          const o = getComputedStyle(scroller).overflowX;
          if (o === 'auto' || o === 'scroll' || o === 'hidden') {
            contained = true;
            break;
          }
          scroller = scroller.parentElement;
        }
        if (contained) continue;
        right = r.right;
        widest = `${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ')[0] : ''} (${Math.round(r.right)} px)`;
      }
      return { page: document.documentElement.scrollWidth, widest };
    });
    if (pageWidth > 390) wide.push(`${url}: ${pageWidth} px wide — ${widest}`);
  }
  expect(wide).toEqual([]);
});
