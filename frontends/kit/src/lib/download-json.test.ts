import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileNameTimestamp } from './download-json.ts';

test('a file-name timestamp is the ISO time without colons or dots', () => {
  assert.equal(fileNameTimestamp(new Date('2026-11-22T03:04:05.123Z')), '2026-11-22T03-04-05-123Z');
  assert.match(fileNameTimestamp(new Date()), /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/);
});
