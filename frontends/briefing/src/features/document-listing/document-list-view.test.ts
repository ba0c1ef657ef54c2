import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALL_TYPES, documentListPath } from './briefing-queries.ts';
import { canLoadMore, contentPreview, hasActiveFilters, PREVIEW_LENGTH } from './document-list-view.ts';

test('the preview is the content up to 300 characters, then its first 300 and an ellipsis', () => {
  assert.deepEqual(contentPreview('short'), { text: 'short', truncated: false });
  const exact = 'a'.repeat(PREVIEW_LENGTH);
  assert.deepEqual(contentPreview(exact), { text: exact, truncated: false });
  const long = `${'b'.repeat(PREVIEW_LENGTH)}c`;
  assert.deepEqual(contentPreview(long), { text: `${'b'.repeat(PREVIEW_LENGTH)}...`, truncated: true });
});

test('a character outside the BMP counts once and is never cut in half', () => {
  const emoji = '\u{1F5F3}';
  const content = emoji.repeat(PREVIEW_LENGTH + 1);
  const preview = contentPreview(content);
  assert.equal(preview.truncated, true);
  assert.equal(preview.text, `${emoji.repeat(PREVIEW_LENGTH)}...`);
});

test('Load More at non-zero multiples of 50 below the deepest read', () => {
  assert.equal(canLoadMore(0), false);
  assert.equal(canLoadMore(49), false);
  assert.equal(canLoadMore(50), true);
  assert.equal(canLoadMore(51), false);
  assert.equal(canLoadMore(100), true);
  assert.equal(canLoadMore(1000), false);
});

test('filters are active with a search or a type', () => {
  assert.equal(hasActiveFilters({ search: '  ', type: ALL_TYPES }), false);
  assert.equal(hasActiveFilters({ search: 'roads', type: ALL_TYPES }), true);
  assert.equal(hasActiveFilters({ search: '', type: 'research' }), true);
});

test('the search is sent from its third character (the service refuses shorter terms); shorter ones list everything', () => {
  const path = (search: string) => documentListPath({ search, type: ALL_TYPES, limit: 50 });
  for (const short of ['', '  ', 'a', ' ab ', '\u{1F5F3}\u{1F5F3}']) assert.equal(path(short), '/api/briefing-docs?limit=50', short);
  assert.equal(path(' abc '), '/api/briefing-docs?search=abc&limit=50');
});
