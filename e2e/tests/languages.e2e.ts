/**
 * The app in Spanish (docs/FRONTEND.md, "Languages"): a visitor whose browser prefers Spanish
 * gets the landing page in Spanish from the first paint (the prerendered Spanish copy, before any
 * script) and once the app is up, switches to English in the navigation and back at once, signs
 * up in Spanish and the account keeps it: after a reload, and on another browser that prefers
 * English, the app opens in Spanish once signed in. Axe-clean at a phone's width and a desktop's.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../src/support/axe';
import { launchBrowser, openPage, product, screenshot } from '../src/support/browser';
import { recordSecretsOf, rememberSecret } from '../src/support/secrets';

const SPANISH_BROWSER = 'es-MX';
const HERO = { en: 'Never miss a block again', es: 'No vuelvas a perder un bloque' };
const PASSWORD = 'languages: una contraseña larga 4Rt';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const hero = (page: Page, language: keyof typeof HERO) => page.getByRole('heading', { level: 1, name: HERO[language] });
/** The language switch of the navigation bar. */
const languageSwitch = (page: Page) => page.locator('header').getByRole('combobox');
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const booted = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.boot === 'done');
/** The signed-in links of the bar, as a wide screen shows them. */
const barLinks = (page: Page) => page.locator('header nav').getByRole('link').allTextContents();

/** A Spanish visitor's context at this width, with axe allowed past the Content Security Policy. */
const spanishVisitor = (width: number) => openPage(browser, width, { injectsScripts: true, locale: SPANISH_BROWSER });

