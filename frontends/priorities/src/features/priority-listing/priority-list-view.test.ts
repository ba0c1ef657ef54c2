import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canLoadMore, hasActiveFilters, showsRankNumbers } from './priority-list-view.ts';
import { priorityListPath } from './priority-queries.ts';
import { sortPriorities } from './sort-priorities.ts';
import { categoryBadgeClasses, NEUTRAL_CATEGORY_BADGE_CLASSES } from './issue-categories.ts';

test('rank numbers only in the unfiltered rank view', () => {
  assert.equal(showsRankNumbers({ search: '', category: 'all', sort: 'rank' }), true);
  assert.equal(showsRankNumbers({ search: '  ', category: 'all', sort: 'rank' }), true);
  assert.equal(showsRankNumbers({ search: 'tax', category: 'all', sort: 'rank' }), false);
  assert.equal(showsRankNumbers({ search: '', category: 'Economy', sort: 'rank' }), false);
  assert.equal(showsRankNumbers({ search: '', category: 'all', sort: 'recent' }), false);
  assert.equal(showsRankNumbers({ search: '', category: 'all', sort: 'endorsed' }), false);
  assert.equal(hasActiveFilters({ search: '', category: 'all' }), false);
  assert.equal(hasActiveFilters({ search: '', category: 'Healthcare' }), true);
});

test('Load More at non-zero multiples of 50', () => {
  for (const count of [0, 1, 49, 51, 99]) assert.equal(canLoadMore(count), false, String(count));
  for (const count of [50, 100, 150, 950]) assert.equal(canLoadMore(count), true, String(count));
  // The server answers at most 1,000 a read: a 1,050 it would refuse.
  assert.equal(canLoadMore(1000), false);
});

test('the list query: search when not blank, category omitted when all, limit always', () => {
  assert.equal(priorityListPath({ search: '', category: 'all', limit: 50 }), '/api/priorities?limit=50');
  assert.equal(
    priorityListPath({ search: ' clean water ', category: 'Foreign Policy', limit: 100 }),
    '/api/priorities?search=clean+water&category=Foreign+Policy&limit=100',
  );
});

test('sorts: rank keeps the server order, recent by creation, endorsed by endorsements (ties stay in rank order)', () => {
  const list = [
    { id: 'a', createdAt: '2026-01-01T00:00:00Z', endorsements: 3 },
    { id: 'b', createdAt: '2026-01-03T00:00:00Z', endorsements: 1 },
    { id: 'c', createdAt: '2026-01-02T00:00:00Z', endorsements: 3 },
    { id: 'd', createdAt: '2026-01-04T00:00:00Z', endorsements: 7 },
  ];
  const ids = (sorted: { id: string }[]) => sorted.map((p) => p.id).join('');
  assert.equal(ids(sortPriorities(list, 'rank')), 'abcd');
  assert.equal(ids(sortPriorities(list, 'recent')), 'dbca');
  assert.equal(ids(sortPriorities(list, 'endorsed')), 'dacb');
  assert.equal(ids(list), 'abcd', 'the input is left alone');
});

test('five category colours, neutral for anything else', () => {
  const colours = new Set(['Economy', 'Healthcare', 'Education', 'Environment', 'Foreign Policy'].map(categoryBadgeClasses));
  assert.equal(colours.size, 5);
  assert.equal(colours.has(NEUTRAL_CATEGORY_BADGE_CLASSES), false);
  assert.equal(categoryBadgeClasses('Agriculture'), NEUTRAL_CATEGORY_BADGE_CLASSES);
});
