import assert from 'node:assert/strict';
import { test } from 'node:test';
import { randomUuid } from './random-uuid.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('random UUIDs are version 4 with the RFC 4122 variant, and differ every time', () => {
  const made = Array.from({ length: 1000 }, randomUuid);
  for (const uuid of made) assert.match(uuid, UUID_V4);
  assert.equal(new Set(made).size, made.length);
});
