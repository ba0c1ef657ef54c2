// SECURITY 31's one rule: a private actor is named to themselves only; public and unknown are named.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { mayNameActor, privateActorSql } from '../../src/privacy/name-visibility.ts';

test('a private actor is named to nobody but themselves, followers and open data (no viewer) included', () => {
  const actorId = randomUUID();
  const privateActor = { actorId, activityVisibility: 'private' as const };
  assert.equal(mayNameActor(privateActor, actorId), true);
  assert.equal(mayNameActor(privateActor, randomUUID()), false);
  assert.equal(mayNameActor(privateActor, null), false);
});

test('a public actor, or one whose setting is not known yet (the default), is named', () => {
  const actorId = randomUUID();
  for (const activityVisibility of ['public', null, undefined] as const) {
    assert.equal(mayNameActor({ actorId, activityVisibility }, randomUUID()), true, String(activityVisibility));
    assert.equal(mayNameActor({ actorId, activityVisibility }, null), true, String(activityVisibility));
  }
});

test('the SQL form reads the same column, a missing row being public', () => {
  assert.equal(privateActorSql('m'), "COALESCE(m.activity_visibility = 'private', false)");
});
