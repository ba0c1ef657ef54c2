// Shared Chromium launcher for the browser tests: one browser per test file, a fresh
// context (cookies, storage) per test. Uses Debian's chromium through playwright-core.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from './chromium-plan.ts';

export { CHROMIUM_PATH };

export const DESKTOP_VIEWPORT = { width: 1280, height: 800 } as const;
export const PHONE_VIEWPORT = { width: 375, height: 800 } as const;

let browser: Browser | null = null;

export async function launchBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = null;
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far (a broken bundle shows up here).
   *  Failed resource loads are left out: a signed-out visitor's 401 on /api/auth/user is expected. */
  errors: string[];
  close(): Promise<void>;
}

/** A new isolated context and page; `baseURL` makes `page.goto('/')` relative to the app. */
export async function newSession(baseURL: string, options: BrowserContextOptions = {}): Promise<BrowserSession> {
  const context = await (await launchBrowser()).newContext({ baseURL, viewport: DESKTOP_VIEWPORT, ...options });
  context.setDefaultTimeout(10_000);
  // Loading a page fetches every remote's bundle: on a machine running three test files at once it
  // once took more than 10 s. Waits for what a page shows stay at 10 s.
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return { context, page, errors, close: () => context.close() };
}