describe.each([360, 1440])('at %i px wide', (width) => {
  it('a visitor whose browser prefers Spanish sees the landing page in Spanish before any script, and once the app is up', async () => {
    const { context, page, errors } = await spanishVisitor(width);
    await page.goto('/');
    // The page script put the Spanish copy in place: no script file has been asked for yet.
    await expect(hero(page, 'es').isVisible()).resolves.toBe(true);
    await expect(hero(page, 'en').count()).resolves.toBe(0);
    await expect(htmlLang(page)).resolves.toBe('es');
    await expect(page.title()).resolves.toBe('BlockPilot: búsqueda automática de bloques para repartidores');
    await expect(page.getByRole('link', { name: 'Pruébalo gratis' }).getAttribute('href')).resolves.toBe('/register');
    await expect(languageSwitch(page).inputValue()).resolves.toBe('es');

    await page.mouse.move(1, 1);
    await page.locator('[data-remote-root="mf_landing"]').waitFor();
    await booted(page);
    await expect(hero(page, 'es').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('region', { name: 'Preguntas y respuestas' }).isVisible()).resolves.toBe(true);
    await expect(htmlLang(page)).resolves.toBe('es');
    // On a phone the switch stays in the bar, beside the menu button, inside the screen.
    const box = (await languageSwitch(page).boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= width && box.height >= 44).toBe(true);
    await screenshot(page, `languages-landing-es-${width}`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches to English from the navigation at once, and back to Spanish', async () => {
    const { context, page, errors } = await spanishVisitor(width);
    await page.goto('/');
    await page.mouse.move(1, 1);
    await page.locator('[data-remote-root="mf_landing"]').waitFor();
    await booted(page);

    await languageSwitch(page).selectOption('en');
    // English is bundled with each package: nothing to fetch, the page changes at once.
    await hero(page, 'en').waitFor({ timeout: 2_000 });
    await expect(htmlLang(page)).resolves.toBe('en');
    await expect(page.getByRole('combobox', { name: 'Language' }).inputValue()).resolves.toBe('en');
    await expect(page.getByRole('button', { name: 'Menu' }).count()).resolves.toBe(width < 1200 ? 1 : 0);
    if (width >= 1200) await expect(page.locator('header nav').getByRole('link', { name: 'Register' }).isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => localStorage.getItem('language'))).resolves.toBe('"en"');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await hero(page, 'es').waitFor({ timeout: 2_000 });
    await expect(htmlLang(page)).resolves.toBe('es');
    await expect(page.getByRole('combobox', { name: 'Idioma' }).inputValue()).resolves.toBe('es');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a driver who signs up in Spanish', () => {
  const email = `languages-${randomUUID()}@example.com`;

  it('signs up on a phone in Spanish, and the account is saved with language "es"', async () => {
    const { baseUrl, secretsFile } = product();
    const { context, page, errors } = await spanishVisitor(360);
    recordSecretsOf(context, secretsFile, baseUrl);
    rememberSecret(secretsFile, `password of ${email}`, PASSWORD);
    await page.goto('/');
    await page.getByRole('link', { name: 'Pruébalo gratis' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Crea tu cuenta' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('País').selectOption({ label: 'Estados Unidos' });
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Número de teléfono').fill('+15555550177');
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirma la contraseña').fill(PASSWORD);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/auth/register')),
      page.getByRole('button', { name: 'Crear cuenta' }).click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({ emailAddress: email, language: 'es' });
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // The account, as the page's own session reads it.
    const account = await page.evaluate(async () => {
      const response = await fetch('/api/user', { headers: { Authorization: `Bearer ${localStorage.getItem('acccessToken')}` } });
      return ((await response.json()) as { data: { language: string } }).data;
    });
    expect(account.language).toBe('es');

    // The shell's frame speaks Spanish around the dashboard.
    await page.locator('header').getByRole('button', { name: 'Menú' }).waitFor();
    await expect(languageSwitch(page).inputValue()).resolves.toBe('es');
    await expect(htmlLang(page)).resolves.toBe('es');
    await screenshot(page, 'languages-signed-up-es-360');
    expect(await seriousViolations(page)).toEqual([]);

    // A reload opens in Spanish.
    await page.reload();
    await page.locator('[data-remote-root="mf_dashboard"]').waitFor();
    await page.locator('header').getByRole('button', { name: 'Menú' }).waitFor();
    await expect(languageSwitch(page).inputValue()).resolves.toBe('es');
    expect(errors).toEqual([]);

    // Before any script has come (a first visit in this browser's storage, without the service
    // worker's cache), the signed-in frame is painted in Spanish already.
    const cold = await browser.newContext({ storageState: await context.storageState(), viewport: { width: 360, height: 780 }, baseURL: baseUrl, locale: 'en-US' });
    const coldPage = await cold.newPage();
    await coldPage.route(/\.js(\?.*)?$/, (route) => route.abort());
    await coldPage.goto('/dashboard');
    await coldPage.getByRole('status').getByText('Cargando…').waitFor();
    await coldPage.getByRole('button', { name: 'Menú' }).waitFor();
    await expect(htmlLang(coldPage)).resolves.toBe('es');
    await cold.close();
    await context.close();
  });

  it('opens in Spanish on another browser, that prefers English, once signed in', async () => {
    const { baseUrl, secretsFile } = product();
    const { context, page, errors } = await openPage(browser, 1440, { injectsScripts: true, locale: 'en-US' });
    recordSecretsOf(context, secretsFile, baseUrl);
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await expect(htmlLang(page)).resolves.toBe('en');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // The account's language wins on every device it signs in on.
    await page.locator('header nav').getByRole('link', { name: 'Panel' }).waitFor();
    expect(await barLinks(page)).toEqual(['BlockPilot', 'Panel', 'Ayuda', 'Cuenta', 'Centro de ayuda', 'Cerrar sesión']);
    await expect(htmlLang(page)).resolves.toBe('es');
    await expect(page.evaluate(() => localStorage.getItem('language'))).resolves.toBe('"es"');
    // The dashboard speaks Spanish too: a driver not connected yet gets its Connect Account dialog.
    await page.getByRole('dialog', { name: 'Conectar cuenta' }).waitFor();
    await screenshot(page, 'languages-signed-in-es-1440');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
