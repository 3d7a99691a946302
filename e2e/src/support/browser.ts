/**
 * Debian's Chromium driven by playwright-core, with the flags this sandbox needs (no sandbox as
 * root, no background network). One browser per test file; a fresh context per test.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { STATE_FILE } from './paths';
import { recordSecretsOf } from './secrets';
import type { RunningProduct } from '../types';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function product(): RunningProduct & { hostPids: number[]; extraPids?: number[] } {
  return JSON.parse(readFileSync(STATE_FILE, 'utf8'));
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // playwright gives every launch a fresh, empty profile of its own.
    args: CHROMIUM_FLAGS,
    headless: true,
  });
}

/**
 * A context at phone or desktop width that records page errors so tests can assert none happened.
 * `locale`: the browser's language (navigator.languages and Accept-Language), English by default.
 */
export async function openPage(
  browser: Browser,
  width = 1440,
  { injectsScripts = false, baseUrl = product().baseUrl, locale }: { injectsScripts?: boolean; baseUrl?: string; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 780 : 900 },
    // The shared product unless a suite runs a server of its own.
    baseURL: baseUrl,
    // A test that injects a checker (axe-core) needs it past the product's Content Security Policy.
    bypassCSP: injectsScripts,
    ...(locale ? { locale } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * A signed-in driver's page at this width, in UTC (the tests' blocks are placed in UTC): the token
 * is put where the product keeps it before any page loads, and every API call is checked for the
 * run's secrets. `injectsScripts` lets a checker (axe-core) past the Content Security Policy.
 */
export async function openDriverPage(
  browser: Browser,
  width: number,
  token: string,
  { injectsScripts = false }: { injectsScripts?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { baseUrl, secretsFile } = product();
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 780 : 900 }, baseURL: baseUrl, timezoneId: 'UTC', bypassCSP: injectsScripts });
  recordSecretsOf(context, secretsFile, baseUrl);
  await context.addInitScript((value) => {
    if (!localStorage.getItem('acccessToken')) localStorage.setItem('acccessToken', value);
  }, token);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * Opens a path as a person does: the page loads, then the pointer moves over it. The landing page
 * loads its app on that first sign of intent only (shared/src/pageScript.ts).
 */
export async function visit(page: Page, path: string, options: Parameters<Page['goto']>[1] = {}): Promise<void> {
  await page.goto(path, options);
  await page.mouse.move(1, 1);
}

/** Saves a screenshot into the artifacts folder. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(product().artifactsDir, `${name}.png`), fullPage: true });
}
