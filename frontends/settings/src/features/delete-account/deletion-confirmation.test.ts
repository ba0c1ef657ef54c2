import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isDeletionConfirmed } from './deletion-confirmation.ts';

test('only exactly DELETE confirms an account deletion', () => {
  assert.equal(isDeletionConfirmed('DELETE'), true);
  for (const typed of ['', 'delete', 'Delete', 'DELETE ', ' DELETE', 'DELET', 'DELETEE']) {
    assert.equal(isDeletionConfirmed(typed), false, JSON.stringify(typed));
  }
});
