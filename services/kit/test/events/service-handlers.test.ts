// A service declares its subscriptions and responders as data in its events.ts; one call registers
// them all: each subscription as the service's own consumer on its database, in the declared order,
// then each responder on the request bus.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { defineRequest } from '@civic/contracts/shared/define-request';
import type { EventDefinition } from '@civic/contracts/shared/define-event';
import type { EventBus } from '../../src/events/event-bus.ts';
import { batchSubscription, registerServiceHandlers, responder, subscription } from '../../src/events/service-handlers.ts';
import type { SqlDriver } from '../../src/db/sql-driver.ts';
import type { EventSubscription, SubscribeOptions } from '../../src/events/subscription.ts';
import type { RequestBus } from '../../src/requests/request-bus.ts';
import { defineThingCreated } from './support/test-kit.ts';

const created = defineThingCreated('handlers');
const renamed = defineThingCreated('handlersb');
const question = defineRequest('rpc.handlers.count', z.object({}), z.object({ count: z.number() }), ['asker']);

test('registerServiceHandlers subscribes as the service, in order, then starts answering', async () => {
  const log: string[] = [];
  const subscribed: SubscribeOptions<EventDefinition>[] = [];
  const events = {
    async subscribe(options: SubscribeOptions<EventDefinition>) {
      subscribed.push(options);
      log.push(`subscribe ${options.event.subject}`);
      return { consumer: options.consumer } as unknown as EventSubscription;
    },
  } as unknown as EventBus;
  const answers = new Map<string, (payload: unknown, identity: unknown) => Promise<unknown>>();
  const requests = {
    async respond(definition: { subject: string }, handler: (payload: unknown, identity: unknown) => Promise<unknown>) {
      answers.set(definition.subject, handler);
      log.push(`respond ${definition.subject}`);
    },
  } as unknown as RequestBus;
  const db = { name: 'the service db' } as unknown as SqlDriver;
  const handled: string[] = [];

  const result = await registerServiceHandlers(
    { events, requests },
    { schema: 'handlers', db },
    {
      subscriptions: [
        subscription(created, async (payload) => void handled.push(`created ${payload.label}`)),
        subscription(renamed, async (payload) => void handled.push(`renamed ${payload.label}`), { concurrency: 4 }),
      ],
      responders: [responder(question, async () => ({ count: 3 }))],
    },
  );

  assert.deepEqual(log, [`subscribe ${created.subject}`, `subscribe ${renamed.subject}`, 'respond rpc.handlers.count']);
  assert.equal(result.length, 2);
  for (const options of subscribed) {
    assert.equal(options.consumer, 'handlers');
    assert.equal(options.schema, 'handlers');
    assert.equal(options.db, db);
  }
  assert.equal(subscribed[1]!.concurrency, 4);
  await (subscribed[0]!.handle as (payload: unknown, context: unknown) => Promise<void>)({ thingId: 'x', label: 'a' }, {});
  assert.deepEqual(handled, ['created a']);
  assert.deepEqual(await answers.get('rpc.handlers.count')!({}, {}), { count: 3 });
});

test('batchSubscription subscribes in batch mode; its per-event handler is the batch handler with a batch of one', async () => {
  const subscribed: SubscribeOptions<EventDefinition>[] = [];
  const events = {
    async subscribe(options: SubscribeOptions<EventDefinition>) {
      subscribed.push(options);
      return { consumer: options.consumer } as unknown as EventSubscription;
    },
  } as unknown as EventBus;
  const requests = { async respond() {} } as unknown as RequestBus;
  const db = { name: 'the service db' } as unknown as SqlDriver;
  const batches: string[][] = [];
  await registerServiceHandlers(
    { events, requests },
    { schema: 'handlers', db },
    {
      subscriptions: [batchSubscription(created, async (items) => void batches.push(items.map((item) => item.payload.label)), { maxBatch: 16 })],
    },
  );
  const [options] = subscribed;
  assert.equal(options!.consumer, 'handlers');
  assert.equal(options!.maxBatch, 16);
  assert.equal(typeof options!.handleBatch, 'function');
  await (options!.handle as (payload: unknown, context: unknown) => Promise<void>)({ thingId: 'x', label: 'alone' }, { envelope: { payload: {} } });
  assert.deepEqual(batches, [['alone']]);
});
