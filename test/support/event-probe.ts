// A consumer for tests: subscribes to events through the stack's real bus (JetStream or the
// in-process hub) with its own inbox schema, and records what arrives.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventDefinition, EventPayload, TEventEnvelope } from '@civic/contracts';
import { createPostgresDatabaseProvider } from '@civic/service-kit/db';
import type { Platform } from '@civic/service-kit';
import { LOCAL_INFRA } from './infrastructure.ts';

export interface EventProbe<E extends EventDefinition> {
  received: TEventEnvelope<EventPayload<E>>[];
  waitFor(predicate: (payload: EventPayload<E>) => boolean, timeoutMs?: number): Promise<TEventEnvelope<EventPayload<E>>>;
  stop(): Promise<void>;
}

export async function probeEvents<E extends EventDefinition>(platform: Platform, event: E, name = 'probe'): Promise<EventProbe<E>> {
  // No migrations of its own: the kit's make the inbox (processed_events).
  const dir = await mkdtemp(join(tmpdir(), 'civic-probe-'));
  // Distributed, the platform's roles may not create a database: the probe's inbox is made by the
  // server's administrator, on the run's prefix (dropped with the stack).
  const ownDatabases =
    platform.config.PROFILE === 'distributed'
      ? createPostgresDatabaseProvider({ DATABASE_URL: LOCAL_INFRA.DATABASE_URL, DATABASE_PREFIX: platform.config.DATABASE_PREFIX }, undefined, { poolSize: 2 })
      : null;
  const database = await (ownDatabases ?? platform.databases).open(name, dir);
  const db = database.driver;
  const received: TEventEnvelope<EventPayload<E>>[] = [];
  const subscription = await platform.events.subscribe({
    consumer: name,
    event,
    db,
    schema: name,
    handle: async (_payload, { envelope }) => {
      received.push(envelope);
    },
  });
  return {
    received,
    async waitFor(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((e) => predicate(e.payload));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no ${event.subject} event arrived`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      await subscription.stop();
      await ownDatabases?.close();
      // Distributed, the probe's inbox is a database of its own: the stack drops it with the run's others.
    },
  };
}
