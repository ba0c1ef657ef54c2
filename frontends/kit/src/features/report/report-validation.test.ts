// The Report dialog's reason rule: the contract's messages, on the trimmed text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ADMIN_MESSAGES, REPORT_LIMITS } from '@civic/contracts/admin/messages';
import { reasonProblem } from './report-validation.ts';

test('a reason is required (blanks do not count) and at most 500 characters', () => {
  assert.equal(reasonProblem(''), ADMIN_MESSAGES.reportReasonRequired);
  assert.equal(reasonProblem('   \n'), ADMIN_MESSAGES.reportReasonRequired);
  assert.equal(reasonProblem('x'.repeat(REPORT_LIMITS.reasonMax + 1)), ADMIN_MESSAGES.reportReasonTooLong);
  assert.equal(reasonProblem(` ${'x'.repeat(REPORT_LIMITS.reasonMax)} `), null);
  assert.equal(reasonProblem('Spam'), null);
});
