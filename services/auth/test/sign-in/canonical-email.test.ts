import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonicalEmail } from '../../src/sign-in/canonical-email.ts';
import { CANONICAL_CASES } from './canonical-email-cases.ts';

test('the canonical form: +tags removed on every domain, dots ignored and googlemail.com read as gmail.com on Gmail', () => {
  for (const [typed, canonical] of CANONICAL_CASES) assert.equal(canonicalEmail(typed), canonical, typed);
});
