import assert from 'node:assert/strict';
import { test } from 'node:test';
import { networkHref, tabFromSearch } from './network-tab.ts';

test('?tab=blocked is the blocked view; the tabs by name; anything else is Discover', () => {
  assert.equal(tabFromSearch('?tab=blocked'), 'blocked');
  assert.equal(tabFromSearch('?tab=following'), 'following');
  assert.equal(tabFromSearch('?tab=followers&x=1'), 'followers');
  assert.equal(tabFromSearch(''), 'discover');
  assert.equal(tabFromSearch('?tab=BLOCKED'), 'discover');
  assert.equal(tabFromSearch('?tab=admin'), 'discover');
  assert.equal(networkHref('blocked'), '/network?tab=blocked');
  assert.equal(networkHref('discover'), '/network');
});
