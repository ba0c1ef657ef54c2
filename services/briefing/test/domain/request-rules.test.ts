// The Contribute Document request and the list query (contracts/src/briefing/http.ts): spec 5's
// rules with their messages, the type's default, the picker's "none", content kept verbatim.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BRIEFING_MESSAGES as M, ZBriefingDocListQuery, ZCreateBriefingDocRequest } from '@civic/contracts';

const content = 'Twenty characters or more of content.';
const firstMessage = (input: unknown) => {
  const result = ZCreateBriefingDocRequest.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

test('defaults: type talking_point, no priority; the title is trimmed, the content kept verbatim', () => {
  const padded = `  ${content}\n`;
  assert.deepEqual(ZCreateBriefingDocRequest.parse({ title: '  Hello world ', content: padded, priorityId: 'none' }), {
    title: 'Hello world',
    content: padded,
    type: 'talking_point',
    priorityId: undefined,
  });
});

test("each rule answers spec 5's message", () => {
  assert.equal(firstMessage({ title: 'abcd', content }), M.titleTooShort);
  assert.equal(firstMessage({ title: 'a'.repeat(201), content }), M.titleTooLong);
  assert.equal(firstMessage({ title: 'Hello', content: `  ${'c'.repeat(19)}  ` }), M.contentTooShort);
  assert.equal(firstMessage({ title: 'Hello', content: 'c'.repeat(5001) }), M.contentTooLong);
  assert.equal(firstMessage({ title: 'Hello', content, type: 'memo' }), M.type);
  assert.equal(firstMessage({ title: 'Hello', content, priorityId: 'abc' }), M.priorityNotFound);
  assert.equal(firstMessage({ title: 'a'.repeat(200), content: 'c'.repeat(5000), type: 'research' }), null);
});

test('the list query: defaults, and no read past row 1000', () => {
  assert.deepEqual(ZBriefingDocListQuery.parse({}), { limit: 50, offset: 0 });
  assert.equal(ZBriefingDocListQuery.safeParse({ limit: '50', offset: '950' }).success, true);
  assert.equal(ZBriefingDocListQuery.safeParse({ limit: '50', offset: '951' }).success, false);
  assert.equal(ZBriefingDocListQuery.safeParse({ type: 'memo' }).success, false);
});
