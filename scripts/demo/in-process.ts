// The seed's in-process transport: the embedded profile's DATA_DIR, with every service mounted in
// this process exactly as `npm start` does (so the application must be stopped: one process at a
// time owns the PGlite directory). Requests go through the gateway with `inject`.
// - A new citizen signs in as a person does; the mail is read in this process's memory, never
//   written to DATA_DIR/mail.
// - A citizen that already exists (a second run) gets a session from auth's own session code, the
//   one a sign-in ends with, held in this process's memory only; nothing is written.
// - Settled means every service's outbox delivered, twice in a row, and nothing dead-lettered.
import { setTimeout as sleep } from 'node:timers/promises';
import { MIGRATIONS_DIR as AUTH_MIGRATIONS } from '@civic/auth';
import { prioritiesJobsOf } from '@civic/priorities';
import { cookieNames, type Mailer, type MailMessage, type Platform } from '@civic/service-kit';
import { startGateway } from '../../gateway/src/start-gateway.ts';
import { startSession } from '../../services/auth/src/sessions/sessions.ts';
import { canonicalEmail } from '../../services/auth/src/sign-in/canonical-email.ts';
import { Browser, expectStatus, type Send } from './browser.ts';
import type { DemoTransport } from './transport.ts';

export interface InProcessOptions {
  /** The embedded profile's data directory (the one `npm start` uses). */
  dataDir: string;
  /** Extra environment of the in-process application (e.g. ADMIN_EMAILS); the seed's own settings win. */
  env?: NodeJS.ProcessEnv;
}

const SCHEMAS = ['auth', 'account', 'social', 'priorities', 'ledger', 'briefing', 'admin'] as const;

/** Keeps the sign-in mails in memory: the seed reads its citizens' codes here (nothing on disk). */
function capturingMailer(): Mailer & { codeFor(to: string): string } {
  const codes = new Map<string, string>();
  return {
    async send(message: MailMessage) {
      const code = message.text.match(/\b(\d{6})\b/)?.[1];
      if (code) codes.set(message.to.toLowerCase(), code);
    },
    close() {},
    codeFor(to) {
      const code = codes.get(to.toLowerCase());
      if (!code) throw new Error(`no sign-in code was mailed to ${to}`);
      return code;
    },
  };
}

/** Waits until every service's outbox is delivered (its consumers settled), twice in a row. */
async function settleOutboxes(platform: Platform, timeoutMs: number): Promise<void> {
  const { driver } = await platform.databases.open('auth', AUTH_MIGRATIONS);
  const query = SCHEMAS.map((s) => `SELECT count(*)::int AS n FROM ${s}.outbox WHERE published_at IS NULL`).join(' UNION ALL ');
  const deadline = Date.now() + timeoutMs;
  let quiet = 0;
  while (quiet < 2) {
    const rows = await driver.query<{ n: number }>(query, []);
    quiet = rows.every((r) => r.n === 0) ? quiet + 1 : 0;
    if (Date.now() > deadline) throw new Error('the events did not finish flowing in time; run the seed again to finish');
    await sleep(quiet > 0 ? 300 : 200);
  }
  const stores = await driver.query<{ schema: string }>(
    "SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'dead_letters' AND table_schema = ANY($1::text[])",
    [[...SCHEMAS]],
  );
  let dead = 0;
  for (const { schema } of stores) {
    const [row] = await driver.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.dead_letters WHERE replayed_at IS NULL`, []);
    dead += row?.n ?? 0;
  }
  if (dead > 0) throw new Error(`${dead} events were dead-lettered (npm run events:dead-letters lists them)`);
}

export async function inProcessTransport(options: InProcessOptions): Promise<DemoTransport> {
  const mailer = capturingMailer();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // The seed reports its own progress and failures; the services' start-up notices would only be noise.
    LOG_LEVEL: 'error',
    ...options.env,
    PROFILE: 'embedded',
    DATA_DIR: options.dataDir,
    SERVE_FRONTENDS: 'false',
    // Each citizen's requests carry a client address of its own (X-Forwarded-For), so the per-client
    // limits count each citizen as the real ones would be counted.
    TRUST_PROXY: 'true',
  };
  const { app, platform } = await startGateway(env, { mailer });
  try {
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  const auth = await platform.databases.open('auth', AUTH_MIGRATIONS);
  const sessionCookie = cookieNames(platform.config).session;
  const send: Send = async ({ method, url, headers, body }) => {
    const response = await app.inject({ method: method as 'GET', url, headers, ...(body === undefined ? {} : { payload: body as object }) });
    return { status: response.statusCode, text: response.body, cookies: response.cookies as Array<{ name: string; value: string; maxAge?: number }> };
  };

  return {
    target: options.dataDir,
    async signIn(c, recruiterId) {
      const browser = new Browser(send, c.ip);
      const [existing] = await auth.driver.query<{ id: string; is_admin: boolean; standing_version: number }>(
        'SELECT id::text, is_admin, standing_version FROM auth.users WHERE email_canonical = $1',
        [canonicalEmail(c.email)],
      );
      if (existing) {
        // What a successful sign-in ends with: a session in this process's store (memory).
        const sid = await startSession(
          { db: auth.driver, platform },
          { id: existing.id, isAdmin: existing.is_admin, isBanned: false, isPending: false, standingVersion: existing.standing_version, registered: false },
        );
        browser.cookies.set(sessionCookie, sid);
        return { browser, userId: existing.id, created: false };
      }
      const sent = await browser.request<{ stateId: string }>('POST', '/api/auth/email/send-otp', { email: c.email, ...(recruiterId ? { recruiterId } : {}) });
      expectStatus(sent, [200], `sign-in mail for ${c.email}`);
      const verified = await browser.request('POST', '/api/auth/email/verify-otp', { stateId: sent.body.stateId, otp: mailer.codeFor(c.email) });
      expectStatus(verified, [200], `sign-in of ${c.email}`);
      const user = await browser.request<{ id: string }>('GET', '/api/auth/user');
      expectStatus(user, [200], 'current user');
      browser.csrf = undefined;
      return { browser, userId: user.body.id, created: true };
    },
    // The top-ten job (issue 22) would otherwise run on its own timer, in one seed run or the next: run
    // it now, so the first run records (and announces) the seeded top 10 and a second finds nothing new.
    async afterWrites() {
      await prioritiesJobsOf(platform)?.topTen.runNow();
    },
    settle: (_seeded, timeoutMs) => settleOutboxes(platform, timeoutMs),
    close: () => app.close(),
  };
}
