// An administrator's removal of a priority (civic.priorities.priority.removed, issue 20) takes its
// activities out of the feeds, on both profiles: its creation and the endorsements and oppositions of
// it (each quotes the removed title); other priorities' activities stay; a redelivery changes nothing.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { prioritiesEvents } from '@civic/contracts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { startTestProducer } from '../../../test/support/test-producer.ts';
import { openSocialTables, pollUntil } from './support/social-helpers.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`activities of a removed priority (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth', 'social'] });

    test("the removed priority's creation and votes leave the feeds; the others' stay", async () => {
      const producer = await startTestProducer(stack);
      const tables = await openSocialTables(stack);
      const typesOf = async (priorityId: string) =>
        (await tables.query<{ type: string }>('SELECT type FROM social.activities WHERE subject_id = $1::uuid ORDER BY type', [priorityId])).map((r) => r.type);
      try {
        const [removed, kept] = [randomUUID(), randomUUID()];
        const [authorId, voterId] = [randomUUID(), randomUUID()];
        const at = () => new Date().toISOString();
        for (const priorityId of [removed, kept]) {
          await producer.publish(prioritiesEvents.PriorityCreated, { priorityId, authorId, title: 'A title moderation takes down', createdAt: at() });
          await producer.publish(prioritiesEvents.VoteCast, {
            priorityId,
            userId: voterId,
            voteType: 'endorse',
            priorityTitle: 'A title moderation takes down',
            castAt: at(),
          });
          await producer.publish(prioritiesEvents.VoteCast, {
            priorityId,
            userId: authorId,
            voteType: 'oppose',
            priorityTitle: 'A title moderation takes down',
            castAt: at(),
          });
        }
        for (const priorityId of [removed, kept]) {
          await pollUntil(
            () => typesOf(priorityId),
            (types) => types.length === 3,
          );
        }
        const removal = { priorityId: removed, authorId, title: 'A title moderation takes down', adminId: randomUUID(), removedAt: at() };
        await producer.publish(prioritiesEvents.PriorityRemoved, removal);
        await pollUntil(
          () => typesOf(removed),
          (types) => types.length === 0,
        );
        // A redelivery (another event id, the same removal) finds nothing to remove.
        await producer.publish(prioritiesEvents.PriorityRemoved, removal);
        await producer.publish(prioritiesEvents.PriorityCreated, { priorityId: randomUUID(), authorId, title: 'A later priority', createdAt: at() });
        await pollUntil(
          async () => (await tables.query('SELECT 1 FROM social.activities WHERE user_id = $1::uuid', [authorId])).length,
          (count) => count === 3,
        );
        assert.deepEqual(await typesOf(kept), ['create_priority', 'endorse', 'oppose']);
      } finally {
        await producer.stop();
      }
    });
  });
}
