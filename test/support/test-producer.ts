// A producer for tests: publishes contract events onto a stack's real bus (JetStream or the
// in-process hub) exactly the way a service does, from its own outbox through the kit's relay. For
// events whose producing service does not exist yet (e.g. priorities' events, consumed by social).
//
//   const producer = await startTestProducer(stack);
//   await producer.publish(prioritiesEvents.PriorityCreated, { ... });
//   await producer.stop();   // or leave it to the stack: it stops when the stack closes
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { producerOf, type EventDefinition, type EventPayload, type TEventEnvelope } from '@civic/contracts';
import { createPostgresDatabaseProvider } from '@civic/service-kit/db';
import { enqueueEvent, type EnqueueOptions, type OutboxRelay } from '@civic/service-kit/events';
import type { SqlDriver } from '@civic/service-kit/db';
import type { Stack } from './stack.ts';

export interface TestProducer {
  /** Enqueues the event in the producer's outbox and has the relay publish it now. */
  publish<E extends EventDefinition>(event: E, payload: EventPayload<E>, options?: EnqueueOptions): Promise<TEventEnvelope<EventPayload<E>>>;
  /** Stops the relays and closes the producers' outboxes (distributed: their databases go with the stack's). */
  stop(): Promise<void>;
}

interface ProducerOutbox {
  schema: string;
  db: SqlDriver;
  relay: OutboxRelay;
  /** The last publish's transaction, so the next one starts after it. */
  queue: Promise<unknown>;
}

/**
 * One outbox (schema `${name}_<service>`) and relay per producing service met, so each event travels
 * on its producer's stream as it will when that service exists. Publishes through the gateway's
 * platform, which shares the bus of every service when embedded and talks to the same NATS when
 * distributed. The outboxes live in the stack's PGlite (embedded) or in databases of their own on the
 * run's prefix (distributed; opened here, not through the platform, so they can be closed first), which
 * the stack drops when it closes.
 */
export async function startTestProducer(stack: Stack, name = 'test_producer'): Promise<TestProducer> {
  // Distributed, as the NATS administrator: the gateway's user may publish no event (issue 14 item 4).
  const platform = await stack.adminPlatform();
  const ownDatabases =
    stack.profile === 'distributed'
      ? createPostgresDatabaseProvider({ DATABASE_URL: stack.env.DATABASE_URL, DATABASE_PREFIX: stack.env.DATABASE_PREFIX! }, undefined, { poolSize: 2 })
      : null;
  const databases = ownDatabases ?? platform.databases;
  const migrationsDir = await mkdtemp(join(tmpdir(), 'civic-test-producer-'));
  const outboxes = new Map<string, Promise<ProducerOutbox>>();

  async function openOutbox(service: string): Promise<ProducerOutbox> {
    const schema = `${name}_${service}`;
    // No migrations of its own: the kit's make the outbox.
    await mkdir(join(migrationsDir, schema), { recursive: true });
    const database = await databases.open(schema, join(migrationsDir, schema));
    const db = database.driver;
    const relay = await platform.events.startRelay({ db, schema, service });
    return { schema, db, relay, queue: Promise.resolve() };
  }

  let stopped = false;
  const producer: TestProducer = {
    async publish(event, payload, options) {
      const service = producerOf(event.subject);
      if (!outboxes.has(service)) outboxes.set(service, openOutbox(service));
      const outbox = await outboxes.get(service)!;
      // One transaction at a time per outbox: a test publishing 50 at once would otherwise queue them on a
      // pool of 2, and a connection waited for over 5 s under load fails.
      const envelope = outbox.queue.then(() => outbox.db.transaction((tx) => enqueueEvent(tx, outbox.schema, event, payload, options)));
      outbox.queue = envelope.catch(() => undefined);
      const published = await envelope;
      platform.events.kick(outbox.schema);
      return published;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      const opened = await Promise.all(outboxes.values());
      outboxes.clear();
      for (const outbox of opened) {
        await outbox.relay.stop();
      }
      // The databases themselves are dropped with the run's others when the stack closes: a forced
      // drop here raced the pools just closed (their connections were killed under a running test).
      if (ownDatabases) await ownDatabases.close();
      await rm(migrationsDir, { recursive: true, force: true });
    },
  };
  stack.onClose(() => producer.stop());
  return producer;
}
