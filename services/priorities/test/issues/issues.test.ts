// The issue catalogue (spec 3 "Issue") and the Issues page's reads (issue 38), from the priorities
// service alone: GET /api/issues with each issue's active priority count and top priority, and
// GET /api/issues/{id} with the issue's priorities in rank order, searched and paged by keyset; its refusals.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import {
  ISSUE_CATEGORIES,
  PRIORITY_MESSAGES as M,
  type TIssue,
  type TIssuePage,
  type TIssueSummary,
  ZIssue,
  ZIssuePage,
  ZIssueSummary,
} from '@civic/contracts';
import { useTestService } from '@civic/service-kit/testing';
import { prioritiesService } from '../../src/app.ts';
import { createPriority, pollUntil, setSetting, TEST_ENV, vote } from '../support/priorities-helpers.ts';
import { addMember, type Member } from '../support/priorities-service.ts';

const messageOf = (answer: { body: unknown }) => (answer.body as { message?: string }).message;

describe('issues', () => {
  let ada: Member;
  let grace: Member;
  const service = useTestService(prioritiesService, { env: TEST_ENV });
  const summaries = async (client = ada.client) => {
    const answer = await client.get<TIssueSummary[]>('/api/issues');
    assert.equal(answer.status, 200, answer.text);
    return answer.body.map((issue) => ZIssueSummary.parse(issue));
  };
  const issuePage = (path: string, client = grace.client) => client.get<TIssuePage>(`/api/issues/${path}`);

  before(async () => {
    const platforms = [service.platform];
    setSetting(platforms, 'max_priorities_per_user_per_day', '1000');
    setSetting(platforms, 'min_endorsements_for_ranking', '1');
    ada = await addMember(service, 'Ada', 'Lovelace');
    grace = await addMember(service, 'Grace', 'Hopper');
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

  test("each issue's count and top priority, and its page in rank order, searched and paged by keyset", async () => {
    const before = await summaries();
    assert.equal(before.length, 151);
    const issue = before.find((i) => i.title === 'Carbon pricing')!;
    const other = before.find((i) => i.title === 'Federal minimum wage')!;
    assert.equal(issue.priorityCount, 0, 'a fresh service has no priorities');
    assert.equal(issue.topPriority, null);

    const first = await createPriority(ada.client, { title: 'A carbon fee and dividend', issueId: issue.id });
    const ranked = await createPriority(ada.client, { title: 'Border carbon adjustment', issueId: issue.id });
    const opposed = await createPriority(ada.client, { title: 'Cap and trade for power plants', issueId: issue.id });
    await createPriority(ada.client, { issueId: other.id });
    // One endorsement ranks it (min 1): ranked before the unranked, whatever their age; an opposition sinks the last.
    assert.equal((await vote(grace.client, ranked.id, 'endorse')).status, 200);
    assert.equal((await vote(grace.client, opposed.id, 'oppose')).status, 200);

    const after = await pollUntil(summaries, (list) => list.find((i) => i.id === issue.id)!.topPriority?.id === ranked.id);
    const summary = after.find((i) => i.id === issue.id)!;
    assert.deepEqual(summary, {
      ...issue,
      priorityCount: 3,
      topPriority: { id: ranked.id, title: 'Border carbon adjustment', endorsements: 1, oppositions: 0 },
    });
    assert.equal(after.find((i) => i.id === other.id)!.priorityCount, 1);
    assert.equal(after.filter((i) => i.priorityCount > 0).length, 2, 'no other issue counts them');

    const page = await issuePage(String(issue.id));
    assert.equal(page.status, 200, page.text);
    const body = ZIssuePage.parse(page.body);
    assert.deepEqual(body.issue, summary);
    assert.deepEqual(
      body.priorities.map((p) => p.id),
      [ranked.id, first.id, opposed.id],
    );
    assert.deepEqual(
      body.priorities.map((p) => [p.userVote?.voteType ?? null, p.rank, p.issue?.id]),
      [
        ['endorse', null, issue.id],
        [null, null, issue.id],
        ['oppose', null, issue.id],
      ],
      "the caller's votes, no ranks (a filtered list)",
    );

    // Keyset pages: each starts after the last priority of the one before.
    const one = ZIssuePage.parse((await issuePage(`${issue.id}?limit=2`)).body).priorities.map((p) => p.id);
    assert.deepEqual(one, [ranked.id, first.id]);
    const two = ZIssuePage.parse((await issuePage(`${issue.id}?limit=2&after=${first.id}`)).body).priorities.map((p) => p.id);
    assert.deepEqual(two, [opposed.id]);
    const none = ZIssuePage.parse((await issuePage(`${issue.id}?limit=2&after=${opposed.id}`)).body).priorities;
    assert.deepEqual(none, []);

    const searched = ZIssuePage.parse((await issuePage(`${issue.id}?search=${encodeURIComponent('power PLANTS')}`)).body);
    assert.deepEqual(
      searched.priorities.map((p) => p.id),
      [opposed.id],
    );
    assert.deepEqual(ZIssuePage.parse((await issuePage(`${issue.id}?search=%25`)).body).priorities, [], '% is taken literally');
  });

  test('a removed priority leaves the count and the page', async () => {
    const issue = (await summaries()).find((i) => i.title === 'NATO burden sharing')!;
    const removed = await createPriority(ada.client, { issueId: issue.id });
    const kept = await createPriority(ada.client, { issueId: issue.id });
    await pollUntil(summaries, (list) => list.find((i) => i.id === issue.id)!.priorityCount === 2);
    const admin = service.asUser(randomUUID(), { isAdmin: true });
    const deletion = await admin.request('DELETE', `/api/admin/priorities/${removed.id}`, { body: { reason: 'Off topic for this issue.' } });
    assert.equal(deletion.status, 200, deletion.text);
    const after = await pollUntil(summaries, (list) => list.find((i) => i.id === issue.id)!.priorityCount === 1);
    assert.equal(after.find((i) => i.id === issue.id)!.topPriority?.id, kept.id);
    const page = ZIssuePage.parse((await issuePage(String(issue.id))).body);
    assert.deepEqual(
      page.priorities.map((p) => p.id),
      [kept.id],
    );
  });

  test('refusals: signed out 401, an unknown issue 404, a cursor of another issue and a bad limit 400', async () => {
    assert.equal((await service.asVisitor().get('/api/issues/1')).status, 401);
    for (const id of ['152', '0', '999999999999', 'abc']) {
      const answer = await issuePage(id);
      assert.equal(answer.status, 404, `${id}: ${answer.text}`);
      assert.equal(messageOf(answer), M.issueNotFound);
    }
    const elsewhere = await createPriority(ada.client, { issueId: 2 });
    for (const after of [elsewhere.id, randomUUID(), 'not-a-uuid']) {
      const answer = await issuePage(`1?after=${after}`);
      assert.equal(answer.status, 400, `${after}: ${answer.text}`);
      assert.equal(messageOf(answer), M.issuePageCursor);
    }
    for (const limit of ['0', '101', 'x']) assert.equal((await issuePage(`1?limit=${limit}`)).status, 400, limit);
  });
});
