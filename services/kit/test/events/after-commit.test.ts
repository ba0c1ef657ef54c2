// A consumer's afterCommit effects run once its transaction has committed, and never when it rolls
// back or the event is a duplicate (what lives outside the database must not run ahead of the rows);
// one that throws is logged without failing the processed event.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { createConsumerStep, type EventHandler } from '../../src/events/process-event.ts';
import type { SqlDriver } from '../../src/db/sql-driver.ts';
import { defineThingCreated } from './support/test-kit.ts';

const event = defineThingCreated('aftercommit');

/** A database whose transactions write to `log` when they commit, and whose inbox insert answers `inserted` rows. */
function loggingDb(log: string[], inserted: number): SqlDriver {
  const tx: SqlDriver = {
    exec: async () => {},
    execute: async () => inserted,
    query: async <T>() => [] as T[],
    transaction: (fn) => fn(tx),
    close: async () => {},
  };
  return {
    ...tx,
    async transaction(fn) {
      const result = await fn(tx);
      log.push('commit');
      return result;
    },
  };
}

function envelope() {
  return {
    id: randomUUID(),
    subject: event.subject,
    version: event.version,
    occurredAt: new Date().toISOString(),
    payload: { thingId: randomUUID(), label: 'x' },
  };
}

function stepWith(log: string[], inserted: number, handle: EventHandler<typeof event>) {
  const logger = { info: () => {}, warn: () => {}, debug: () => {}, error: (_fields: object, message?: string) => log.push(`error: ${message}`) };
  return createConsumerStep({ consumer: 'c', event, db: loggingDb(log, inserted), schema: 'things', handle }, logger);
}

test('an afterCommit effect runs after the commit', async () => {
  const log: string[] = [];
  const step = stepWith(log, 1, async (_payload, { afterCommit }) => {
    afterCommit(() => log.push('effect'));
    log.push('handled');
  });
  assert.equal(await step(envelope()), 'processed');
  assert.deepEqual(log, ['handled', 'commit', 'effect']);
});

test('a handler that fails has its afterCommit effects dropped', async () => {
  const log: string[] = [];
  const step = stepWith(log, 1, async (_payload, { afterCommit }) => {
    afterCommit(() => log.push('effect'));
    throw new Error('handler failed');
  });
  await assert.rejects(step(envelope()), /handler failed/);
  assert.deepEqual(log, []);
});

test('a duplicate runs neither the handler nor its effects', async () => {
  const log: string[] = [];
  const step = stepWith(log, 0, async (_payload, { afterCommit }) => {
    afterCommit(() => log.push('effect'));
    log.push('handled');
  });
  assert.equal(await step(envelope()), 'duplicate');
  assert.deepEqual(log, ['commit']);
});

test('an effect that throws is logged; the event still counts as processed and later effects run', async () => {
  const log: string[] = [];
  const step = stepWith(log, 1, async (_payload, { afterCommit }) => {
    afterCommit(() => {
      throw new Error('cache gone');
    });
    afterCommit(() => log.push('second effect'));
  });
  assert.equal(await step(envelope()), 'processed');
  assert.deepEqual(log, ['commit', 'error: after-commit effect failed', 'second effect']);
});
