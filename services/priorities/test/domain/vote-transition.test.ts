// spec 4 "Vote on a priority" with vote_change_cooldown_hours, as a pure decision.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cooldownLeftMs, decideVote } from '../../src/domain/vote-transition.ts';

const HOUR = 3_600_000;
const now = new Date('2026-11-24T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const endorse = { kind: 'cast', voteType: 'endorse' } as const;
const oppose = { kind: 'cast', voteType: 'oppose' } as const;
const remove = { kind: 'remove' } as const;

describe('decideVote', () => {
  test('a first vote is free, even right after a change', () => {
    assert.deepEqual(decideVote(null, endorse, null, now, 24), { outcome: 'cast', vote: 'endorse', delta: { endorsements: 1, oppositions: 0 } });
    assert.deepEqual(decideVote(null, oppose, ago(1000), now, 24), { outcome: 'cast', vote: 'oppose', delta: { endorsements: 0, oppositions: 1 } });
  });

  test('the same vote again changes nothing, whatever the cooldown', () => {
    assert.deepEqual(decideVote('endorse', endorse, ago(1000), now, 24), { outcome: 'unchanged', vote: 'endorse' });
    assert.deepEqual(decideVote('oppose', oppose, null, now, 24), { outcome: 'unchanged', vote: 'oppose' });
  });

  test('a switch moves one count from one side to the other', () => {
    assert.deepEqual(decideVote('endorse', oppose, null, now, 24), { outcome: 'switched', vote: 'oppose', delta: { endorsements: -1, oppositions: 1 } });
    assert.deepEqual(decideVote('oppose', endorse, ago(24 * HOUR), now, 24), {
      outcome: 'switched',
      vote: 'endorse',
      delta: { endorsements: 1, oppositions: -1 },
    });
  });

  test('a removal lowers the count of the vote removed; without a vote there is nothing to remove', () => {
    assert.deepEqual(decideVote('oppose', remove, null, now, 24), { outcome: 'removed', removed: 'oppose', delta: { endorsements: 0, oppositions: -1 } });
    assert.deepEqual(decideVote(null, remove, null, now, 24), { outcome: 'no-vote' });
    assert.deepEqual(decideVote(null, remove, ago(1), now, 24), { outcome: 'no-vote' });
  });

  test('a change within the cooldown is refused with the time left', () => {
    assert.deepEqual(decideVote('endorse', oppose, ago(HOUR), now, 24), { outcome: 'cooldown', msLeft: 23 * HOUR });
    assert.deepEqual(decideVote('endorse', remove, ago(24 * HOUR - 1), now, 24), { outcome: 'cooldown', msLeft: 1 });
    assert.equal(decideVote('endorse', remove, ago(24 * HOUR), now, 24).outcome, 'removed');
  });

  test('0 hours turns the cooldown off', () => {
    assert.equal(decideVote('endorse', oppose, ago(0), now, 0).outcome, 'switched');
    assert.equal(decideVote('endorse', remove, now, now, 0).outcome, 'removed');
  });
});

describe('cooldownLeftMs', () => {
  test('never negative, 0 without a change or a cooldown', () => {
    assert.equal(cooldownLeftMs(null, now, 24), 0);
    assert.equal(cooldownLeftMs(ago(HOUR), now, 0), 0);
    assert.equal(cooldownLeftMs(ago(48 * HOUR), now, 24), 0);
    assert.equal(cooldownLeftMs(ago(HOUR), now, 2), HOUR);
  });
});
