// Creating and listing priorities (spec 2.5-2.7, 5 "Create priority", 7.3, 9), from the priorities
// service alone (on PostgreSQL where it answers, so the daily limit is raced by concurrent connections).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { dailyLimitMessage, PRIORITY_MESSAGES as M, type TIssue, type TPriority, ZCreatedPriority, ZIssue } from '@civic/contracts';
import type { Platform } from '@civic/service-kit';
import { useTestService } from '@civic/service-kit/testing';
import { prioritiesService } from '../../src/app.ts';
import { createPriority, listPriorities, priorityBody, setSetting, TEST_ENV } from '../support/priorities-helpers.ts';
import { addMember, type Member } from '../support/priorities-service.ts';

const messageOf = (answer: { body: unknown }) => (answer.body as { message?: string }).message;

describe('creating and listing priorities', () => {
  let platforms: Platform[];
  let ada: Member;
  const service = useTestService(prioritiesService, { env: TEST_ENV });
  before(async () => {
    platforms = [service.platform];
    // Most tests create many priorities from one user; the daily-limit test sets its own limits.
    setSetting(platforms, 'max_priorities_per_user_per_day', '1000');
    ada = await addMember(service, 'Ada', 'Lovelace');
  });

  test('creating a priority answers it, with the author and the issue', async () => {
    const issues = (await ada.client.get<TIssue[]>('/api/issues')).body;
    // The catalogue lists each issue with its count and top priority (issue 38); a priority carries the issue alone.
    const issue = ZIssue.parse(issues.find((i) => i.title === 'Carbon pricing'));
    const body = {
      title: '  Put a price on carbon emissions  ',
      description: 'A steadily rising fee on fossil fuels, returned to households as a dividend.',
      issueId: issue.id,
    };
    const answer = await ada.client.post<TPriority>('/api/priorities', body);
    assert.equal(answer.status, 200, answer.text);
    // The answer is a priority with the caller's balance after the creation cost: none when free.
    const { balance, ...created } = ZCreatedPriority.parse(answer.body);
    assert.equal(balance, null);
    assert.equal(created.title, 'Put a price on carbon emissions', 'trimmed');
    assert.equal(created.description, body.description);
    assert.equal(created.issueId, issue.id);
    assert.deepEqual(created.issue, issue);
    assert.deepEqual(created.author, { id: ada.id, firstName: 'Ada', lastName: 'Lovelace' });
    assert.equal(created.endorsements, 0);
    assert.equal(created.oppositions, 0);
    assert.equal(created.userVote, null);
    assert.equal(created.isActive, true);
    assert.equal(created.rank, null);
    assert.ok(Math.abs(Date.parse(created.createdAt) - Date.now()) < 60_000);

    // "none", empty and absent all leave the issue unset (spec 5); a numeric string is a number.
    for (const issueId of ['none', '', null, undefined]) {
      const unset = await ada.client.post<TPriority>('/api/priorities', priorityBody(issueId === undefined ? {} : { issueId }));
      assert.equal(unset.status, 200, `${JSON.stringify(issueId)}: ${unset.text}`);
      assert.equal(unset.body.issueId, null);
      assert.equal(unset.body.issue, null);
    }
    const asText = await ada.client.post<TPriority>('/api/priorities', priorityBody({ issueId: String(issue.id) }));
    assert.equal(asText.body.issueId, issue.id);

    const listed = await listPriorities(ada.client, '?limit=1000');
    assert.deepEqual(
      listed.body.find((p) => p.id === created.id),
      { ...created, rank: null },
    );
  });

  test('every validation message of spec 5, as a 400 with the message', async () => {
    const cases: [unknown, string][] = [
      [{ ...priorityBody(), title: 'Too short' }, M.titleTooShort],
      [{ ...priorityBody(), title: '         x         ' }, M.titleTooShort],
      [{ ...priorityBody(), title: 'x'.repeat(201) }, M.titleTooLong],
      [{ ...priorityBody(), description: 'Too short to count.' }, M.descriptionTooShort],
      [{ ...priorityBody(), description: 'y'.repeat(1001) }, M.descriptionTooLong],
      [{ description: priorityBody().description }, M.titleTooShort],
      [{ title: priorityBody().title }, M.descriptionTooShort],
      [{ ...priorityBody(), title: 42 }, M.titleTooShort],
      [{ ...priorityBody(), issueId: 9999 }, M.issueNotFound],
      [{ ...priorityBody(), issueId: 0 }, M.issueNotFound],
      [{ ...priorityBody(), issueId: -3 }, M.issueNotFound],
      [{ ...priorityBody(), issueId: 2.5 }, M.issueNotFound],
      [{ ...priorityBody(), issueId: 'economy' }, M.issueNotFound],
      // Past a database integer: still "not found", not a database error.
      [{ ...priorityBody(), issueId: 2_147_483_648 }, M.issueNotFound],
      [{ ...priorityBody(), title: 'Fund the NUL\u0000 character' }, 'Text must not contain NUL characters'],
      [{ ...priorityBody(), description: `${priorityBody().description}\u0000` }, 'Text must not contain NUL characters'],
    ];
    for (const [body, message] of cases) {
      const answer = await ada.client.post('/api/priorities', body);
      assert.equal(answer.status, 400, `${JSON.stringify(body).slice(0, 80)}: ${answer.text}`);
      assert.equal(messageOf(answer), message, JSON.stringify(body).slice(0, 80));
    }
    // The bounds themselves are allowed.
    assert.equal((await ada.client.post('/api/priorities', { ...priorityBody(), title: 't'.repeat(200) })).status, 200);
    assert.equal((await ada.client.post('/api/priorities', { ...priorityBody(), description: 'd'.repeat(1000) })).status, 200);
    assert.equal((await ada.client.post('/api/priorities', { ...priorityBody(), title: 'Ten chars!' })).status, 200);
    // Unknown fields, malformed JSON: a 4xx with a message, never a 500 (SECURITY 29).
    const extra = await ada.client.post('/api/priorities', { ...priorityBody(), authorId: randomUUID() });
    assert.equal(extra.status, 400);
    assert.ok(messageOf(extra));
    const malformed = await ada.client.request('POST', '/api/priorities', { rawBody: '{"title":' });
    assert.equal(malformed.status, 400);
    assert.equal(messageOf(malformed), 'Malformed JSON body');
  });

  test('signed out is 401 and banned is 403, whatever the body', async () => {
    assert.equal((await service.asVisitor().post('/api/priorities', priorityBody())).status, 401);
    assert.equal((await service.asVisitor().get('/api/priorities')).status, 401);
    assert.equal((await service.asVisitor().get('/api/stats')).status, 401);
    const banned = service.asUser(ada.id, { isBanned: true });
    for (const body of [priorityBody(), {}]) {
      const answer = await banned.post('/api/priorities', body);
      assert.equal(answer.status, 403, answer.text);
      assert.equal(messageOf(answer), 'Your account has been banned');
    }
    // Reading stays open to them.
    assert.equal((await banned.get('/api/priorities')).status, 200);
  });

  test('at most max_priorities_per_user_per_day per UTC day, also when created at once', async () => {
    const limited = await addMember(service, 'Daily', 'Limit');
    try {
      setSetting(platforms, 'max_priorities_per_user_per_day', '3');
      for (let i = 0; i < 3; i++) await createPriority(limited.client);
      const refused = await limited.client.post('/api/priorities', priorityBody());
      assert.equal(refused.status, 429, refused.text);
      assert.equal(messageOf(refused), dailyLimitMessage(3));
      assert.equal(messageOf(refused), 'You can create at most 3 priorities per day. Please try again tomorrow.');
      // Raising the limit lets one more through at once; other users have their own count.
      setSetting(platforms, 'max_priorities_per_user_per_day', '4');
      await createPriority(limited.client);
      assert.equal((await limited.client.post('/api/priorities', priorityBody())).status, 429);
      await createPriority((await addMember(service, 'Other', 'Author')).client);

      // 20 creates at once against a limit of 5: exactly 5 succeed.
      setSetting(platforms, 'max_priorities_per_user_per_day', '5');
      const racer = await addMember(service, 'Racing', 'Author');
      const answers = await Promise.all(Array.from({ length: 20 }, () => racer.client.post('/api/priorities', priorityBody())));
      assert.deepEqual(answers.map((a) => a.status).sort(), [...Array(5).fill(200), ...Array(15).fill(429)], answers.map((a) => a.text).join('\n'));
      const mine = (await listPriorities(racer.client, '?limit=1000')).body.filter((p) => p.author.id === racer.id);
      assert.equal(mine.length, 5);
      setSetting(platforms, 'max_priorities_per_user_per_day', '1');
      const single = await addMember(service, 'Single', 'Priority');
      await createPriority(single.client);
      const one = await single.client.post('/api/priorities', priorityBody());
      assert.equal(messageOf(one), 'You can create at most 1 priority per day. Please try again tomorrow.');
    } finally {
      setSetting(platforms, 'max_priorities_per_user_per_day', '1000');
    }
  });

  test('the list: search over title and description (any case), category, limit and offset', async () => {
    const grace = await addMember(service, 'Grace', 'Hopper');
    const issues = (await grace.client.get<TIssue[]>('/api/issues')).body;
    const healthcare = issues.find((i) => i.category === 'Healthcare')!;
    const education = issues.find((i) => i.category === 'Education')!;
    const tag = `zq${Date.now().toString(36)}`;
    const a = await createPriority(grace.client, { title: `Cap insulin prices ${tag}`, issueId: healthcare.id });
    const b = await createPriority(grace.client, {
      title: 'Hire more school counselors',
      description: `Every public school should have counselors; ${tag.toUpperCase()} marks this test's description text.`,
      issueId: education.id,
    });
    const c = await createPriority(grace.client, { title: `100%_literal ${tag} title`, issueId: education.id });

    const found = await listPriorities(grace.client, `?search=${tag.toUpperCase()}`);
    assert.equal(found.status, 200, found.text);
    assert.deepEqual(found.body.map((p) => p.id).sort(), [a.id, b.id, c.id].sort());
    assert.ok(
      found.body.every((p) => p.rank === null),
      'no ranks in a filtered list',
    );

    const educationOnly = await listPriorities(grace.client, `?search=${tag}&category=Education`);
    assert.deepEqual(educationOnly.body.map((p) => p.id).sort(), [b.id, c.id].sort());
    const healthOnly = await listPriorities(grace.client, `?category=Healthcare&limit=1000`);
    assert.ok(healthOnly.body.some((p) => p.id === a.id));
    assert.ok(healthOnly.body.every((p) => p.issue?.category === 'Healthcare'));
    assert.ok(healthOnly.body.every((p) => p.rank === null));

    // % and _ are literal characters, not wildcards.
    assert.deepEqual(
      (await listPriorities(grace.client, `?search=${encodeURIComponent('100%_literal')}`)).body.map((p) => p.id),
      [c.id],
    );
    assert.deepEqual((await listPriorities(grace.client, `?search=${encodeURIComponent(`10_%${tag}`)}`)).body, []);
    // An empty search is no search.
    const all = await listPriorities(grace.client, '?search=&limit=1000');
    assert.ok(all.body.length >= 3);

    // Paging walks the same order.
    const full = all.body.map((p) => p.id);
    const page1 = await listPriorities(grace.client, '?limit=2');
    const page2 = await listPriorities(grace.client, '?limit=2&offset=2');
    assert.deepEqual(
      [...page1.body, ...page2.body].map((p) => p.id),
      full.slice(0, 4),
    );
    assert.equal((await listPriorities(grace.client)).body.length, Math.min(full.length, 50), 'limit defaults to 50');

    for (const query of [
      '?limit=0',
      '?limit=1001',
      '?limit=abc',
      '?offset=-1',
      '?offset=3000000000',
      '?search=%00',
      '?category=Sports',
      '?colour=red',
      `?search=${'s'.repeat(201)}`,
    ]) {
      const answer = await listPriorities(grace.client, query);
      assert.equal(answer.status, 400, `${query}: ${answer.text}`);
      assert.ok(messageOf(answer), query);
    }
  });
});
