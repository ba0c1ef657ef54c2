import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LIST_PAGE_SIZE, nextOffset, pagePath } from './list-pages.ts';

const page = (length: number) => Array.from({ length }, (_, i) => i);

test('a full page asks for the next offset; a short or empty one ends the list', () => {
  assert.equal(nextOffset(page(LIST_PAGE_SIZE), [page(LIST_PAGE_SIZE)]), 50);
  assert.equal(nextOffset(page(LIST_PAGE_SIZE), [page(LIST_PAGE_SIZE), page(LIST_PAGE_SIZE)]), 100);
  assert.equal(nextOffset(page(49), [page(LIST_PAGE_SIZE), page(49)]), undefined);
  assert.equal(nextOffset(page(0), [page(0)]), undefined);
  assert.equal(pagePath('/api/users/abc/following', 50), '/api/users/abc/following?limit=50&offset=50');
});
