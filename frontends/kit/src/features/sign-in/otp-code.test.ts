import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EMPTY_CODE, digitFromTyping, digitsFromPaste, fillDigits, isCodeComplete } from './otp-code.ts';

test('paste keeps digits only and the first six', () => {
  assert.deepEqual(digitsFromPaste('12a-34 5678'), ['1', '2', '3', '4', '5', '6']);
  assert.deepEqual(digitsFromPaste('code: 98'), ['9', '8']);
  assert.deepEqual(digitsFromPaste('none'), []);
});

test('fillDigits writes from the start index and drops overflow', () => {
  assert.deepEqual(fillDigits(EMPTY_CODE, 4, ['1', '2', '3']), ['', '', '', '', '1', '2']);
});

test('typing keeps the last digit and ignores other characters', () => {
  assert.equal(digitFromTyping('37'), '7');
  assert.equal(digitFromTyping('x'), '');
});

test('a code is complete with six digits only', () => {
  assert.equal(isCodeComplete(['1', '2', '3', '4', '5', '6']), true);
  assert.equal(isCodeComplete(['1', '2', '3', '4', '5', '']), false);
});
