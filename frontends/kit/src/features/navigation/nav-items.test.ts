import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isActivePath } from './nav-items.ts';

test('a link is active on its path and below it only', () => {
  assert.equal(isActivePath('/priorities', '/priorities'), true);
  assert.equal(isActivePath('/priorities/12', '/priorities'), true);
  assert.equal(isActivePath('/priorities-old', '/priorities'), false);
  assert.equal(isActivePath('/', '/network'), false);
});
