import assert from 'node:assert/strict';
import { test } from 'node:test';
import { searchStateOf } from './search-state.ts';

test('an empty box is the Coming Soon placeholder, one character a hint, two or more a trimmed search', () => {
  assert.deepEqual(searchStateOf(''), { kind: 'empty' });
  assert.deepEqual(searchStateOf('   '), { kind: 'empty' });
  assert.deepEqual(searchStateOf(' a '), { kind: 'too-short' });
  assert.deepEqual(searchStateOf('  Ad '), { kind: 'search', q: 'Ad' });
  assert.equal(searchStateOf('x'.repeat(150)).kind, 'search');
  assert.equal((searchStateOf('x'.repeat(150)) as { q: string }).q.length, 100, 'never above the server maximum');
});
