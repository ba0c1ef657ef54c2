// An administrator removes a priority (issue 20, DELETE /api/admin/priorities/{id}) through the
// gateway on both run profiles: refusals (signed out, citizen, unknown id); the soft delete leaves
// every citizen list, the ranking (the others' ranks close up), the stats and the author's account
// counts at the commit of the request, while its votes stay; votes and promotions on it answer 404;
// the moderation list (includeInactive) shows it Inactive to administrators only; a repetition and
// ten concurrent removals write one civic.priorities.priority.removed, which becomes exactly one
// delete_priority audit entry; the administrator's optional reason (issue 22) reaches the event, and a
// removal without a body still works; open live streams are told to refetch.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import {
  ACCOUNT_COUNT_REQUESTS,
  ADMIN_MESSAGES,
  prioritiesEvents,
  REMOVAL_REASON_MAX,
  ZDeletePriorityResponse,
  type TAuditLog,
  type TPriority,
  type TStats,
} from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { ApiClient } from '../../../test/support/api-client.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import {
  createPriority,
  listPriorities,
  openPrioritiesTables,
  openRankingsStream,
  pollUntil,
  removeVote,
  sessionFor,
  setSetting,
  signInCitizen,
  TEST_ENV,
  vote,
  type Citizen,
} from './support/priorities-helpers.ts';

const REMOVED_SUBJECT = 'civic.priorities.priority.removed';

