/**
 * What a screen loads only as it nears the viewport: the dashboard's work limits form, under the
 * filters (docs/FRONTEND.md "Route chunks"). A check of the whole screen brings it in first.
 */
import type { Page } from 'playwright-core';

/** Scrolls each such part of the screen into view, waits for it, then goes back to the top. */
export async function bringInLazyParts(page: Page): Promise<void> {
  const limits = page.locator('[data-panel="work-limits"]');
  if (!(await limits.isVisible())) return;
  await limits.scrollIntoViewIfNeeded();
  await limits.locator('form').waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
}
