import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toCreatePriorityBody, validatePriority } from './validate-priority.ts';

const description = 'x'.repeat(50);

test('spec 5 messages at the limits, counted on trimmed text', () => {
  assert.deepEqual(validatePriority({ title: 'a'.repeat(10), description, issueId: 'none' }), {});
  assert.deepEqual(validatePriority({ title: 'a'.repeat(200), description: 'x'.repeat(1000), issueId: 'none' }), {});
  assert.deepEqual(validatePriority({ title: `  ${'a'.repeat(9)}  `, description: ` ${'x'.repeat(49)} `, issueId: 'none' }), {
    title: 'Title must be at least 10 characters',
    description: 'Description must be at least 50 characters',
  });
  assert.deepEqual(validatePriority({ title: 'a'.repeat(201), description: 'x'.repeat(1001), issueId: 'none' }), {
    title: 'Title must be less than 200 characters',
    description: 'Description must be less than 1000 characters',
  });
});

test('"none" leaves the issue unset; a chosen issue is sent as a number', () => {
  assert.deepEqual(toCreatePriorityBody({ title: ' T ', description: ' D ', issueId: 'none' }), { title: 'T', description: 'D' });
  assert.deepEqual(toCreatePriorityBody({ title: 'T', description: 'D', issueId: '42' }), { title: 'T', description: 'D', issueId: 42 });
});
