import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TReportedItem } from '@civic/contracts/admin/http';
import { MODERATION_DOCUMENTS_PATH, MODERATION_PRIORITIES_PATH } from './moderation-query.ts';
import { authorNameOf, countOf, countText, deleteQuestion, removalBodyOf, reportCountText, reportedBeyond, reportedFirst } from './moderation-rules.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const report = (targetId: string, reportCount: number, targetType: TReportedItem['targetType'] = 'priority'): TReportedItem => ({
  targetType,
  targetId,
  authorId: id(99),
  authorName: null,
  title: 'x',
  createdAt: '2026-11-01T10:00:00.000Z',
  reportCount,
  reasons: [`reason of ${targetId.slice(-1)}`],
  lastReportedAt: '2026-11-25T10:00:00.000Z',
});

test('spec 7.4, 9: the moderation reads ask 100, priorities with the removed ones', () => {
  assert.equal(MODERATION_PRIORITIES_PATH, '/api/priorities?limit=100&includeInactive=true');
  assert.equal(MODERATION_DOCUMENTS_PATH, '/api/briefing-docs?limit=100');
});

test('reported items first, most reported first, the rest in list order; reports of the other type ignored', () => {
  const items = [1, 2, 3, 4].map((n) => ({ id: id(n) }));
  const ordered = reportedFirst(items, [report(id(3), 1), report(id(4), 2), report(id(1), 5, 'briefing_doc')], 'priority');
  assert.deepEqual(
    ordered.map(({ item }) => item.id),
    [id(4), id(3), id(1), id(2)],
  );
  assert.deepEqual(ordered[0]!.report, { reportCount: 2, reasons: ['reason of 4'] });
  assert.equal(ordered[2]!.report, null);
  assert.deepEqual(
    reportedFirst(items, [], 'priority').map(({ item }) => item.id),
    items.map((item) => item.id),
  );
});

test('card texts: author fallback, counts 0 if missing, the delete question with its noun', () => {
  assert.equal(authorNameOf({ firstName: 'Ada', lastName: 'Lovelace' }), 'Ada Lovelace');
  assert.equal(authorNameOf({ firstName: null, lastName: null }), 'Anonymous citizen');
  assert.equal(countOf(undefined), '0');
  assert.equal(countOf(1234), '1,234');
  assert.equal(countText(undefined, 'endorsement'), '0 endorsements');
  assert.equal(countText(1, 'opposition'), '1 opposition');
  assert.equal(reportCountText(1), '1 report');
  assert.equal(reportCountText(3), '3 reports');
  assert.equal(deleteQuestion('priority'), 'Are you sure you want to delete this priority? This action cannot be undone.');
  assert.equal(deleteQuestion('document'), 'Are you sure you want to delete this document? This action cannot be undone.');
});

test('a reported item of the type that is not among the loaded ones is shown from its report; loaded ones and other types are not', () => {
  const items = [1, 2].map((n) => ({ id: id(n) }));
  const beyond = reportedBeyond(items, [report(id(2), 3), report(id(7), 2), report(id(8), 1, 'briefing_doc')], 'priority');
  assert.deepEqual(
    beyond.map((item) => item.targetId),
    [id(7)],
  );
});

test('issue 22: a priority removal sends the trimmed reason; no body when blank or for a document', () => {
  assert.deepEqual(removalBodyOf('priority', '  Spam links.\n'), { reason: 'Spam links.' });
  assert.equal(removalBodyOf('priority', ''), undefined);
  assert.equal(removalBodyOf('priority', ' \n '), undefined);
  assert.equal(removalBodyOf('document', 'Copied'), undefined);
});
