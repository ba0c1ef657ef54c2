// Which failures are the consumer's infrastructure (retried without limit) and which the event's own
// (dead-lettered after the retries), tried on the errors the real drivers throw.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { decideAfterFailure } from '../src/events/failure-decision.ts';
import { DependencyUnavailableError, failureKindOf } from '../src/failure-kind.ts';
import { PoisonEventError } from '../src/events/process-event.ts';
import { RequestUnavailable } from '../src/requests/request-bus.ts';

// Port 1 refuses at once on this machine: nothing listens there.
const UNREACHABLE = 'postgres://postgres@127.0.0.1:1/none';

async function caught(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

test('an unreachable PostgreSQL is infrastructure', async () => {
  const pool = new pg.Pool({ connectionString: UNREACHABLE });
  try {
    assert.equal(failureKindOf(await caught(() => pool.query('SELECT 1'))), 'infrastructure');
  } finally {
    await pool.end();
  }
});

test('a closed PGlite, a silent request/reply peer, and PostgreSQL’s shutdown, deadlock and serialization errors are infrastructure', async () => {
  const lite = await PGlite.create();
  await lite.close();
  assert.equal(failureKindOf(await caught(() => lite.query('SELECT 1'))), 'infrastructure');
  assert.equal(failureKindOf(new RequestUnavailable('The ledger could not answer')), 'infrastructure');
  assert.equal(failureKindOf(new DependencyUnavailableError('redis away')), 'infrastructure');
  for (const code of ['57P01', '08006', '53300', '40001', '40P01', '55P03']) {
    assert.equal(failureKindOf(Object.assign(new Error('x'), { code })), 'infrastructure', code);
  }
  // Wrapped in a cause or an aggregate, as libraries do.
  assert.equal(failureKindOf(new Error('outer', { cause: Object.assign(new Error('inner'), { code: 'ECONNRESET' }) })), 'infrastructure');
  assert.equal(failureKindOf(new AggregateError([new Error('a'), Object.assign(new Error('b'), { code: 'ETIMEDOUT' })])), 'infrastructure');
});

test('a domain error, a constraint the event breaks, a bug and a non-error are the event’s own', () => {
  assert.equal(failureKindOf(new Error('Priority not found')), 'event');
  assert.equal(failureKindOf(Object.assign(new Error('duplicate key'), { code: '23505' })), 'event');
  assert.equal(failureKindOf(new TypeError("Cannot read properties of undefined (reading 'id')")), 'event');
  assert.equal(failureKindOf('a string'), 'event');
  assert.equal(failureKindOf(undefined), 'event');
  const cyclic = new Error('cyclic');
  (cyclic as { cause?: unknown }).cause = cyclic;
  assert.equal(failureKindOf(cyclic), 'event');
});

test('the decision: infrastructure is retried past maxDeliver with the capped backoff; the event’s own failures are dead-lettered at maxDeliver; a schema mismatch at once', () => {
  const policy = { maxDeliver: 3, backoffMs: [10, 20, 60] };
  const outage = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  assert.deepEqual(decideAfterFailure(policy, outage, 1), { action: 'retry', delayMs: 10, kind: 'infrastructure' });
  assert.deepEqual(decideAfterFailure(policy, outage, 500), { action: 'retry', delayMs: 60, kind: 'infrastructure' });
  const rejected = new Error('rejected');
  assert.deepEqual(decideAfterFailure(policy, rejected, 2), { action: 'retry', delayMs: 20, kind: 'event' });
  assert.deepEqual(decideAfterFailure(policy, rejected, 3), { action: 'dead-letter', kind: 'event' });
  assert.deepEqual(decideAfterFailure(policy, new PoisonEventError('bad payload'), 1), { action: 'dead-letter', kind: 'event' });
});
