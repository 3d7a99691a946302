/**
 * The pictures of the tutorial video: a screenshot of the product (or of the platform's page)
 * inside a simple browser window, so the address bar the driver must copy from is in the
 * picture (headless screenshots have none), with the step's caption under it.
 */
import type { Browser, Page } from 'playwright-core';

export const FRAME = { width: 1280, height: 720 };
/** The screenshot's part of the frame: below the address bar, above the caption. */
export const SHOT = { width: 1280, height: 560 };

/** One step of the tutorial: what the driver sees and what the caption says. */
export interface TutorialStep {
  /** The screenshot (PNG, SHOT's size). */
  shot: Buffer;
  /** The address shown in the window's address bar. */
  address: string;
  /** True when the step is about the address itself (it is highlighted). */
  addressMatters: boolean;
  caption: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function frameHtml(step: TutorialStep, index: number, total: number): string {
  return `<!doctype html><html><head><style>
  * { box-sizing: border-box; }
  body { margin: 0; width: ${FRAME.width}px; height: ${FRAME.height}px; overflow: hidden; background: #002C3F; font-family: 'DejaVu Sans', sans-serif; }
  .bar { height: 56px; display: flex; align-items: center; gap: 16px; padding: 0 20px; background: #E8EAED; }
  .dots { display: flex; gap: 8px; } .dots i { width: 12px; height: 12px; border-radius: 50%; background: #BDC1C6; display: block; }
  .address { flex: 1; height: 36px; border-radius: 18px; background: #fff; color: #202124; display: flex; align-items: center; padding: 0 18px;
    font-size: 16px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .address.matters { outline: 4px solid #FF6D00; background: #FFF3E0; font-weight: 600; }
  img { display: block; width: ${SHOT.width}px; height: ${SHOT.height}px; }
  .caption { height: ${FRAME.height - 56 - SHOT.height}px; display: flex; align-items: center; gap: 20px; padding: 0 32px; color: #fff; font-size: 27px; line-height: 1.25; }
  .step { flex: none; width: 56px; height: 56px; border-radius: 50%; background: #651FFF; display: grid; place-items: center; font-weight: 700; font-size: 24px; }
  .of { color: #B0BEC5; font-size: 16px; display: block; }
</style></head><body>
  <div class="bar"><div class="dots"><i></i><i></i><i></i></div><div class="address${step.addressMatters ? ' matters' : ''}">${escapeHtml(step.address)}</div></div>
  <img src="data:image/png;base64,${step.shot.toString('base64')}" alt="">
  <div class="caption"><div class="step">${index + 1}</div><div>${escapeHtml(step.caption)}<span class="of">Step ${index + 1} of ${total}</span></div></div>
</body></html>`;
}

/** Renders each step as a PNG frame of FRAME's size. */
export async function renderFrames(browser: Browser, steps: TutorialStep[]): Promise<Buffer[]> {
  const page = await browser.newPage({ viewport: FRAME });
  const frames: Buffer[] = [];
  for (const [index, step] of steps.entries()) {
    await page.setContent(frameHtml(step, index, steps.length), { waitUntil: 'load' });
    frames.push(await page.screenshot({ type: 'png' }));
  }
  await page.close();
  return frames;
}

/**
 * A screenshot of `page` as it is now, with `target` (if any) scrolled into view and ringed, the
 * way a tutorial points at what to press.
 */
export async function shoot(page: Page, target?: string): Promise<Buffer> {
  await page.setViewportSize(SHOT);
  if (target) {
    await page
      .locator(target)
      .first()
      .evaluate((element: HTMLElement) => {
        element.scrollIntoView({ block: 'center' });
        element.dataset.tutorialRing = element.style.outline;
        element.style.outline = '4px solid #FF6D00';
        element.style.outlineOffset = '4px';
      });
  }
  await page.evaluate(() => document.fonts.ready);
  const shot = await page.screenshot({ type: 'png' });
  if (target) {
    await page
      .locator(target)
      .first()
      .evaluate((element: HTMLElement) => {
        element.style.outline = element.dataset.tutorialRing ?? '';
        element.style.outlineOffset = '';
      });
  }
  return shot;
}
