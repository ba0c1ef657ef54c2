// The seed's HTTP transport: a running deployment (the distributed profile, compose, or even a running
// `npm start`) through its gateway's URL, as real browsers reach it.
// - A citizen signs in the way `npm run k6:seed-sessions` does it (k6/seed/sign-in.ts): ask for a
//   code, read it from the auth service's file mailer (MAIL_TRANSPORT=file), type it. Sign-in is not
//   weakened: every budget applies, and each citizen asks from its own client address, which the
//   gateway believes only when it trusts this machine as its proxy (TRUST_PROXY).
// - The sessions are kept (mode 0600) in a file of this machine, per deployment, so a second run
//   signs nobody in again (a sign-in writes: the request, the time, an event): a kept session that the
//   deployment still accepts is reused, any other citizen signs in again.
// - Settled is read from the citizens' own views (settle-views.ts).
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { TUser } from '@civic/contracts';
import { MailCodes } from '../../k6/seed/mail-codes.ts';
import { signInCitizen } from '../../k6/seed/sign-in.ts';
import { Browser, expectStatus, type ReceivedResponse, type Send } from './browser.ts';
import { settleViews } from './settle-views.ts';
import type { DemoTransport } from './transport.ts';

export interface OverHttpOptions {
  /** The gateway, e.g. http://localhost:3000. */
  url: string;
  /** Where the auth service's file mailer writes ($DATA_DIR/mail of the auth process). */
  mailDir: string;
  /** The kept sessions (written mode 0600). */
  sessionsFile: string;
}

interface KeptSession {
  userId: string;
  cookies: Record<string, string>;
}

/** Kept sessions by deployment URL, then by citizen address. */
type SessionsFile = Record<string, Record<string, KeptSession>>;

const REQUEST_TIMEOUT_MS = 30_000;

function cookieOf(line: string): ReceivedResponse['cookies'][number] {
  const [pair = '', ...attributes] = line.split(';');
  const at = pair.indexOf('=');
  const cookie = { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=').map((s) => s.trim());
    if (key.toLowerCase() === 'max-age') return { ...cookie, maxAge: Number(value) };
    if (key.toLowerCase() === 'expires' && Date.parse(value) <= Date.now()) return { ...cookie, maxAge: 0 };
  }
  return cookie;
}

async function readSessions(file: string): Promise<SessionsFile> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as SessionsFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`${file} is not a sessions file of the seed (${(error as Error).message}); delete it to sign the citizens in again`);
  }
}

async function writeSessions(file: string, sessions: SessionsFile): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(sessions, null, 1)}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, file);
}

export async function overHttpTransport(options: OverHttpOptions): Promise<DemoTransport> {
  const baseUrl = options.url.replace(/\/+$/, '');
  const send: Send = async ({ method, url, headers, body }) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: response.status, text: await response.text(), cookies: response.headers.getSetCookie().map(cookieOf) };
  };
  // The deployment's clock when this run began: an account created since then was made by this run.
  const first = await fetch(`${baseUrl}/api/csrf-token`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).catch((error: Error) => {
    throw new Error(`cannot reach the gateway at ${baseUrl}: ${error.message}`);
  });
  if (!first.ok) throw new Error(`${baseUrl}/api/csrf-token answered ${first.status}; is that a Civic Agenda gateway?`);
  // The Date header has whole seconds: an account made in this run's first second still counts as new.
  const runStarted = Math.floor(Date.parse(first.headers.get('date') ?? new Date().toUTCString()) / 1000) * 1000;
  const sessions = await readSessions(options.sessionsFile);
  const kept = (sessions[baseUrl] ??= {});
  const mail = new MailCodes(options.mailDir);

  return {
    target: baseUrl,
    async signIn(c, recruiterId) {
      const browser = new Browser(send, c.ip);
      const keptSession = kept[c.email];
      if (keptSession) {
        for (const [name, value] of Object.entries(keptSession.cookies)) browser.cookies.set(name, value);
        const user = await browser.request<TUser>('GET', '/api/auth/user');
        if (user.status === 200 && user.body.id === keptSession.userId) return { browser, userId: user.body.id, created: false };
        expectStatus(user, [200, 401], `the kept session of ${c.email}`);
        browser.cookies.clear();
        delete kept[c.email];
      }
      const signedIn = await signInCitizen(baseUrl, c.email, mail, c.ip, recruiterId).catch((error: Error) => {
        // The sign-in budgets count client networks: without TRUST_PROXY every citizen is this machine.
        if (!/: 429 /.test(error.message)) throw error;
        throw new Error(
          `${error.message}\n(does the gateway trust this machine as its proxy, TRUST_PROXY, so that each citizen's X-Forwarded-For counts? docs/demo-data.md)`,
        );
      });
      for (const [name, value] of Object.entries(signedIn.cookies)) browser.cookies.set(name, value);
      browser.csrf = signedIn.csrf;
      kept[c.email] = { userId: signedIn.userId, cookies: signedIn.cookies };
      const user = await browser.request<TUser>('GET', '/api/auth/user');
      expectStatus(user, [200], `current user ${c.email}`);
      return { browser, userId: signedIn.userId, created: Date.parse(user.body.createdAt) >= runStarted };
    },
    // The deployment runs its own timers (the top-ten job among them); nothing to ask of it.
    async afterWrites() {},
    settle: settleViews,
    // Kept even when the run failed part way: the next run reuses every session it made.
    close: () => writeSessions(options.sessionsFile, sessions),
  };
}
