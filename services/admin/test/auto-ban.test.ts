// The brigading guard and the automatic ban (issue 20), on both profiles: distinct eligible reporters
// per author reach auto_ban_threshold (set low through the admin settings API) → one
// civic.admin.user.auto_ban_requested, never below it, never twice (also when reports cross the
// threshold at once); accounts younger than a day (the stack's stepping clock) and a reporter's
// further items of the same author do not count; an unban starts a new episode counted from its time;
// an administrator's content never requests a ban.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { adminEvents, authEvents } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { ApiClient } from '../../../test/support/api-client.ts';
import { type EventProbe, probeEvents } from '../../../test/support/event-probe.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { SteppingClock } from '../../../test/support/stepping-clock.ts';
import { startTestProducer } from '../../../test/support/test-producer.ts';
import { openAdminTables, pollUntil, sessionFor, TEST_ENV } from './support/admin-helpers.ts';
import { changeSetting, createPriority, type Member, reportPriority, signUp, signUpMany } from './support/report-helpers.ts';

const HOUR = 60 * 60 * 1000;
const THRESHOLD = 3;

for (const { profile, skip } of await profilePlan()) {
  describe(`automatic ban from reports (${profile})`, { skip }, () => {
    const clock = new SteppingClock();
    const stack = useStack(profile, { services: ['auth', 'ledger', 'priorities', 'admin'], clock, env: TEST_ENV });
    let tables: SqlDriver;
    let probe: EventProbe<typeof adminEvents.AutoBanRequested>;
    /** Accounts more than a day old by the time they report. */
    let old: Member[];

    before(async () => {
      tables = await openAdminTables(stack);
      probe = await probeEvents(await stack.adminPlatform(), adminEvents.AutoBanRequested, 'autoban_probe');
      stack.onClose(() => probe.stop());
      const admin = await sessionFor(stack, randomUUID(), { isAdmin: true });
      await changeSetting(stack, admin, 'auto_ban_threshold', String(THRESHOLD));
      old = await signUpMany(stack, 'veteran', 6);
      clock.skip(25 * HOUR);
    });

    /** The automatic bans requested for `authorId`, as written to the outbox (exactly what is published). */
    const requestsFor = async (authorId: string) =>
      tables.query<{ payload: { reportCount: number; threshold: number } }>(
        `SELECT payload FROM admin.outbox WHERE subject = 'civic.admin.user.auto_ban_requested' AND payload->>'userId' = $1 ORDER BY seq`,
        [authorId],
      );

    /** A signed-up author (a test session's fixed expiry would lie behind the skipped clock). */
    async function authorWithPriorities(count: number): Promise<{ id: string; client: ApiClient; priorities: Awaited<ReturnType<typeof createPriority>>[] }> {
      const { id, client } = await signUp(stack, 'author');
      const priorities = [];
      for (let i = 0; i < count; i++) priorities.push(await createPriority(client));
      return { id, client, priorities };
    }

    test('at the threshold exactly one request; young accounts and one reporter’s further items do not count', async () => {
      const author = await authorWithPriorities(3);
      const [p1, p2, p3] = author.priorities as [never, never, never];
      // One reporter, three items of the author: one reporter.
      for (const priority of [p1, p2, p3]) await reportPriority(old[0]!.client, priority);
      // Accounts made now are younger than a day: they are taken, and count toward nothing.
      for (const young of [await signUp(stack, 'young0'), await signUp(stack, 'young1'), await signUp(stack, 'young2')]) {
        await reportPriority(young.client, p1);
      }
      await reportPriority(old[1]!.client, p1);
      assert.equal((await requestsFor(author.id)).length, 0, 'two eligible reporters: below the threshold');

      await reportPriority(old[2]!.client, p2);
      const [request] = await requestsFor(author.id);
      assert.deepEqual({ reportCount: request?.payload.reportCount, threshold: request?.payload.threshold }, { reportCount: 3, threshold: THRESHOLD });
      const published = await probe.waitFor((p) => p.userId === author.id);
      assert.equal(published.payload.reportCount, 3);

      // Past the threshold: nothing more for this episode.
      await reportPriority(old[3]!.client, p3);
      await reportPriority(old[4]!.client, p1);
      assert.equal((await requestsFor(author.id)).length, 1);
      await pollUntil(
        async () => probe.received.filter((e) => e.payload.userId === author.id).length,
        (n) => n === 1,
      );
    });

    test('reports crossing the threshold at once request the ban once', async () => {
      const author = await authorWithPriorities(1);
      const answers = await Promise.all(
        old.map((reporter) => reporter.client.post('/api/reports', { targetType: 'priority', targetId: author.priorities[0]!.id, reason: 'Brigade' })),
      );
      assert.deepEqual(
        answers.map((a) => a.status),
        old.map(() => 200),
      );
      const requests = await requestsFor(author.id);
      assert.equal(requests.length, 1);
      assert.ok(requests[0]!.payload.reportCount >= THRESHOLD);
    });

    test('after an unban only later reports count (a new episode); an administrator’s content never requests a ban', async () => {
      const producer = await startTestProducer(stack, 'standing_producer');
      const standing = (userId: string, change: 'unban_user' | 'grant_admin', version: number) =>
        producer.publish(authEvents.UserStandingChanged, {
          userId,
          change,
          isAdmin: change === 'grant_admin',
          isBanned: false,
          approvalStatus: 'approved',
          adminId: randomUUID(),
          automatic: false,
          standingVersion: version,
          changedAt: clock.now().toISOString(),
        });

      const author = await authorWithPriorities(2);
      const [first, second] = author.priorities as [never, never];
      for (const reporter of old.slice(0, 3)) await reportPriority(reporter.client, first);
      assert.equal((await requestsFor(author.id)).length, 1);

      await standing(author.id, 'unban_user', 3);
      await pollUntil(
        () => tables.query<{ episode: number }>('SELECT episode FROM admin.report_authors WHERE author_id = $1::uuid', [author.id]),
        (rows) => rows[0]?.episode === 1,
      );
      clock.skip(1000);
      // The three reports before the unban no longer count: two new reporters are below the threshold.
      await reportPriority(old[3]!.client, first);
      await reportPriority(old[4]!.client, first);
      assert.equal((await requestsFor(author.id)).length, 1);
      // A reporter of the last episode reporting again (another item) counts in this one.
      await reportPriority(old[0]!.client, second);
      const requests = await requestsFor(author.id);
      assert.equal(requests.length, 2);
      assert.equal(requests[1]!.payload.reportCount, 3);

      const adminAuthor = await authorWithPriorities(1);
      await standing(adminAuthor.id, 'grant_admin', 1);
      await pollUntil(
        () => tables.query<{ is_admin: boolean }>('SELECT is_admin FROM admin.report_authors WHERE author_id = $1::uuid', [adminAuthor.id]),
        (rows) => rows[0]?.is_admin === true,
      );
      for (const reporter of old) await reportPriority(reporter.client, adminAuthor.priorities[0]!);
      assert.equal((await requestsFor(adminAuthor.id)).length, 0);
    });
  });
}
