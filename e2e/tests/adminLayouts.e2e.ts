/**
 * Every console screen at a phone's 360 px and a desktop's 1440 px (docs/OPERATIONS.md "A console
 * on a phone"): the page never scrolls sideways, on a phone each table row is a card that fits the
 * screen and names its values (credit, action, reason in view without scrolling sideways), on a
 * desktop the tables keep their columns, and no screen has a serious accessibility violation.
 */
import type { Browser, Page } from 'playwright-core';
import { E2E_ADMIN_EMAIL, registerDriver } from '../src/support/accounts';
import { seriousViolations } from '../src/support/axe';
import { launchBrowser, openPage, product, screenshot, visit } from '../src/support/browser';
import { ensureOperator, signInThroughPage } from '../src/support/operator';

let browser: Browser;
const driverEmail = `layouts-${Date.now()}@example.com`;
let driverPath = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const { baseUrl } = product();
  await ensureOperator(baseUrl);
  await registerDriver(baseUrl, { emailAddress: driverEmail });
  const ticket = await fetch(`${baseUrl}/api/help/sendQuestion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullName: 'Layout Tester', emailAddress: driverEmail, phoneNumber: '+15555550123', question: 'Where do I see my forfeited blocks?' }),
  });
  expect(ticket.status).toBeLessThan(300);
});
afterAll(async () => {
  await browser.close();
});

/** A console screen, and what shows once its content has loaded. */
interface ConsoleScreen {
  name: string;
  path: () => string;
  loaded: (page: Page) => Promise<void>;
  /** The tables the screen shows once loaded (their accessible names). */
  tables: string[];
}

const table = (name: string) => (page: Page) => page.getByRole('table', { name }).first().waitFor();

const SCREENS: ConsoleScreen[] = [
  { name: 'drivers', path: () => `/admin/users?q=${encodeURIComponent(driverEmail)}`, loaded: table('Drivers'), tables: ['Drivers'] },
  { name: 'driver', path: () => driverPath, loaded: table('Ledger'), tables: ['Ledger'] },
  { name: 'tickets', path: () => '/admin/tickets', loaded: table('Tickets'), tables: ['Tickets'] },
  { name: 'knowledge-base', path: () => '/admin/knowledgeBase', loaded: (page) => page.getByRole('heading', { level: 1, name: 'Knowledge base' }).waitFor(), tables: [] },
  { name: 'promotions', path: () => '/admin/promotions', loaded: (page) => page.getByRole('heading', { level: 1, name: 'Promotions' }).waitFor(), tables: [] },
  { name: 'engine-health', path: () => '/admin/engineHealth', loaded: table('Job queues'), tables: ['Job queues'] },
  { name: 'audit', path: () => '/admin/audit', loaded: table('Audit entries'), tables: ['Audit entries'] },
  { name: 'deploy-tokens', path: () => '/admin/deployTokens', loaded: (page) => page.getByRole('heading', { level: 1, name: 'Deploy tokens' }).waitFor(), tables: [] },
  { name: 'releases', path: () => '/admin/releases', loaded: (page) => page.getByRole('heading', { level: 1, name: 'Releases' }).waitFor(), tables: [] },
];

/** How each table lays out: its width against its frame's, and whether its rows are cards. */
function tableLayout(page: Page, name: string) {
  return page
    .getByRole('table', { name })
    .first()
    .evaluate((element) => {
      const frame = element.parentElement!;
      const rows = Array.from(element.querySelectorAll('tbody tr'));
      const cells = Array.from(element.querySelectorAll('tbody tr > *'));
      return {
        scrollsSideways: frame.scrollWidth > frame.clientWidth + 1,
        rows: rows.length,
        rowsAsCards: rows.every((row) => getComputedStyle(row).display === 'block'),
        widestRowRight: Math.max(...rows.map((row) => row.getBoundingClientRect().right)),
        labelledCells: cells.filter((cell) => getComputedStyle(cell, '::before').content.replace(/"/g, '') === cell.getAttribute('data-label')).length,
        cells: cells.length,
      };
    });
}

/** The innermost elements that reach past the screen's right edge, so a failure says what to fix. */
function overflowing(page: Page, width: number) {
  return page.evaluate((right) => {
    // Inside a box that fits and scrolls or clips (the console's sections, a table's hidden headings) reaching past is fine.
    const inFittingBox = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible' && parent.getBoundingClientRect().right <= right + 1) return true;
      }
      return false;
    };
    // An element reaches past the edge with its box, or with its text (an unbroken e-mail address).
    const reaches = (element: Element) =>
      element.getBoundingClientRect().right > right + 1 ||
      (getComputedStyle(element).overflowX === 'visible' && element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0);
    const wide = Array.from(document.querySelectorAll('body *')).filter((element) => reaches(element) && !inFittingBox(element));
    return wide
      .filter((element) => !wide.some((other) => other !== element && element.contains(other)))
      .map((element) => `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}: ${element.textContent?.slice(0, 40)}`);
  }, width);
}

describe.each([360, 1440])('the console at %i px', (width) => {
  it('every screen fits, names its values and passes axe', async () => {
    const { context, page, errors } = await openPage(browser, width, { injectsScripts: true });
    await signInThroughPage(page, E2E_ADMIN_EMAIL);
    await visit(page, `/admin/users?q=${encodeURIComponent(driverEmail)}`);
    const link = page.getByRole('link', { name: driverEmail });
    driverPath = (await link.getAttribute('href'))!;

    for (const screen of SCREENS) {
      await visit(page, screen.path());
      await screen.loaded(page);
      expect({ screen: screen.name, overflowing: await overflowing(page, width) }).toEqual({ screen: screen.name, overflowing: [] });
      expect({ screen: screen.name, pageWidth: await page.evaluate(() => document.scrollingElement!.scrollWidth) }).toEqual({ screen: screen.name, pageWidth: width });
      for (const name of screen.tables) {
        const layout = await tableLayout(page, name);
        expect(layout.rows).toBeGreaterThan(0);
        expect({ screen: screen.name, table: name, scrollsSideways: layout.scrollsSideways }).toEqual({ screen: screen.name, table: name, scrollsSideways: false });
        if (width < 600) {
          expect(layout.rowsAsCards).toBe(true);
          expect(layout.widestRowRight).toBeLessThanOrEqual(width);
          expect(layout.labelledCells).toBe(layout.cells);
        } else {
          expect(layout.rowsAsCards).toBe(false);
          expect(layout.labelledCells).toBe(0);
        }
      }
      await screenshot(page, `admin-${screen.name}-${width}`);
      expect({ screen: screen.name, violations: await seriousViolations(page) }).toEqual({ screen: screen.name, violations: [] });
    }

    // On a phone the driver's credit is read off its card, beside its label.
    await visit(page, `/admin/users?q=${encodeURIComponent(driverEmail)}`);
    const credit = page.getByRole('table', { name: 'Drivers' }).getByRole('cell', { name: '$10.00' });
    const box = (await credit.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
