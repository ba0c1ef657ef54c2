// The list's SQL (src/documents/list-documents.ts): a search term is matched literally (its own
// % _ and \ escaped), filters are parameters in order, and the page is newest first.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { containsPattern, listQuery } from '../../src/documents/list-documents.ts';

test('a search term matches anywhere, its LIKE wildcards and backslash taken literally', () => {
  assert.equal(containsPattern('tax'), '%tax%');
  assert.equal(containsPattern('50%_off\\now'), '%50\\%\\_off\\\\now%');
});

test('no filter: every document, newest first, limit and offset as parameters', () => {
  const { sql, params } = listQuery({ limit: 50, offset: 100 });
  assert.doesNotMatch(sql, /WHERE/);
  assert.match(sql, /ORDER BY d\.created_at DESC, d\.id DESC LIMIT \$1::int OFFSET \$2::int/);
  assert.deepEqual(params, [50, 100]);
});

test('search and type: the lower-cased title and content, and the type, then the page', () => {
  const { sql, params } = listQuery({ search: 'roads', type: 'research', limit: 10, offset: 0 });
  assert.match(sql, /d\.search_text LIKE lower\(\$1\) AND d\.type = \$2/);
  assert.deepEqual(params, ['%roads%', 'research', 10, 0]);
});
