import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EMPTY_DOCUMENT_FORM, toCreateDocumentBody, validateDocument } from './validate-document.ts';

const content = 'c'.repeat(20);

test('spec 5 messages at the limits, counted on trimmed text', () => {
  assert.deepEqual(validateDocument({ ...EMPTY_DOCUMENT_FORM, title: 'a'.repeat(5), content }), {});
  assert.deepEqual(validateDocument({ ...EMPTY_DOCUMENT_FORM, title: 'a'.repeat(200), content: 'c'.repeat(5000) }), {});
  assert.deepEqual(validateDocument({ ...EMPTY_DOCUMENT_FORM, title: `  ${'a'.repeat(4)}  `, content: ` ${'c'.repeat(19)} ` }), {
    title: 'Title must be at least 5 characters',
    content: 'Content must be at least 20 characters',
  });
  assert.deepEqual(validateDocument({ ...EMPTY_DOCUMENT_FORM, title: 'a'.repeat(201), content: 'c'.repeat(5001) }), {
    title: 'Title must be less than 200 characters',
    content: 'Content must be less than 5000 characters',
  });
});

test('the type defaults to talking_point; "none" leaves the priority unset; content is sent as typed', () => {
  assert.equal(EMPTY_DOCUMENT_FORM.type, 'talking_point');
  assert.deepEqual(toCreateDocumentBody({ ...EMPTY_DOCUMENT_FORM, title: ' T ', content: ' C ' }), { title: 'T', content: ' C ', type: 'talking_point' });
  const id = '4f1c2c9e-9f6b-4d8e-8a51-1f4c7f0c2b11';
  assert.deepEqual(toCreateDocumentBody({ title: 'T', content: 'C', type: 'research', priorityId: id }), {
    title: 'T',
    content: 'C',
    type: 'research',
    priorityId: id,
  });
});
