import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LINK_OTHER_BROWSER, refusalCodeOf } from './link-refusal.ts';

test('reads the code of a JSON refusal, and nothing from anything else', () => {
  assert.equal(refusalCodeOf(JSON.stringify({ message: 'm', code: LINK_OTHER_BROWSER })), LINK_OTHER_BROWSER);
  assert.equal(refusalCodeOf(JSON.stringify({ message: 'm' })), null);
  assert.equal(refusalCodeOf(JSON.stringify({ message: 'm', code: 7 })), null);
  assert.equal(refusalCodeOf('<html>Bad Gateway</html>'), null);
  assert.equal(refusalCodeOf('null'), null);
});
