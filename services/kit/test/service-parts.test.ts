// The kit wires a declared service in one order, on a fake platform that records each step: starts
// (config, database, context, extend, prepare, relay, handlers then data rights, watches, routes,
// jobs) and stops (jobs before the relay), and the data rights answer as the service's own requests.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { accountEvents, ACCOUNT_COUNT_REQUESTS, EXPORT_REQUESTS } from '@civic/contracts';
import { defineEvent, type EventDefinition } from '@civic/contracts/shared/define-event';
import Fastify from 'fastify';
import { z } from 'zod';
import type { SqlDriver } from '../src/db/sql-driver.ts';
import type { SubscribeOptions } from '../src/events/subscription.ts';
import type { PeriodicJob } from '../src/jobs/periodic-job.ts';
import type { Platform } from '../src/platform.ts';
import type { RequestHandler } from '../src/requests/request-bus.ts';
import { defineService } from '../src/service.ts';
import { responder, subscription } from '../src/events/service-handlers.ts';

const Followed = defineEvent('civic.elsewhere.thing.followed', 1, z.object({ userId: z.string() }));
const USER_ID = '6f1c2a54-8f3e-4a51-9d3c-2b7e8f0a1c11';

function fakePlatform(log: string[]) {
  const answers = new Map<string, RequestHandler<never>>();
  const subscribed = new Map<string, SubscribeOptions<EventDefinition>>();
  const driver = { name: 'driver' } as unknown as SqlDriver;
  const platform = {
    env: { PLACES: '3' },
    databases: {
      async open(service: string, migrations: string, options: object) {
        log.push(`open ${service} ${migrations} ${JSON.stringify(options)}`);
        return { driver };
      },
    },
    events: {
      async startRelay(options: { schema: string; pollIntervalMs?: number }) {
        log.push(`relay ${options.schema} every ${options.pollIntervalMs}`);
        return { stop: async () => void log.push('relay stopped') };
      },
      async subscribe(options: SubscribeOptions<EventDefinition>) {
        log.push(`subscribe ${options.event.subject} as ${options.consumer}`);
        subscribed.set(options.event.subject, options);
        return {};
      },
    },
    requests: {
      async respond(definition: { subject: string }, handle: RequestHandler<never>) {
        log.push(`respond ${definition.subject}`);
        answers.set(definition.subject, handle);
      },
    },
  } as unknown as Platform;
  return { platform, driver, answers, subscribed };
}

function fakeJob(name: string, log: string[]): PeriodicJob {
  log.push(`job ${name} started`);
  return { runNow: async () => {}, stop: async () => void log.push(`job ${name} stopped`) };
}

test('a declared service starts its parts in order and stops its jobs before its relay', async () => {
  const log: string[] = [];
  const { platform, driver, answers, subscribed } = fakePlatform(log);
  const erased: string[] = [];
  const service = defineService({
    name: 'social',
    config: z.object({ PLACES: z.coerce.number() }).transform((config) => (log.push(`config ${config.PLACES}`), config)),
    migrations: '/migrations',
    database: { appendOnlyTables: ['entries'] },
    publishingDb: (given) => {
      log.push(`publishing db on the ${(given as unknown as { name: string }).name}`);
      return { name: 'db' } as unknown as SqlDriver;
    },
    relay: { pollIntervalMs: 100 },
    context: ({ db, config }) => {
      log.push(`context with ${(db as unknown as { name: string }).name}, ${config.PLACES} places`);
      return { places: config.PLACES };
    },
    extend: (app) => {
      log.push('extend');
      app.addHook('preClose', async () => void log.push('preClose'));
    },
    prepare: async () => void log.push('prepare'),
    handlers: () => ({
      subscriptions: [subscription(Followed, async () => {})],
      responders: [responder(defineRequestLike(), async () => ({}))],
    }),
    dataRights: (ctx) => ({
      exportSection: async (userId) => ({ activities: [], following: [userId], blocked: [], places: ctx.places }) as never,
      countData: async () => ({ activitiesCount: ctx.places, followersCount: 0, followingCount: 0 }),
      erase: async (payload) => void erased.push(payload.userId),
    }),
    watches: async () => void log.push('watches'),
    routes: [
      async (_app, { ctx }) => void log.push(`routes a with ${ctx.places}`),
      {
        plugin: async (_app: unknown, options: { count: number }) => void log.push(`routes b with ${options.count}`),
        options: (ctx) => ({ count: ctx.places }),
      },
    ],
    jobs: () => [fakeJob('one', log), fakeJob('two', log)],
  });

  const app = Fastify();
  await app.register(service.plugin, { platform });
  await app.ready();
  assert.deepEqual(log, [
    'config 3',
    'open social /migrations {"appendOnlyTables":["entries"]}',
    'publishing db on the driver',
    'context with db, 3 places',
    'extend',
    'prepare',
    'relay social every 100',
    `subscribe ${Followed.subject} as social`,
    `subscribe ${accountEvents.UserDeleted.subject} as social`,
    'respond rpc.social.anything',
    `respond ${EXPORT_REQUESTS.social.subject}`,
    `respond ${ACCOUNT_COUNT_REQUESTS.social.subject}`,
    'watches',
    'routes a with 3',
    'routes b with 3',
    'job one started',
    'job two started',
  ]);

  // The data rights are the service's answers for the signed-in user, and its erasure consumer.
  const identity = { userId: USER_ID };
  const answer = (subject: string) => (answers.get(subject) as unknown as (payload: object, identity: object) => Promise<unknown>)({}, identity);
  assert.deepEqual(await answer(EXPORT_REQUESTS.social.subject), { activities: [], following: [USER_ID], blocked: [], places: 3 });
  assert.deepEqual(await answer(ACCOUNT_COUNT_REQUESTS.social.subject), { activitiesCount: 3, followersCount: 0, followingCount: 0 });
  const erasure = subscribed.get(accountEvents.UserDeleted.subject)!;
  assert.equal(erasure.db, subscribed.get(Followed.subject)!.db, 'the erasure writes through the service database');
  assert.notEqual(erasure.db, driver, 'through the publishing handle');
  await erasure.handle({ userId: USER_ID, deletedAt: new Date(0).toISOString() } as never, {} as never);
  assert.deepEqual(erased, [USER_ID]);

  log.length = 0;
  await app.close();
  assert.deepEqual(log.slice(0, 1), ['preClose']);
  assert.deepEqual(log.slice(1, 3).sort(), ['job one stopped', 'job two stopped']);
  assert.deepEqual(log.slice(3), ['relay stopped']);
});

test('data rights are refused for a service the export has no section for', () => {
  assert.throws(
    () =>
      defineService({
        name: 'notes',
        migrations: '/migrations',
        publishingDb: (driver: SqlDriver) => driver,
        context: () => ({}),
        handlers: () => ({}),
        dataRights: () => ({ exportSection: async () => ({}) as never }),
        routes: [],
      }),
    /notes declares data rights but has no section in EXPORT_SECTIONS/,
  );
});

function defineRequestLike() {
  return { subject: 'rpc.social.anything', request: z.object({}), reply: z.object({}), callers: ['account'] };
}