for (const { profile, skip } of await profilePlan()) {
  describe(`priority removal (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth', 'account', 'ledger', 'priorities', 'admin'], env: TEST_ENV });
    let tables: SqlDriver;
    let author: Citizen;
    let voters: Citizen[];
    let admin: ApiClient;
    const adminId = randomUUID();
    const removeAs = (client: ApiClient, id: string) => client.request('DELETE', `/api/admin/priorities/${id}`);
    const ids = (list: TPriority[]) => list.map((p) => p.id);
    /** The author's counts as GET /api/account/stats gets them: priorities' answer to the account service's request. */
    const countsOf = async (userId: string) =>
      (await stack.adminPlatform()).requests.request(
        ACCOUNT_COUNT_REQUESTS.priorities,
        {},
        { caller: 'account', identity: { userId, isAdmin: false, isBanned: false, ip: '127.0.0.1' } },
      );
    const outboxRows = async (priorityId: string) =>
      Number(
        (
          await tables.query<{ n: number }>(`SELECT count(*)::int AS n FROM priorities.outbox WHERE subject = $1 AND payload->>'priorityId' = $2`, [
            REMOVED_SUBJECT,
            priorityId,
          ])
        )[0]!.n,
      );
    const auditEntries = async (priorityId: string) => {
      const answer = await admin.get<TAuditLog[]>(`/api/admin/audit-logs?action=delete_priority&search=${priorityId}`);
      assert.equal(answer.status, 200, answer.text);
      return answer.body;
    };

    before(async () => {
      const platforms = [stack.platforms.priorities!];
      setSetting(platforms, 'max_priorities_per_user_per_day', '1000');
      setSetting(platforms, 'min_endorsements_for_ranking', '1');
      tables = await openPrioritiesTables(stack);
      admin = await sessionFor(stack, adminId, { isAdmin: true });
      author = await signInCitizen(stack, 'Removed', 'Author');
      voters = [await signInCitizen(stack, 'First', 'Voter'), await signInCitizen(stack, 'Second', 'Voter'), await signInCitizen(stack, 'Third', 'Voter')];
    });

    test('refusals: signed out 401, a citizen 403, an unknown or malformed id 404 "Priority not found"', async () => {
      const priority = await createPriority(author.client);
      assert.equal((await removeAs(stack.client(), priority.id)).status, 401);
      assert.equal((await removeAs(author.client, priority.id)).status, 403);
      assert.equal((await removeAs(await sessionFor(stack, voters[0]!.id), priority.id)).status, 403);
      for (const id of [randomUUID(), 'not-a-uuid']) {
        const answer = await removeAs(admin, id);
        assert.equal(answer.status, 404, answer.text);
        assert.equal((answer.body as { message?: string }).message, ADMIN_MESSAGES.priorityNotFound);
      }
      assert.ok(ids((await listPriorities(author.client, '?limit=1000')).body).includes(priority.id), 'still listed');
      assert.equal(await outboxRows(priority.id), 0);
    });

    test('a removal leaves the lists, the ranking, the stats and the account counts at once; its votes stay', async () => {
      const tag = `Moderated${Date.now()}`;
      const titled = (n: string) => ({ title: `${tag} ${n} priority to rank`, issueId: 1 });
      const removed = await createPriority(author.client, titled('first'));
      const second = await createPriority(author.client, titled('second'));
      const third = await createPriority(author.client, titled('third'));
      // removed 3 endorsements, second 2, third 1: in that rank order.
      for (const [priority, count] of [
        [removed, 3],
        [second, 2],
        [third, 1],
      ] as const) {
        for (const voter of voters.slice(0, count)) assert.equal((await vote(voter.client, priority.id, 'endorse')).status, 200);
      }
      const rankOf = (list: TPriority[], id: string) => list.find((p) => p.id === id)?.rank;
      const before = (await listPriorities(author.client, '?limit=1000')).body;
      assert.equal(rankOf(before, second.id), rankOf(before, removed.id)! + 1);
      const stats = async () => (await author.client.get<TStats>('/api/stats')).body.totalPriorities;
      const statsBefore = await stats();
      const countsBefore = await countsOf(author.id);
      const voterCountsBefore = await countsOf(voters[0]!.id);

      const answer = await removeAs(admin, removed.id);
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(ZDeletePriorityResponse.parse(answer.body), { message: ADMIN_MESSAGES.priorityDeleted, id: removed.id });

      // No waiting: everything below is read right after the answer.
      for (const query of ['', '?limit=50', '?limit=1000', `?search=${tag}`, '?category=Economy&limit=1000']) {
        const list = (await listPriorities(author.client, query)).body;
        assert.ok(!ids(list).includes(removed.id), `gone from ${query || 'the default list'}`);
        assert.ok(ids(list).includes(second.id), `the others stay in ${query || 'the default list'}`);
      }
      const after = (await listPriorities(author.client, '?limit=1000')).body;
      assert.equal(rankOf(after, second.id), rankOf(before, second.id)! - 1, 'the ranks below close up');
      assert.equal(rankOf(after, third.id), rankOf(before, third.id)! - 1);
      assert.deepEqual(ids((await listPriorities(author.client, `?search=${tag}`)).body).sort(), [second.id, third.id].sort());
      assert.equal(await stats(), statsBefore - 1);
      assert.equal((await countsOf(author.id)).prioritiesCount, countsBefore.prioritiesCount - 1);
      assert.deepEqual(await countsOf(voters[0]!.id), voterCountsBefore, "a voter's votes stay counted (kept for the record)");

      // Votes on it stay, with its tallies; new votes, their removal and promotions answer 404 as for an unknown one.
      const [row] = await tables.query<{ endorsements: number; is_active: boolean; removed_by: string; votes: number }>(
        `SELECT endorsements, is_active, removed_by, (SELECT count(*)::int FROM priorities.votes WHERE priority_id = $1::uuid) AS votes
         FROM priorities.priorities WHERE id = $1::uuid`,
        [removed.id],
      );
      assert.deepEqual({ ...row, endorsements: Number(row!.endorsements) }, { endorsements: 3, is_active: false, removed_by: adminId, votes: 3 });
      for (const answer of [
        await vote(voters[0]!.client, removed.id, 'oppose'),
        await vote(author.client, removed.id, 'endorse'),
        await removeVote(voters[0]!.client, removed.id),
        await author.client.post(`/api/priorities/${removed.id}/promote`),
      ]) {
        assert.equal(answer.status, 404, answer.text);
      }

      // The moderation list: an administrator sees it Inactive (newest first); a citizen's includeInactive is ignored.
      const moderation = (await listPriorities(admin, '?includeInactive=true&limit=100')).body;
      const shown = moderation.find((p) => p.id === removed.id);
      assert.equal(shown?.isActive, false);
      assert.equal(shown?.endorsements, 3);
      assert.equal(moderation.find((p) => p.id === second.id)?.isActive, true);
      assert.deepEqual(
        moderation.map((p) => p.createdAt),
        moderation
          .map((p) => p.createdAt)
          .sort()
          .reverse(),
        'newest first',
      );
      assert.deepEqual(ids((await listPriorities(admin, `?includeInactive=true&search=${tag}`)).body), [third.id, second.id, removed.id]);
      assert.ok(!ids((await listPriorities(admin, '?limit=100')).body).includes(removed.id), 'without the parameter, admins get the citizen list');
      assert.ok(!ids((await listPriorities(author.client, '?includeInactive=true&limit=100')).body).includes(removed.id), 'ignored for a citizen');
      assert.equal((await listPriorities(admin, '?includeInactive=yes')).status, 400);
    });

    test('idempotent and concurrent: ten removals at once answer 200 with one event and one delete_priority entry', async () => {
      const priority = await createPriority(author.client, { title: 'Removed ten times over, recorded once' });
      const answers = await Promise.all(Array.from({ length: 10 }, () => removeAs(admin, priority.id)));
      for (const answer of answers) {
        assert.equal(answer.status, 200, answer.text);
        assert.deepEqual(answer.body, { message: ADMIN_MESSAGES.priorityDeleted, id: priority.id });
      }
      assert.equal((await removeAs(admin, priority.id.toUpperCase())).status, 200, 'again later, in capitals');
      assert.equal(await outboxRows(priority.id), 1);

      const [entry] = await pollUntil(
        () => auditEntries(priority.id),
        (entries) => entries.length > 0,
      );
      assert.equal(entry!.adminId, adminId);
      assert.equal(entry!.targetType, 'priority');
      assert.equal(entry!.targetId, priority.id);
      assert.deepEqual(entry!.details, { title: priority.title, authorId: author.id });
      // A second entry would have had time to arrive while a later event was consumed.
      const later = await createPriority(author.client);
      assert.equal((await removeAs(admin, later.id)).status, 200);
      await pollUntil(
        () => auditEntries(later.id),
        (entries) => entries.length === 1,
      );
      assert.equal((await auditEntries(priority.id)).length, 1);
    });

    test("the administrator's reason (issue 22): trimmed into the event, left out when empty; no body works; over 500 characters 400", async () => {
      const removedPayload = async (priorityId: string) => {
        const rows = await tables.query<{ payload: unknown }>(`SELECT payload FROM priorities.outbox WHERE subject = $1 AND payload->>'priorityId' = $2`, [
          REMOVED_SUBJECT,
          priorityId,
        ]);
        assert.equal(rows.length, 1);
        return prioritiesEvents.PriorityRemoved.schema.parse(rows[0]!.payload);
      };
      const removeWith = (id: string, options: Parameters<ApiClient['request']>[2]) => admin.request('DELETE', `/api/admin/priorities/${id}`, options);

      const reasoned = await createPriority(author.client, { title: 'Removed with a reason' });
      const answer = await removeWith(reasoned.id, { body: { reason: '  Personal attacks on a named person.\n' } });
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(answer.body, { message: ADMIN_MESSAGES.priorityDeleted, id: reasoned.id });
      const event = await removedPayload(reasoned.id);
      assert.equal(event.reason, 'Personal attacks on a named person.');
      assert.deepEqual({ authorId: event.authorId, title: event.title, adminId: event.adminId }, { authorId: author.id, title: reasoned.title, adminId });

      // Exactly REMOVAL_REASON_MAX characters is accepted as it is.
      const longest = await createPriority(author.client, { title: 'Removed with the longest reason' });
      assert.equal((await removeWith(longest.id, { body: { reason: 'r'.repeat(REMOVAL_REASON_MAX) } })).status, 200);
      assert.equal((await removedPayload(longest.id)).reason, 'r'.repeat(REMOVAL_REASON_MAX));

      // No body at all (no content type either: the spec's client), an empty object, a blank reason: no reason.
      for (const options of [{}, { body: {} }, { body: { reason: ' \t ' } }, { rawBody: 'null' }]) {
        const priority = await createPriority(author.client, { title: `Removed without a reason ${JSON.stringify(options)}` });
        const removal = await removeWith(priority.id, options);
        assert.equal(removal.status, 200, `${JSON.stringify(options)}: ${removal.text}`);
        assert.ok(!('reason' in (await removedPayload(priority.id))), JSON.stringify(options));
      }

      // Too long: 400 with the contract's message; nothing removed, no event.
      const kept = await createPriority(author.client, { title: 'Kept: the reason was too long' });
      const refused = await removeWith(kept.id, { body: { reason: 'x'.repeat(REMOVAL_REASON_MAX + 1) } });
      assert.equal(refused.status, 400, refused.text);
      assert.equal((refused.body as { message?: string }).message, `reason must be at most ${REMOVAL_REASON_MAX} characters`);
      assert.equal((await removeWith(kept.id, { body: { reason: 42 } })).status, 400, 'a reason that is not text');
      assert.equal(await outboxRows(kept.id), 0);
      assert.ok(ids((await listPriorities(author.client, '?limit=1000')).body).includes(kept.id), 'still listed');
    });

    test('an open live stream is told (a tally of the removed priority), and its refetch no longer has it', async () => {
      const priority = await createPriority(author.client, { title: 'Watched while it is removed' });
      const stream = await openRankingsStream(stack.baseUrl, voters[1]!.client);
      try {
        assert.equal(stream.status, 200);
        await pollUntil(
          async () => stream.comments,
          (comments) => comments.includes('connected'),
        );
        assert.equal((await removeAs(admin, priority.id)).status, 200);
        await stream.waitFor((e) => e.event === 'tally' && e.data.priorityId === priority.id);
        assert.ok(!ids((await listPriorities(voters[1]!.client)).body).includes(priority.id));
      } finally {
        stream.close();
      }
    });
  });
}
