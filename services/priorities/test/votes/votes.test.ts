// Votes, from the priorities service alone (spec 4 "Vote on a priority", SECURITY 18): the state
// machine, the change cooldown (vote_change_cooldown_hours, with a clock the test moves), concurrency
// (on PostgreSQL where it answers), events, and the ranking of docs/ranking.md recomputed from the raw
// votes and promotions.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { PRIORITY_MESSAGES as M, prioritiesEvents, voteCooldownMessage, ZErrorBody, ZPriority, ZVoteResult, type TPriority } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { Platform } from '@civic/service-kit';
import { useTestService } from '@civic/service-kit/testing';
import { SteppingClock } from '../../../../test/support/stepping-clock.ts';
import { MIGRATIONS_DIR, prioritiesService } from '../../src/app.ts';
import { promotionBoostAt } from '../../src/domain/promotion-boost.ts';
import { rankPriorities } from '../../src/domain/ranking.ts';
import { createPriority, listPriorities, removeVote, setSetting, TEST_ENV, vote } from '../support/priorities-helpers.ts';
import { addMember, answerAsLedger, type Member } from '../support/priorities-service.ts';

const HOUR = 3_600_000;
const messageOf = (answer: { body: unknown }) => (answer.body as { message?: string }).message;

/** A cooldown refusal says when the change is allowed again: in the body (retryAt, retryAfterSeconds) and in Retry-After. */
function assertRetryAt(answer: { body: unknown; headers: Headers }, expectedMs: number, nowMs: number): void {
  const body = ZErrorBody.parse(answer.body);
  assert.equal(body.code, 'PRIORITIES_VOTE_COOLDOWN');
  const retryAt = Date.parse(body.retryAt ?? '');
  // The clock runs on while the request is answered: a few seconds of slack, never more.
  assert.ok(Math.abs(retryAt - expectedMs) < 5_000, `retryAt ${body.retryAt}`);
  const seconds = body.retryAfterSeconds ?? -1;
  assert.ok(Math.abs(seconds * 1000 - (expectedMs - nowMs)) < 5_000, `retryAfterSeconds ${seconds}`);
  assert.equal(answer.headers.get('retry-after'), String(seconds));
}

