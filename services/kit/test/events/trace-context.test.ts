// Trace context travels from the producing transaction through the outbox and the message headers
// to the consumer's handler (DESIGN 4). Registers a real W3C propagator and context manager, so it
// lives in its own file (node --test runs each file in its own process).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { context, propagation, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { createEventBus, type EventBusOptions } from '../../src/events/event-bus.ts';
import { createInProcessHub } from '../../src/events/in-process-hub.ts';
import { enqueueEvent } from '../../src/events/enqueue-event.ts';
import { streamNameFor } from '../../src/events/naming.ts';
import type { SqlDriver } from '../../src/db/sql-driver.ts';
import { createNatsTestEnv } from './support/nats-test-env.ts';
import { createPgTestDatabase } from './support/pg-db.ts';
import { createPgliteTestDatabase } from './support/pglite-db.ts';
import { natsHostPort, PG_HOSTPORT, skipUnlessReachable } from './support/reachability.ts';
import { defineThingCreated, migrate, recordingLogger, runAll, uniqueServiceName, waitFor } from './support/test-kit.ts';

context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
propagation.setGlobalPropagator(new W3CTraceContextPropagator());

const nats = natsHostPort();
const natsSkip = (await skipUnlessReachable('NATS', nats.host, nats.port)) || (await skipUnlessReachable('PostgreSQL', PG_HOSTPORT.host, PG_HOSTPORT.port));

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const requestContext = trace.setSpanContext(ROOT_CONTEXT, { traceId: TRACE_ID, spanId: '00f067aa0ba902b7', traceFlags: TraceFlags.SAMPLED });

/** Produces one event inside the "request" trace and returns the trace id the handler ran under. */
async function traceThroughBus(db: SqlDriver, busOptions: EventBusOptions, afterBusReady?: () => void) {
  await migrate(db, 'producer');
  await migrate(db, 'consumer');
  const service = uniqueServiceName();
  const event = defineThingCreated(service);
  const bus = await createEventBus(busOptions);
  try {
    const handlerTraceIds: string[] = [];
    await bus.subscribe({
      consumer: 'consumer',
      event,
      db,
      schema: 'consumer',
      handle: async () => void handlerTraceIds.push(trace.getSpanContext(context.active())?.traceId ?? 'none'),
    });
    await bus.startRelay({ db, schema: 'producer', service, pollIntervalMs: 50 });
    afterBusReady?.();
    const envelope = await context.with(requestContext, () =>
      db.transaction((tx) => enqueueEvent(tx, 'producer', event, { thingId: randomUUID(), label: 'traced' })),
    );
    bus.kick('producer');
    await waitFor(async () => handlerTraceIds.length === 1, 10_000, 'the handler');
    const stored = await db.query<{ traceparent: string }>(`SELECT headers->>'traceparent' AS traceparent FROM producer.outbox`);
    return { service, envelope, handlerTraceId: handlerTraceIds[0], outboxTraceparent: stored[0]?.traceparent };
  } finally {
    await bus.close();
  }
}

test('in-process: trace context travels from the producing transaction to the handler', async () => {
  const { db, close } = await createPgliteTestDatabase();
  const hub = createInProcessHub();
  try {
    const result = await traceThroughBus(db, { transport: 'in-process', inProcessHub: hub, logger: recordingLogger() }, () => hub.start());
    assert.equal(result.outboxTraceparent, `00-${TRACE_ID}-00f067aa0ba902b7-01`);
    assert.equal(result.handlerTraceId, TRACE_ID);
  } finally {
    await close();
  }
});

test('nats: traceparent travels in the message headers and the handler runs in the same trace', { skip: natsSkip }, async () => {
  const env = await createNatsTestEnv();
  const pg = await createPgTestDatabase();
  try {
    const result = await traceThroughBus(pg.db, { transport: 'nats', logger: recordingLogger(), streams: { namespace: env.namespace } });
    const stored = await env.jsm.streams.getMessage(streamNameFor(result.service, env.namespace), { seq: 1 });
    assert.equal(stored?.header.get('traceparent'), `00-${TRACE_ID}-00f067aa0ba902b7-01`);
    assert.equal(stored?.header.get('Nats-Msg-Id'), result.envelope.id);
    assert.equal(result.handlerTraceId, TRACE_ID);
  } finally {
    await runAll([env.cleanup, pg.drop]);
  }
});
