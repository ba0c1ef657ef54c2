// The daily-login key: the UTC calendar day, whatever the local zone of the moment's writer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { utcDayOf } from '../../src/domain/utc-day.ts';

test('a moment belongs to its UTC day: midnight UTC starts the next', () => {
  assert.equal(utcDayOf(new Date('2026-11-24T23:59:59.999Z')), '2026-11-24');
  assert.equal(utcDayOf(new Date('2026-11-25T00:00:00.000Z')), '2026-11-25');
  // 8 pm in New York on the 24th is already the 25th in UTC.
  assert.equal(utcDayOf(new Date('2026-11-24T20:00:00-05:00')), '2026-11-25');
  assert.equal(utcDayOf(new Date('2028-02-29T12:00:00Z')), '2028-02-29');
});
