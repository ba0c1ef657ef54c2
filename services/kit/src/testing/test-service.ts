// One service in-process for its own tests (fastify/demo's build(t), Backstage's mockServices): the
// embedded profile's parts (memory sessions, in-process settings; its database on the tests' PostgreSQL
// or PGlite) with an event bus the test reads and feeds, a request bus the test answers for the other
// services, and callers with the signed identity the gateway would send. Nothing else starts: no
// gateway, no other service, no socket.
//
//   const service = useTestService(prioritiesService, { env: TEST_ENV });      // a suite's hooks
//   before(() => service.requests.answer(LEDGER_REQUESTS.debit, async () => ({ ok: true, balance: 90 })));
//   test('...', async () => {
//     const answer = await service.asUser(id).post('/api/priorities', body);
//     await service.events.waitFor(prioritiesEvents.PriorityCreated);
//     await service.events.deliver(accountEvents.ProfileUpdated, payload);
//   });
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Clock } from '../clock.ts';
import { sha256 } from '../crypto.ts';
import { cookieNames } from '../http/cookies.ts';
import { createIdentitySigner, type Identity } from '../http/internal-identity.ts';
import { createPostgresDatabaseProvider, type DatabaseProvider } from '../db/database-provider.ts';
import { dropDatabase, listDatabases } from '../db/pg-driver.ts';
import { generateIdentityKeyPair } from '../identity-keys.ts';
import type { Platform } from '../platform.ts';
import { buildServiceProcess } from '../run-service.ts';
import type { ServiceDefinition } from '../service.ts';
import { CookieJar } from './cookie-jar.ts';
import { createFakeRequests, type FakeRequests } from './fake-requests.ts';
import { lateBound } from './late-bound.ts';
import { reachable } from './reachable.ts';
import { seedPgliteCluster } from './pglite-template.ts';
import { createRecordingHub, type TestEvents } from './recording-hub.ts';
import { serviceClient, type ServiceClient } from './service-client.ts';

export interface TestServiceOptions {
  /** Added to the environment the service reads its settings from. */
  env?: Record<string, string>;
  clock?: Clock;
  /** Where the service logs (default: nowhere unless TEST_LOG_LEVEL is set). */
  logStream?: NodeJS.WritableStream;
  /**
   * `postgres`: the service's database on the PostgreSQL server of the tests (TEST_DATABASE_URL), a
   * fresh one dropped on close; `pglite`: in-process. Default: PostgreSQL when it answers (about half
   * the CPU of PGlite, and real concurrency), else PGlite, so a machine with only Node runs the tests
   * too; with CI=true PostgreSQL is required. Events, requests and sessions stay in-process either way.
   */
  database?: 'pglite' | 'postgres';
}

/** The server tests use (as infra's test stacks do); its administrator creates and drops the databases. */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

let postgresAnswers: Promise<boolean> | undefined;

/** Whether the tests' PostgreSQL server accepts connections (asked once per process). */
function testPostgresAnswers(): Promise<boolean> {
  return (postgresAnswers ??= (async () => {
    const answers = await reachable(TEST_DATABASE_URL, 5432);
    if (!answers && process.env.CI === 'true') throw new Error(`CI=true requires PostgreSQL for test services, but ${TEST_DATABASE_URL} does not answer`);
    return answers;
  })());
}

/** A database provider of fresh PostgreSQL databases on a prefix of their own, and how to drop them. */
function postgresDatabases(): { databases: DatabaseProvider; drop(): Promise<void> } {
  const prefix = `civic_s${randomBytes(4).toString('hex')}_`;
  const databases = createPostgresDatabaseProvider({ DATABASE_URL: TEST_DATABASE_URL, DATABASE_PREFIX: prefix }, undefined, { poolSize: 6 });
  return {
    databases,
    async drop() {
      for (const name of await listDatabases(TEST_DATABASE_URL, prefix)) await dropDatabase(TEST_DATABASE_URL, name);
    },
  };
}

export interface UserFlags {
  isBanned?: boolean;
  isPending?: boolean;
  isAdmin?: boolean;
  /** The client's address as the gateway saw it (default: one of the caller's own). */
  ip?: string;
}

