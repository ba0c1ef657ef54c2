// The issue catalogue (spec 3 "Issue"), from the priorities service alone.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ISSUE_CATEGORIES, type TIssue, ZIssue } from '@civic/contracts';
import { useTestService } from '@civic/service-kit/testing';
import { prioritiesService } from '../../src/app.ts';
import { TEST_ENV } from '../support/priorities-helpers.ts';
import { addMember, type Member } from '../support/priorities-service.ts';

describe('issue catalogue', () => {
  const service = useTestService(prioritiesService, { env: TEST_ENV });
  let ada: Member;
  before(async () => {
    ada = await addMember(service, 'Ada', 'Lovelace');
  });

  test('the catalogue: 151 real issues with stable ids in exactly the five categories', async () => {
    const answer = await ada.client.get<TIssue[]>('/api/issues');
    assert.equal(answer.status, 200, answer.text);
    const issues = answer.body.map((issue) => ZIssue.parse(issue));
    assert.equal(issues.length, 151);
    assert.deepEqual(
      issues.map((i) => i.id),
      Array.from({ length: 151 }, (_, i) => i + 1),
    );
    assert.deepEqual([...new Set(issues.map((i) => i.category))].sort(), [...ISSUE_CATEGORIES].sort());
    for (const category of ISSUE_CATEGORIES) assert.ok(issues.filter((i) => i.category === category).length >= 30, category);
    assert.equal(new Set(issues.map((i) => i.title.toLowerCase())).size, 151, 'distinct titles');
    const byTitle = new Map(issues.map((i) => [i.title, i.category]));
    assert.equal(byTitle.get('Federal minimum wage'), 'Economy');
    assert.equal(byTitle.get('Medicare drug price negotiation'), 'Healthcare');
    assert.equal(byTitle.get('Student loan forgiveness'), 'Education');
    assert.equal(byTitle.get('Carbon pricing'), 'Environment');
    assert.equal(byTitle.get('NATO burden sharing'), 'Foreign Policy');
    assert.equal((await service.asVisitor().get('/api/issues')).status, 401, 'signed out');
  });
});
