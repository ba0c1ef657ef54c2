import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveScreen, showsChrome } from './route-table.ts';

test('signed out or loading: only / is the landing page, anything else is 404', () => {
  for (const auth of ['signed-out', 'loading'] as const) {
    assert.equal(resolveScreen('/', auth), 'landing');
    assert.equal(resolveScreen('/priorities', auth), 'not-found');
    assert.equal(resolveScreen('/nope', auth), 'not-found');
  }
});

test('signed in: / is the dashboard, routes without a micro-frontend yet are 404', () => {
  assert.equal(resolveScreen('/', 'signed-in'), 'dashboard');
  assert.equal(resolveScreen('/profile/abc', 'signed-in'), 'profile');
  assert.equal(resolveScreen('/settings', 'signed-in'), 'settings');
  assert.equal(resolveScreen('/priorities', 'signed-in'), 'priorities');
  assert.equal(resolveScreen('/briefing-room', 'signed-in'), 'briefing');
  assert.equal(resolveScreen('/network', 'signed-in'), 'network');
  // The Issues page and an issue's page belong to the priorities area (issue 38).
  for (const path of ['/issues', '/issues/12', '/issues/not-an-id']) assert.equal(resolveScreen(path, 'signed-in'), 'priorities');
  for (const path of ['/admin', '/admin/users', '/admin/moderation', '/admin/settings', '/admin/audit-logs', '/admin/announcements']) {
    assert.equal(resolveScreen(path, 'signed-in'), 'admin');
  }
  for (const path of [
    '/priorities/x',
    '/briefing-room/x',
    '/issues/12/more',
    '/profile',
    '/profile/abc/more',
    '/network/blocked',
    '/admin/other',
    '/admin/settings/x',
    '/unknown',
  ]) {
    assert.equal(resolveScreen(path, 'signed-in'), 'not-found');
  }
});

test('awaiting approval: every path, admin and unknown ones too, shows the notice', () => {
  for (const path of ['/', '/priorities', '/profile/abc', '/admin', '/admin/users', '/issues']) {
    assert.equal(resolveScreen(path, 'awaiting-approval'), 'awaiting-approval');
  }
});

test('chrome shows only when signed in, approved or not', () => {
  assert.equal(showsChrome('signed-in'), true);
  assert.equal(showsChrome('awaiting-approval'), true);
  assert.equal(showsChrome('signed-out'), false);
  assert.equal(showsChrome('loading'), false);
});