export interface TestService {
  app: FastifyInstance;
  platform: Platform;
  /** The service's DATA_DIR (its PGlite, its mail under mail/ with MAIL_TRANSPORT=file). */
  dataDir: string;
  events: TestEvents;
  requests: FakeRequests;
  /** A signed-in user, as the gateway identifies them. */
  asUser(userId: string, flags?: UserFlags): ServiceClient;
  /** An administrator (a fresh id unless given). */
  asAdmin(userId?: string): ServiceClient;
  /** A visitor: a signed identity with no user. */
  asVisitor(ip?: string): ServiceClient;
  /**
   * A browser through the gateway: a visitor until its session cookie (set by auth's sign-in) names a
   * session in the service's session store; then each request carries that session's user and flags,
   * read at the request as the gateway reads them (gateway/src/plugins/session-identity.ts).
   */
  asBrowser(ip?: string): ServiceClient;
  /** A caller around the gateway: no identity header at all. */
  withoutIdentity(): ServiceClient;
  close(): Promise<void>;
}

const clientIp = () => `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

export async function buildTestService(service: ServiceDefinition, options: TestServiceOptions = {}): Promise<TestService> {
  const dataDir = await mkdtemp(join(tmpdir(), `civic-test-${service.name}-`));
  const onPostgres = options.database ? options.database === 'postgres' : await testPostgresAnswers();
  const postgres = onPostgres ? postgresDatabases() : null;
  const removeData = async () => {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    if (!postgres) await seedPgliteCluster(dataDir);
    const keys = generateIdentityKeyPair();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PROFILE: 'embedded',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      MAIL_TRANSPORT: 'file',
      IDENTITY_PUBLIC_KEY: keys.publicKey,
      ...options.env,
    };
    const { hub, events } = createRecordingHub(service.name);
    const { bus, requests } = createFakeRequests(pino({ level: env.LOG_LEVEL ?? 'silent' }));
    const { app, platform } = await buildServiceProcess(service, env, {
      inProcessHub: hub,
      requests: bus,
      ...(postgres ? { databases: postgres.databases } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.logStream ? { logStream: options.logStream } : {}),
    });
    const fastify = app as unknown as FastifyInstance;
    await fastify.ready();
    const signer = createIdentitySigner(keys.privateKey);
    const sign = (identity: Identity) => signer(identity, service.name);
    // The callers' cookies expire on the service's clock, as its sessions do.
    const jar = () => new CookieJar(() => platform.clock.now().getTime());
    const as = (identity: Identity) => serviceClient(fastify, identity, sign, { cookies: jar() });
    const sessionCookie = cookieNames(platform.config).session;
    const sessionIdentity = (visitor: Identity) => async (cookies: CookieJar) => {
      const sessionId = cookies.get(sessionCookie);
      const record = sessionId ? await platform.sessions.get(sha256(sessionId), platform.clock.now().getTime()) : null;
      if (!record) return visitor;
      return { ...visitor, userId: record.userId, isAdmin: record.isAdmin, isBanned: record.isBanned, ...(record.isPending ? { isPending: true } : {}) };
    };
    return {
      app: fastify,
      platform,
      dataDir,
      events,
      requests,
      asUser: (userId, flags = {}) =>
        as({
          userId,
          isAdmin: flags.isAdmin ?? false,
          isBanned: flags.isBanned ?? false,
          ...(flags.isPending ? { isPending: true } : {}),
          ip: flags.ip ?? clientIp(),
        }),
      asAdmin: (userId = randomUUID()) => as({ userId, isAdmin: true, isBanned: false, ip: clientIp() }),
      asVisitor: (ip = clientIp()) => as({ userId: null, isAdmin: false, isBanned: false, ip }),
      asBrowser(ip = clientIp()) {
        const visitor: Identity = { userId: null, isAdmin: false, isBanned: false, ip };
        return serviceClient(fastify, visitor, sign, { cookies: jar(), identify: sessionIdentity(visitor) });
      },
      withoutIdentity: () => serviceClient(fastify, { userId: null, isAdmin: false, isBanned: false, ip: clientIp() }, null, { cookies: jar() }),
      async close() {
        await fastify.close();
        await removeData();
      },
    };
  } catch (error) {
    await removeData().catch(() => {});
    throw error;
  }
}

/** A suite's test service: built before its tests, closed after them; usable in hooks and tests. */
export function useTestService(service: ServiceDefinition, options: TestServiceOptions = {}): TestService {
  let built: TestService | undefined;
  before(async () => {
    built = await buildTestService(service, options);
  });
  after(async () => {
    await built?.close();
  });
  return lateBound(`the ${service.name} test service`, () => built);
}
