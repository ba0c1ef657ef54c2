import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TIssueSummary } from '@civic/contracts/priorities/http';
import { filterIssues, groupByCategory } from './filter-issues.ts';

const issue = (id: number, title: string, category: TIssueSummary['category'], top: string | null = null): TIssueSummary => ({
  id,
  title,
  category,
  priorityCount: top ? 1 : 0,
  topPriority: top ? { id: '00000000-0000-4000-8000-000000000000', title: top, endorsements: 0, oppositions: 0 } : null,
});

const ISSUES = [
  issue(1, 'Federal minimum wage', 'Economy'),
  issue(2, 'Carbon pricing', 'Environment', 'A carbon fee and dividend'),
  issue(3, 'Medicare drug price negotiation', 'Healthcare'),
];

test('the search matches the title, the category and the top priority, in any case; blank shows all', () => {
  assert.deepEqual(
    filterIssues(ISSUES, '  WAGE ').map((i) => i.id),
    [1],
  );
  assert.deepEqual(
    filterIssues(ISSUES, 'healthcare').map((i) => i.id),
    [3],
  );
  assert.deepEqual(
    filterIssues(ISSUES, 'dividend').map((i) => i.id),
    [2],
  );
  assert.equal(filterIssues(ISSUES, '   ').length, 3);
  assert.deepEqual(filterIssues(ISSUES, 'nothing like it'), []);
});

test('groups follow the categories order and leave empty ones out', () => {
  assert.deepEqual(
    groupByCategory(ISSUES).map((g) => [g.category, g.issues.map((i) => i.id)]),
    [
      ['Economy', [1]],
      ['Healthcare', [3]],
      ['Environment', [2]],
    ],
  );
});
