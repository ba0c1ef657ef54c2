import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateEmail } from './validate-email.ts';

test('validateEmail gives the spec messages', () => {
  assert.equal(validateEmail('   '), 'Please enter your email address');
  assert.equal(validateEmail('jane@example'), 'Please enter a valid email address');
  assert.equal(validateEmail('jane@example.com'), null);
});
