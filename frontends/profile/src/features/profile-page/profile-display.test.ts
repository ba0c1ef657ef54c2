import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BLOCK_NOTICES, blockNoticeOf } from './profile-display.ts';

test('a block either way gives the profile its notice; my own block is the one named first', () => {
  assert.equal(blockNoticeOf({ isBlocked: false, isBlockedBy: false }), null);
  assert.equal(blockNoticeOf({ isBlocked: true, isBlockedBy: false }), BLOCK_NOTICES.blocked);
  assert.equal(blockNoticeOf({ isBlocked: false, isBlockedBy: true }), BLOCK_NOTICES.blockedBy);
  assert.equal(blockNoticeOf({ isBlocked: true, isBlockedBy: true }), BLOCK_NOTICES.blocked);
});