describe('priority votes', () => {
  let platforms: Platform[];
  let tables: SqlDriver;
  let author: Member;
  let voter: Member;
  const clock = new SteppingClock();
  const service = useTestService(prioritiesService, { clock, env: TEST_ENV });
  before(async () => {
    platforms = [service.platform];
    setSetting(platforms, 'max_priorities_per_user_per_day', '1000');
    tables = (await service.platform.databases.open('priorities', MIGRATIONS_DIR)).driver;
    // Promotions (the ranking test) debit the ledger.
    await answerAsLedger(service);
    author = await addMember(service, 'Author', 'One');
    voter = await addMember(service, 'Voter', 'One');
  });

  test('endorse, same again, switch, remove: counts, answers and the events', async () => {
    setSetting(platforms, 'vote_change_cooldown_hours', '0');
    const priority = await createPriority(author.client, { title: 'Fund the state machine test' });
    const first = await vote(voter.client, priority.id, 'endorse');
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(ZVoteResult.parse(first.body), {
      priorityId: priority.id,
      endorsements: 1,
      oppositions: 0,
      userVote: { voteType: 'endorse', lastChangedAt: null },
    });
    const castEvent = await service.events.waitFor(prioritiesEvents.VoteCast, (p) => p.priorityId === priority.id);
    assert.deepEqual(
      { ...castEvent.payload, castAt: undefined },
      {
        priorityId: priority.id,
        userId: voter.id,
        voteType: 'endorse',
        priorityTitle: 'Fund the state machine test',
        castAt: undefined,
      },
    );

    // The same vote again: nothing changes and no event.
    const again = await vote(voter.client, priority.id, 'endorse');
    assert.deepEqual(again.body, first.body);

    const switched = await vote(voter.client, priority.id, 'oppose');
    // A switch is a change: the answer, the list and the kept top list give its time (the cooldown's start).
    const switchedAt = ZVoteResult.parse(switched.body).userVote?.lastChangedAt ?? '';
    assert.ok(Math.abs(Date.parse(switchedAt) - clock.now().getTime()) < 5_000, switchedAt);
    const switchedVote = { voteType: 'oppose', lastChangedAt: switchedAt } as const;
    assert.deepEqual(switched.body, { priorityId: priority.id, endorsements: 0, oppositions: 1, userVote: switchedVote });
    await service.events.waitFor(prioritiesEvents.VoteCast, (p) => p.priorityId === priority.id && p.voteType === 'oppose');

    const listed = (await listPriorities(voter.client, '?limit=1000')).body.find((p) => p.id === priority.id)!;
    assert.deepEqual(listed.userVote, switchedVote);
    assert.equal((await listPriorities(author.client, '?limit=1000')).body.find((p) => p.id === priority.id)!.userVote, null);
    // The same from the kept top list (pages within its first 200), whose priorities are held as
    // JSON: each viewer's own vote, and an answer that is the contract's.
    for (const [client, expected] of [
      [voter.client, switchedVote],
      [author.client, null],
    ] as const) {
      const top = await listPriorities(client, '?limit=200');
      assert.equal(top.status, 200, top.text);
      assert.equal(top.headers.get('content-type'), 'application/json; charset=utf-8');
      const page = ZPriority.array().parse(top.body);
      assert.deepEqual(page.find((p) => p.id === priority.id)!.userVote, expected);
    }

    const gone = await removeVote(voter.client, priority.id);
    assert.equal(gone.status, 200, gone.text);
    assert.deepEqual(gone.body, { priorityId: priority.id, endorsements: 0, oppositions: 0, userVote: null });
    // The voter's votes on the top list were kept by the read above: the removal dropped them.
    const topAfter = ZPriority.array().parse((await listPriorities(voter.client, '?limit=200')).body);
    assert.equal(topAfter.find((p) => p.id === priority.id)!.userVote, null);
    const removedEvent = await service.events.waitFor(prioritiesEvents.VoteRemoved, (p) => p.priorityId === priority.id);
    assert.equal(removedEvent.payload.voteType, 'oppose');
    assert.equal(removedEvent.payload.userId, voter.id);

    // Removing without a vote: 404 with the contract's message, nothing changes.
    const none = await removeVote(voter.client, priority.id);
    assert.equal(none.status, 404, none.text);
    assert.equal(messageOf(none), M.noVote);

    assert.equal(
      service.events.published(prioritiesEvents.VoteCast).filter((e) => e.payload.priorityId === priority.id).length,
      2,
      'no event for the repeated vote',
    );
    const rows = await tables.query('SELECT * FROM priorities.votes WHERE priority_id = $1::uuid', [priority.id]);
    assert.equal(rows.length, 0);
  });

  test('bad votes: unknown priority 404, bad vote type 400, signed out 401, banned 403', async () => {
    const priority = await createPriority(author.client);
    for (const id of [randomUUID(), 'not-a-priority', '1']) {
      const answer = await vote(voter.client, id, 'endorse');
      assert.equal(answer.status, 404, `${id}: ${answer.text}`);
      assert.equal(messageOf(answer), M.priorityNotFound);
      const removal = await removeVote(voter.client, id);
      assert.equal(removal.status, 404);
      assert.equal(messageOf(removal), M.priorityNotFound);
    }
    for (const body of [{ voteType: 'love' }, {}, { voteType: 'endorse', extra: 1 }, { voteType: null }]) {
      const answer = await voter.client.post(`/api/priorities/${priority.id}/vote`, body);
      assert.equal(answer.status, 400, answer.text);
      if (!('extra' in body)) assert.equal(messageOf(answer), M.voteType);
    }
    assert.equal((await vote(service.asVisitor(), priority.id, 'endorse')).status, 401);
    assert.equal((await removeVote(service.asVisitor(), priority.id)).status, 401);

    assert.equal((await vote(voter.client, priority.id, 'endorse')).status, 200);
    const banned = service.asUser(voter.id, { isBanned: true });
    for (const answer of [await vote(banned, priority.id, 'oppose'), await removeVote(banned, priority.id), await vote(banned, randomUUID(), 'endorse')]) {
      assert.equal(answer.status, 403, answer.text);
      assert.equal(messageOf(answer), 'Your account has been banned');
    }
    const after = (await listPriorities(voter.client, '?limit=1000')).body.find((p) => p.id === priority.id)!;
    assert.equal(after.endorsements, 1, 'the banned calls changed nothing');
  });

  test('the change cooldown: first votes free, a switch or removal once per period, 0 turns it off', async () => {
    setSetting(platforms, 'vote_change_cooldown_hours', '24');
    try {
      const priority = await createPriority(author.client);
      const citizen = await addMember(service, 'Cool', 'Down');
      assert.equal((await vote(citizen.client, priority.id, 'endorse')).status, 200, 'first vote');
      // No change yet in this period: the first switch is allowed at once.
      assert.equal((await vote(citizen.client, priority.id, 'oppose')).status, 200, 'first change');

      const refused = await vote(citizen.client, priority.id, 'endorse');
      assert.equal(refused.status, 429, refused.text);
      assert.equal(messageOf(refused), voteCooldownMessage(24 * HOUR));
      assert.equal(messageOf(refused), 'You can change your vote on this priority again in 24 h');
      assertRetryAt(refused, clock.now().getTime() + 24 * HOUR, clock.now().getTime());
      assert.equal((await removeVote(citizen.client, priority.id)).status, 429, 'a removal is a change too');
      // Casting the vote one holds is not a change.
      assert.equal((await vote(citizen.client, priority.id, 'oppose')).status, 200);

      clock.skip(23 * HOUR + 30 * 60_000);
      const later = await removeVote(citizen.client, priority.id);
      assert.equal(later.status, 429);
      assert.equal(messageOf(later), 'You can change your vote on this priority again in 30 min');
      assertRetryAt(later, clock.now().getTime() + 30 * 60_000, clock.now().getTime());
      // Hours and minutes: the setting is read at each change (31 h from the same last change).
      setSetting(platforms, 'vote_change_cooldown_hours', '31');
      const minutes = await vote(citizen.client, priority.id, 'endorse');
      assert.equal(messageOf(minutes), 'You can change your vote on this priority again in 7 h 30 min');
      setSetting(platforms, 'vote_change_cooldown_hours', '24');

      clock.skip(30 * 60_000);
      const removal = await removeVote(citizen.client, priority.id);
      assert.equal(removal.status, 200, removal.text);
      assert.equal(removal.body.oppositions, 0);
      // Re-casting after a removal is free, but the removal started a new period for changes.
      assert.equal((await vote(citizen.client, priority.id, 'endorse')).status, 200, 're-cast');
      assert.equal((await vote(citizen.client, priority.id, 'oppose')).status, 429, 'remove and re-cast cannot dodge the cooldown');
      assert.equal((await removeVote(citizen.client, priority.id)).status, 429);

      // The cooldown is per priority.
      const other = await createPriority(author.client);
      assert.equal((await vote(citizen.client, other.id, 'endorse')).status, 200);
      assert.equal((await vote(citizen.client, other.id, 'oppose')).status, 200);

      // 0 turns it off at once; the setting is read at each change.
      setSetting(platforms, 'vote_change_cooldown_hours', '0');
      assert.equal((await vote(citizen.client, priority.id, 'oppose')).status, 200);
      assert.equal((await removeVote(citizen.client, priority.id)).status, 200);
      assert.equal((await vote(citizen.client, priority.id, 'endorse')).status, 200);
      assert.equal((await vote(citizen.client, priority.id, 'oppose')).status, 200);
      setSetting(platforms, 'vote_change_cooldown_hours', '1');
      const short = await vote(citizen.client, priority.id, 'endorse');
      assert.equal(short.status, 429);
      assert.equal(messageOf(short), 'You can change your vote on this priority again in 1 h');
    } finally {
      setSetting(platforms, 'vote_change_cooldown_hours', '0');
    }
  });

  test('50 parallel endorsements from one user leave one vote and one endorsement (SECURITY 18)', async () => {
    const priority = await createPriority(author.client);
    const racer = await addMember(service, 'Race', 'Voter');
    const answers = await Promise.all(Array.from({ length: 50 }, () => vote(racer.client, priority.id, 'endorse')));
    assert.deepEqual(new Set(answers.map((a) => a.status)), new Set([200]), answers.map((a) => a.text).join('\n'));
    assert.ok(answers.every((a) => a.body.endorsements === 1 && a.body.userVote?.voteType === 'endorse'));
    const rows = await tables.query<{ n: number }>('SELECT count(*)::int AS n FROM priorities.votes WHERE priority_id = $1::uuid', [priority.id]);
    assert.equal(rows[0]!.n, 1);
    const [tally] = await tables.query<{ endorsements: number }>('SELECT endorsements FROM priorities.priorities WHERE id = $1::uuid', [priority.id]);
    assert.equal(tally!.endorsements, 1);

    // Mixed at once, cooldown off: whatever the order, the tallies equal the votes table.
    const crowd = await Promise.all(Array.from({ length: 6 }, (_, i) => addMember(service, `Crowd${i}`, 'Voter')));
    await Promise.all(
      crowd.flatMap((c, i) => [
        vote(c.client, priority.id, i % 2 ? 'oppose' : 'endorse'),
        vote(c.client, priority.id, i % 3 ? 'endorse' : 'oppose'),
        removeVote(c.client, priority.id),
        vote(c.client, priority.id, 'endorse'),
      ]),
    );
    const [counted] = await tables.query<{ e: number; o: number }>(
      `SELECT count(*) FILTER (WHERE vote_type = 'endorse')::int AS e, count(*) FILTER (WHERE vote_type = 'oppose')::int AS o
       FROM priorities.votes WHERE priority_id = $1::uuid`,
      [priority.id],
    );
    const [kept] = await tables.query<{ endorsements: number; oppositions: number; score: number }>(
      'SELECT endorsements, oppositions, score FROM priorities.priorities WHERE id = $1::uuid',
      [priority.id],
    );
    assert.deepEqual({ e: kept!.endorsements, o: kept!.oppositions }, counted);
    assert.equal(kept!.score, kept!.endorsements - kept!.oppositions);
  });

  test('the tallies cannot go negative (CHECK constraints)', async () => {
    const priority = await createPriority(author.client);
    await assert.rejects(tables.query('UPDATE priorities.priorities SET endorsements = -1 WHERE id = $1::uuid', [priority.id]), /check/i);
    await assert.rejects(tables.query('UPDATE priorities.priorities SET oppositions = -1 WHERE id = $1::uuid', [priority.id]), /check/i);
    await assert.rejects(
      tables.query('UPDATE priorities.priorities SET score = 7 WHERE id = $1::uuid', [priority.id]),
      /can only be updated to DEFAULT/i,
      'score is generated from the counts',
    );
  });

  test('every rank recomputed from the raw votes and promotions equals the order and ranks the API answers', async () => {
    setSetting(platforms, 'min_endorsements_for_ranking', '2');
    try {
      const voters = await Promise.all(Array.from({ length: 5 }, (_, i) => addMember(service, `Ranker${i}`, 'Voter')));
      const created: TPriority[] = [];
      for (let i = 0; i < 8; i++) created.push(await createPriority(author.client, { title: `Ranked priority number ${i}` }));
      // A spread of endorsements and oppositions, with ties that only age or id can break.
      const plan = ['eeeee', 'eeeoo', 'eee', 'ee', 'e', 'oo', 'eeo', 'ee'];
      await Promise.all(plan.flatMap((votes, p) => [...votes].map((v, i) => vote(voters[i]!.client, created[p]!.id, v === 'e' ? 'endorse' : 'oppose'))));
      // Promotions (docs/ranking.md v2): one a day old (decayed to half) and a fresh one on the 'ee'
      // priority, one on an opposed priority with no endorsement (a boost buys position, not rank).
      setSetting(platforms, 'priority_promotion_cost', '1');
      const promote = async (priority: TPriority) => assert.equal((await voter.client.post(`/api/priorities/${priority.id}/promote`)).status, 200);
      await promote(created[3]!);
      clock.skip(25 * HOUR);
      await promote(created[3]!);
      await promote(created[5]!);

      const check = async (minEndorsements: number) => {
        const raw = await tables.query<{ id: string; created_at: Date | string; endorsements: number; oppositions: number; boost: number }>(
          `SELECT p.id, p.created_at, p.promotion_boost AS boost,
                  count(v.*) FILTER (WHERE v.vote_type = 'endorse')::int AS endorsements,
                  count(v.*) FILTER (WHERE v.vote_type = 'oppose')::int AS oppositions
           FROM priorities.priorities p LEFT JOIN priorities.votes v ON v.priority_id = p.id
           WHERE p.is_active GROUP BY p.id`,
        );
        // Each boost recomputed from the raw promotions too, and compared with the kept column.
        const promotions = await tables.query<{ priority_id: string; applied_at: Date | string }>(
          `SELECT priority_id, applied_at FROM priorities.promotions WHERE status = 'applied'`,
        );
        const boostOf = (id: string) =>
          promotionBoostAt(
            promotions.filter((p) => p.priority_id === id).map((p) => new Date(p.applied_at).getTime()),
            clock.now().getTime(),
          );
        assert.deepEqual(
          raw.map((r) => [r.id, Number(r.boost)]),
          raw.map((r) => [r.id, boostOf(r.id)]),
        );
        assert.deepEqual(
          [created[3]!, created[5]!].map((p) => boostOf(p.id)),
          [8 + 16, 16],
        );
        const expected = rankPriorities(
          raw.map((r) => ({
            id: r.id,
            endorsements: r.endorsements,
            oppositions: r.oppositions,
            promotionBoost: boostOf(r.id),
            createdAt: new Date(r.created_at).getTime(),
          })),
          minEndorsements,
        );
        const answered = (await listPriorities(author.client, '?limit=1000')).body;
        assert.deepEqual(
          answered.map((p) => ({ id: p.id, rank: p.rank, endorsements: p.endorsements, oppositions: p.oppositions })),
          expected.map((p) => ({ id: p.id, rank: p.rank, endorsements: p.endorsements, oppositions: p.oppositions })),
        );
        // Paged reads, across the boundary between ranked and unranked, give the same order and ranks.
        const ranked = expected.filter((p) => p.rank !== null).length;
        for (const [limit, offset] of [
          [3, 0],
          [3, Math.max(0, ranked - 1)],
          [2, ranked],
          [2, ranked + 1],
          [50, 0],
        ] as const) {
          const page = (await listPriorities(author.client, `?limit=${limit}&offset=${offset}`)).body;
          assert.deepEqual(
            page.map((p) => [p.id, p.rank]),
            expected.slice(offset, offset + limit).map((p) => [p.id, p.rank]),
            `limit ${limit} offset ${offset}`,
          );
        }
        return expected;
      };
      const atTwo = await check(2);
      assert.ok(atTwo.some((p) => p.rank === null) && atTwo.some((p) => p.rank !== null));
      // The threshold can change at any time; the order follows at once.
      setSetting(platforms, 'min_endorsements_for_ranking', '4');
      await check(4);
      setSetting(platforms, 'min_endorsements_for_ranking', '0');
      const all = await check(0);
      assert.ok(all.every((p) => p.rank !== null));
    } finally {
      setSetting(platforms, 'min_endorsements_for_ranking', '5');
      setSetting(platforms, 'priority_promotion_cost', '50');
    }
  });
});
