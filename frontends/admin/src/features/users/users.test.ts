import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TAdminUser } from '@civic/contracts/admin/http';
import { ACTION_TOASTS, confirmationOf, userActionRequest } from './user-actions.ts';
import { fullNameOf, rowActions, statusBadges, userCounts } from './user-rules.ts';
import { hasNextUsersPage, usersPath } from './users-query.ts';

const ME = '00000000-0000-4000-8000-0000000000aa';
const user = (over: Partial<TAdminUser> = {}): TAdminUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Grace',
  lastName: 'Hopper',
  profileImageUrl: null,
  email: 'grace@example.com',
  politicalCapital: 10,
  followers: 0,
  createdAt: '2026-11-25T10:00:00.000Z',
  isAdmin: false,
  isBanned: false,
  approvalStatus: 'approved',
  ...over,
});

test('spec 7.4, 9: limit 20, offset page × 20, search only when typed; Next while a page is full', () => {
  assert.equal(usersPath('', 0), '/api/admin/users?limit=20&offset=0');
  assert.equal(usersPath('  grace ', 2), '/api/admin/users?limit=20&offset=40&search=grace');
  assert.equal(usersPath('a&b', 0), '/api/admin/users?limit=20&offset=0&search=a%26b');
  assert.equal(hasNextUsersPage(20), true);
  assert.equal(hasNextUsersPage(19), false);
  assert.equal(hasNextUsersPage(0), false);
});

test('status badges: Admin, Banned, Pending; Active only when none applies', () => {
  assert.deepEqual(statusBadges(user()), ['Active']);
  assert.deepEqual(statusBadges(user({ isAdmin: true })), ['Admin']);
  assert.deepEqual(statusBadges(user({ isBanned: true })), ['Banned']);
  assert.deepEqual(statusBadges(user({ isAdmin: true, isBanned: true })), ['Admin', 'Banned']);
  assert.deepEqual(statusBadges(user({ approvalStatus: 'pending' })), ['Pending']);
  assert.deepEqual(statusBadges(user({ approvalStatus: 'rejected' })), ['Rejected']);
});

test('row buttons: own row disabled, Ban disabled for admins and gone once banned, Unban on banned rows, Approve/Reject on pending rows', () => {
  assert.deepEqual(rowActions(user(), ME), { adminToggle: { label: 'Grant Admin', disabled: false }, ban: { disabled: false }, unban: false, decide: null });
  assert.deepEqual(rowActions(user({ isAdmin: true }), ME).adminToggle, { label: 'Revoke Admin', disabled: false });
  assert.deepEqual(rowActions(user({ isAdmin: true }), ME).ban, { disabled: true });
  const own = rowActions(user({ id: ME, isAdmin: true }), ME);
  assert.equal(own.adminToggle.disabled, true);
  assert.deepEqual(own.ban, { disabled: true });
  const banned = rowActions(user({ isBanned: true }), ME);
  assert.equal(banned.ban, null);
  assert.equal(banned.unban, true);
  assert.deepEqual(rowActions(user({ approvalStatus: 'pending' }), ME).decide, { disabled: false });
  assert.equal(rowActions(user({ approvalStatus: 'rejected' }), ME).decide, null);
});

test('count cards come from the page; the name falls back to the e-mail', () => {
  assert.deepEqual(userCounts([user(), user({ isAdmin: true }), user({ isBanned: true })]), { total: 3, admins: 1 });
  assert.deepEqual(userCounts([]), { total: 0, admins: 0 });
  assert.equal(fullNameOf(user()), 'Grace Hopper');
  assert.equal(fullNameOf(user({ lastName: null })), 'Grace');
  assert.equal(fullNameOf(user({ firstName: null, lastName: null })), 'grace@example.com');
});

test("spec 2.12's confirmations, red for Revoke and Ban; Approve acts at once", () => {
  assert.deepEqual(confirmationOf('grant', 'Grace Hopper'), {
    title: 'Change Admin Status',
    text: 'Are you sure you want to grant admin privileges to Grace Hopper?',
    confirmLabel: 'Grant Admin',
    destructive: false,
  });
  assert.deepEqual(confirmationOf('revoke', 'Grace Hopper'), {
    title: 'Change Admin Status',
    text: 'Are you sure you want to revoke admin privileges from Grace Hopper?',
    confirmLabel: 'Revoke Admin',
    destructive: true,
  });
  assert.deepEqual(confirmationOf('ban', 'Grace Hopper'), {
    title: 'Ban User',
    text: 'Are you sure you want to ban Grace Hopper? They will no longer be able to create content.',
    confirmLabel: 'Ban User',
    destructive: true,
  });
  assert.equal(confirmationOf('unban', 'G')?.confirmLabel, 'Unban User');
  assert.equal(confirmationOf('reject', 'G')?.destructive, true);
  assert.equal(confirmationOf('approve', 'G'), null);
});

test('spec 7.4 calls and spec 8 fallbacks', () => {
  const id = user().id;
  assert.deepEqual(userActionRequest('grant', id), { method: 'PATCH', path: `/api/admin/users/${id}/admin`, body: { isAdmin: true } });
  assert.deepEqual(userActionRequest('revoke', id), { method: 'PATCH', path: `/api/admin/users/${id}/admin`, body: { isAdmin: false } });
  assert.deepEqual(userActionRequest('ban', id), { method: 'POST', path: `/api/admin/users/${id}/ban` });
  assert.deepEqual(userActionRequest('unban', id), { method: 'POST', path: `/api/admin/users/${id}/unban` });
  assert.deepEqual(userActionRequest('approve', id), { method: 'POST', path: `/api/admin/users/${id}/approve` });
  assert.deepEqual(userActionRequest('reject', id), { method: 'POST', path: `/api/admin/users/${id}/reject` });
  assert.equal(ACTION_TOASTS.grant.failed, 'Failed to update user admin status');
  assert.equal(ACTION_TOASTS.ban.failed, 'Failed to ban user');
});
