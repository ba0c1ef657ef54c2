// The browser tier's one setup: the embedded application with its front ends for a suite's tests,
// and Chromium sessions on it, all closed after them (sessions, the browser, then the server).
//
//   describe('settings', { skip: browserTestsSkip() }, () => {
//     const suite = useBrowserTestServer();
//     test('...', async () => {
//       const { page } = await suite.start();
//       await page.goto('/settings');
//     });
//   });
//
// node:test runs a suite's `after` hooks in the order they were registered, and this one comes
// first: stop what the file starts on the server with `suite.server.stack.onClose(...)` (test
// producers do it themselves).
import { after, before } from 'node:test';
import type { PlatformSettingKey } from '@civic/contracts';
import type { Clock } from '@civic/service-kit';
import { closeBrowser, newSession, type BrowserSession } from './browser.ts';
import { lateBound } from '@civic/service-kit/testing';
import { startTestServer, type TestServer } from './test-server.ts';

export interface BrowserTestServer {
  /** The running server (usable inside hooks and tests, once the suite's `before` has run). */
  readonly server: TestServer;
  /** A new browser session on it, closed with the suite. */
  start(options?: Parameters<typeof newSession>[1]): Promise<BrowserSession>;
}

export interface BrowserTestServerOptions {
  /** Settings of the server process (rate limits, ...). */
  env?: Record<string, string>;
  /** Platform settings set once it runs (the admins' settings, e.g. a vote-change cooldown). */
  settings?: Partial<Record<PlatformSettingKey, string>>;
  /** The services' clock (e.g. a stepping one, to get past an hour boundary without waiting). */
  clock?: Clock;
}

/** Every platform of the server's stack gets `key` = `value`. */
export function setSetting(server: TestServer, key: PlatformSettingKey, value: string): void {
  for (const platform of new Set(Object.values(server.stack.platforms))) platform.settings.set(key, value);
}

export function useBrowserTestServer(options: BrowserTestServerOptions = {}): BrowserTestServer {
  let server: TestServer | undefined;
  const sessions: BrowserSession[] = [];
  before(async () => {
    server = await startTestServer({ env: options.env, ...(options.clock ? { clock: options.clock } : {}) });
    for (const [key, value] of Object.entries(options.settings ?? {})) setSetting(server, key as PlatformSettingKey, value);
  });
  after(async () => {
    for (const session of sessions) await session.close().catch(() => undefined);
    await closeBrowser();
    await server?.close();
  });
  const running = lateBound('the test server', () => server);
  return {
    server: running,
    async start(sessionOptions = {}) {
      const session = await newSession(running.baseUrl, sessionOptions);
      sessions.push(session);
      return session;
    },
  };
}
