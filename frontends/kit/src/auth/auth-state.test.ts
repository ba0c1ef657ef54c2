import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { queryClient } from '../api/query-client.ts';
import { isAwaitingApproval } from './approval.ts';
import { hasSession, readAuthState } from './auth-state.ts';
import { CURRENT_USER_QUERY_KEY, type CurrentUser } from './current-user.ts';

const user = (approvalStatus?: 'approved' | 'pending' | 'rejected') =>
  ({ id: 'u', email: 'a@example.com', isAdmin: false, approvalStatus }) as unknown as CurrentUser;

afterEach(() => queryClient.clear());

test('the session: loading, signed out, signed in, and awaiting approval for a pending account', () => {
  assert.equal(readAuthState(), 'loading');
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
  assert.equal(readAuthState(), 'signed-out');
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user('approved'));
  assert.equal(readAuthState(), 'signed-in');
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user('pending'));
  assert.equal(readAuthState(), 'awaiting-approval');
  assert.equal(hasSession('awaiting-approval'), true);
  assert.equal(hasSession('signed-out'), false);
});

test('an answer without approvalStatus is an approved account', () => {
  assert.equal(isAwaitingApproval(user()), false);
  assert.equal(isAwaitingApproval(null), false);
  assert.equal(isAwaitingApproval(user('pending')), true);
});
