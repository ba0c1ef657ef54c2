// The vote batcher's grouping (src/votes/vote-batcher.ts): a change goes alone while calls are free,
// changes that wait go together in the next free call, each gets its own answer, and a group whose
// call fails is applied change by change so each change keeps its own error.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { SqlDriver } from '@civic/service-kit/db';
import { createVoteBatcher, type AppliedVote, type VoteChange } from '../src/votes/vote-batcher.ts';
import { firstVoteChange } from './support/vote-changes.ts';

interface Call {
  name: string | undefined;
  params: unknown[];
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

/** A driver whose queries finish when the test says, recording each. */
function controlledDriver() {
  const calls: Call[] = [];
  const driver: SqlDriver = {
    exec: async () => {},
    query: <T>(_sql: string, params: unknown[] = [], name?: string) =>
      new Promise<T[]>((resolve, reject) => calls.push({ name, params, resolve: resolve as (rows: unknown[]) => void, reject })),
    execute: () => Promise.reject(new Error('not used')),
    transaction: () => Promise.reject(new Error('not used')),
    close: async () => {},
  };
  return { calls, driver };
}

/** The test's users by label ('u1' ... 'u9') and back: the events' contract wants UUIDs. */
const userIdOf = (label: string) => `00000000-0000-4000-8000-00000000000${label.slice(1)}`;
const labelOf = (userId: unknown) => `u${String(userId).slice(-1)}`;
/** A first endorsement by the user `label` (the batcher passes changes through; only the user tells them apart here). */
const change = (label: string): VoteChange => firstVoteChange('10000000-0000-4000-8000-000000000001', userIdOf(label));

const applied = (endorsements: number): AppliedVote => ({ status: 'applied', endorsements, oppositions: 0 });
const groupOf = (call: Call) => JSON.parse(call.params[0] as string) as VoteChange[];
/** The message a settled promise was rejected with, or undefined if it was fulfilled. */
const rejectionOf = (settled: PromiseSettledResult<unknown>) => (settled.status === 'rejected' ? (settled.reason as Error).message : undefined);
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('vote batcher', () => {
  test('a change goes alone, as the prepared apply_vote, while calls are free', async () => {
    const { calls, driver } = controlledDriver();
    const batcher = createVoteBatcher(driver, { maxInFlight: 2 });
    const first = batcher.apply(change('u1'));
    const second = batcher.apply(change('u2'));
    assert.deepEqual(
      calls.map((c) => c.name),
      ['priorities_apply_vote', 'priorities_apply_vote'],
    );
    assert.deepEqual(
      calls.map((c) => labelOf(c.params[1])),
      ['u1', 'u2'],
    );
    calls[0]!.resolve([applied(1)]);
    calls[1]!.resolve([applied(2)]);
    assert.deepEqual(await first, applied(1));
    assert.deepEqual(await second, applied(2));
  });

  test('changes that wait for a call go together in the next free one, each with its own answer', async () => {
    const { calls, driver } = controlledDriver();
    const batcher = createVoteBatcher(driver, { maxInFlight: 1 });
    const first = batcher.apply(change('u1'));
    const waiting = ['u2', 'u3', 'u4'].map((user) => batcher.apply(change(user)));
    assert.equal(calls.length, 1, 'the others wait while the one call runs');
    calls[0]!.resolve([applied(1)]);
    await first;
    await tick();
    assert.equal(calls.length, 2);
    assert.equal(calls[1]!.name, 'priorities_apply_votes');
    assert.deepEqual(
      groupOf(calls[1]!).map((c) => labelOf(c.userId)),
      ['u2', 'u3', 'u4'],
    );
    // The database answers in its own order (priority id order), naming each change by position.
    calls[1]!.resolve([
      { item: 2, ...applied(4) },
      { item: 0, ...applied(2) },
      { item: 1, status: 'stale', endorsements: 0, oppositions: 0 },
    ]);
    assert.deepEqual(await Promise.all(waiting), [applied(2), { status: 'stale', endorsements: 0, oppositions: 0 }, applied(4)]);
  });

  test('a group is at most maxGroup changes; the rest go in the following call', async () => {
    const { calls, driver } = controlledDriver();
    const batcher = createVoteBatcher(driver, { maxInFlight: 1, maxGroup: 2 });
    const all = ['u1', 'u2', 'u3', 'u4'].map((user) => batcher.apply(change(user)));
    calls[0]!.resolve([applied(1)]);
    await tick();
    assert.deepEqual(
      groupOf(calls[1]!).map((c) => labelOf(c.userId)),
      ['u2', 'u3'],
    );
    calls[1]!.resolve([
      { item: 0, ...applied(2) },
      { item: 1, ...applied(3) },
    ]);
    await tick();
    assert.equal(calls[2]!.name, 'priorities_apply_vote', 'the one change left goes alone');
    calls[2]!.resolve([applied(4)]);
    assert.deepEqual(
      (await Promise.all(all)).map((a) => a.endorsements),
      [1, 2, 3, 4],
    );
  });

  test("a group's failure applies its changes one by one: each keeps its own answer or error", async () => {
    const { calls, driver } = controlledDriver();
    const failures: number[] = [];
    const batcher = createVoteBatcher(driver, { maxInFlight: 1, onGroupFailed: (_error, size) => failures.push(size) });
    const first = batcher.apply(change('u1'));
    const waiting = ['u2', 'u3'].map((user) => batcher.apply(change(user)));
    calls[0]!.resolve([applied(1)]);
    await first;
    await tick();
    calls[1]!.reject(new Error('deadlock detected'));
    await tick();
    assert.deepEqual(failures, [2]);
    assert.deepEqual(
      calls.slice(2).map((c) => [c.name, labelOf(c.params[1])]),
      [
        ['priorities_apply_vote', 'u2'],
        ['priorities_apply_vote', 'u3'],
      ],
    );
    calls[2]!.resolve([applied(2)]);
    calls[3]!.reject(new Error('u3 alone fails'));
    const [u2, u3] = await Promise.allSettled(waiting);
    assert.deepEqual(u2, { status: 'fulfilled', value: applied(2) });
    assert.equal(rejectionOf(u3!), 'u3 alone fails');
  });

  test('a change the group answer leaves out fails alone (its fate is unknown, so it is not sent again)', async () => {
    const { calls, driver } = controlledDriver();
    const batcher = createVoteBatcher(driver, { maxInFlight: 1 });
    const first = batcher.apply(change('u1'));
    const waiting = ['u2', 'u3'].map((user) => batcher.apply(change(user)));
    calls[0]!.resolve([applied(1)]);
    await first;
    await tick();
    calls[1]!.resolve([{ item: 0, ...applied(2) }]);
    const [u2, u3] = await Promise.allSettled(waiting);
    assert.deepEqual(u2, { status: 'fulfilled', value: applied(2) });
    assert.equal(rejectionOf(u3!), 'apply_votes gave no answer for this change');
    assert.equal(calls.length, 2);
  });
});
