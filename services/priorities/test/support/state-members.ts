// Citizens of the agenda by state for tests (state-agenda, state-epochs): their state and visibility
// published as the account service would, waited for in priorities' members; the state's list read
// through the gateway; and the hourly epoch that makes those changes count (members/apply-state-epoch.ts).
import assert from 'node:assert/strict';
import { accountEvents, ZStatePriorityList, type TStatePriorityList, type UsStateCode } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { ApiClient } from '../../../../test/support/api-client.ts';
import { profileUpdated } from '../../../../test/support/account-events.ts';
import type { Stack } from '../../../../test/support/stack.ts';
import type { SteppingClock } from '../../../../test/support/stepping-clock.ts';
import type { TestProducer } from '../../../../test/support/test-producer.ts';
import { prioritiesJobsOf } from '../../src/app.ts';
import { pollUntil } from './priorities-helpers.ts';

const HOUR = 3_600_000;

export interface MemberRow {
  state: string | null;
  profile_public: boolean;
  counted_state: string | null;
}

export async function stateList(client: ApiClient, state: string, query = ''): Promise<TStatePriorityList> {
  const answer = await client.get(`/api/priorities?state=${state}${query}`);
  assert.equal(answer.status, 200, answer.text);
  return ZStatePriorityList.parse(answer.body);
}

export const entryOf = (list: TStatePriorityList, id: string) => list.priorities.find((p) => p.id === id)!;

export function stateMembers(stack: Stack, producer: TestProducer, tables: SqlDriver, clock: SteppingClock) {
  let eventTime = clock.now().getTime();
  /** Each event later than the last, as the account service dates them. */
  const nextTime = () => new Date((eventTime = Math.max(eventTime + 1000, clock.now().getTime())));

  /** The member's row once priorities applied the events (state, visibility, the state counted). */
  const memberRow = (userId: string) =>
    tables.query<MemberRow>('SELECT state, profile_public, counted_state FROM priorities.members WHERE user_id = $1::uuid', [userId]);

  /** Moves the clock to ten minutes past the next hour: the changes so far are of an hour that has ended. */
  const nextHour = (hours = 1): void => {
    const now = clock.now().getTime();
    clock.skip(Math.floor(now / HOUR) * HOUR + hours * HOUR + 10 * 60_000 - now);
  };
  /** Runs the epoch job of priorities now (as on the hour). */
  const runEpoch = () => prioritiesJobsOf(stack.platforms.priorities!)!.stateEpoch.runNow();

  return {
    memberRow,
    /** A moment before every event published so far (a late, older event). */
    pastTime: (agoMs: number) => new Date(eventTime - agoMs),

    async setState(userId: string, state: UsStateCode | null): Promise<void> {
      await producer.publish(accountEvents.ProfileUpdated, { ...profileUpdated(userId, { firstName: 'Voter', lastName: null }, nextTime()), state });
      await pollUntil(
        () => memberRow(userId),
        (rows) => rows[0]?.state === state,
      );
    },

    async setPublic(userId: string, isPublic: boolean): Promise<void> {
      const visibility = isPublic ? 'public' : 'private';
      await producer.publish(accountEvents.PrivacyChanged, {
        userId,
        profileVisibility: visibility,
        activityVisibility: 'public',
        changedAt: nextTime().toISOString(),
      });
      await pollUntil(
        () => memberRow(userId),
        (rows) => rows[0]?.profile_public === isPublic,
      );
    },

    nextHour,
    runEpoch,
    /** The next hour begins and its epoch is applied. */
    async enterNextEpoch(): Promise<void> {
      nextHour();
      await runEpoch();
    },
  };
}
