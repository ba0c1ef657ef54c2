import assert from 'node:assert/strict';
import { test } from 'node:test';
import { voteCooldownCardText, voteCooldownMessage } from '@civic/contracts/priorities/messages';
import { cooldownLeftMs } from './vote-cooldown.ts';

const HOUR = 3_600_000;
const changedAt = '2026-11-28T10:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

test('the cooldown runs from the last change for the set hours; none without a change or with 0 hours', () => {
  const vote = { voteType: 'endorse', lastChangedAt: changedAt } as const;
  assert.equal(cooldownLeftMs(vote, 24, at(changedAt)), 24 * HOUR);
  assert.equal(cooldownLeftMs(vote, 24, at('2026-11-29T09:30:00.000Z')), HOUR / 2);
  assert.equal(cooldownLeftMs(vote, 24, at('2026-11-29T10:00:00.000Z')), 0);
  assert.equal(cooldownLeftMs(vote, 24, at('2026-12-01T10:00:00.000Z')), 0);
  assert.equal(cooldownLeftMs(vote, 0, at(changedAt)), 0);
  assert.equal(cooldownLeftMs({ voteType: 'oppose', lastChangedAt: null }, 24, at(changedAt)), 0);
  assert.equal(cooldownLeftMs(null, 24, at(changedAt)), 0);
});

test('the wait in hours and minutes, rounded up to the minute', () => {
  assert.equal(voteCooldownMessage(23 * HOUR + 12 * 60_000), 'You can change your vote on this priority again in 23 h 12 min');
  assert.equal(voteCooldownMessage(23 * HOUR + 11 * 60_000 + 1), 'You can change your vote on this priority again in 23 h 12 min');
  assert.equal(voteCooldownMessage(24 * HOUR), 'You can change your vote on this priority again in 24 h');
  assert.equal(voteCooldownCardText(30 * 60_000), 'You can change your vote again in 30 min');
  assert.equal(voteCooldownCardText(5_000), 'You can change your vote again in 1 min');
});
