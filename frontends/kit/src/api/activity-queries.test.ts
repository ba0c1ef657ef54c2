import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isActivityQueryKey } from './activity-queries.ts';

test('activity feeds are recognised by their path, whatever the query string or key split', () => {
  assert.equal(isActivityQueryKey(['/api/activities']), true);
  assert.equal(isActivityQueryKey(['/api/activities?limit=10']), true);
  assert.equal(isActivityQueryKey(['/api/activities?network=true&limit=20']), true);
  assert.equal(isActivityQueryKey(['/api/users/abc/activities']), true);
  assert.equal(isActivityQueryKey(['/api/users', 'abc', 'activities']), true);
  assert.equal(isActivityQueryKey(['/api/activities/clear']), true);
  assert.equal(isActivityQueryKey(['/api/activitiesx']), false);
  assert.equal(isActivityQueryKey(['/api/users/abc/profile']), false);
  assert.equal(isActivityQueryKey(['/api/account/stats']), false);
});
