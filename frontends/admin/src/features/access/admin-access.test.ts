import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CurrentUser } from '@civic/frontend-kit';
import { adminAccess } from './admin-access.ts';

const user = (isAdmin: boolean) => ({ id: 'u', isAdmin }) as CurrentUser;

test('an admin is let in; a citizen or nobody is refused; loading waits', () => {
  assert.equal(adminAccess(user(true), false), 'granted');
  assert.equal(adminAccess(user(false), false), 'denied');
  assert.equal(adminAccess(null, false), 'denied');
  assert.equal(adminAccess(null, true), 'loading');
});
