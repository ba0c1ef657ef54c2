import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ageText } from './age-text.ts';

test('age texts of spec 2.6', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const H = 3_600_000;
  assert.equal(ageText(ago(0), now), 'Less than an hour ago');
  assert.equal(ageText(ago(H - 1), now), 'Less than an hour ago');
  assert.equal(ageText(ago(H), now), '1 hour ago');
  assert.equal(ageText(ago(2 * H), now), '2 hours ago');
  assert.equal(ageText(ago(24 * H - 1), now), '23 hours ago');
  assert.equal(ageText(ago(24 * H), now), '1 day ago');
  assert.equal(ageText(ago(49 * H), now), '2 days ago');
  assert.equal(ageText(ago(-5 * H), now), 'Less than an hour ago', 'a clock ahead of ours is not the future');
});
