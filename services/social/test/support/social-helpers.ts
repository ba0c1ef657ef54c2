// Helpers of the social tests: signed-in members with names, activities published as their
// producers will, polling, and a direct look at social's tables (for what no API shows: erasure).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { briefingEvents, prioritiesEvents } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { pollUntil } from '../../../../test/support/poll.ts';
import type { HttpCaller } from '../../../../test/support/api-client.ts';
import { signIn } from '../../../../test/support/sign-in.ts';
import type { Stack } from '../../../../test/support/stack.ts';
import type { TestProducer } from '../../../../test/support/test-producer.ts';
import { MIGRATIONS_DIR } from '../../src/app.ts';

let n = 0;
const address = (label: string) => `${label}.${process.pid}.${++n}@example.com`;

export interface Member {
  /** Through the gateway, or the social service's own caller when it is tested alone. */
  client: HttpCaller;
  id: string;
  firstName: string;
  lastName: string;
}

/** Signs a new user in and gives them a name (which reaches social through profile.updated). */
export async function signInMember(stack: Stack, firstName: string, lastName: string): Promise<Member> {
  const client = stack.client();
  const { id } = await signIn(stack, client, address(firstName.toLowerCase()));
  const named = await pollUntil(
    () => client.request('PATCH', `/api/users/${id}/profile`, { body: { firstName, lastName } }),
    (r) => r.status === 200,
  );
  assert.equal(named.status, 200, named.text);
  return { client, id, firstName, lastName };
}

/** Activity times a minute apart, later at every call, so "newest first" is known in advance. */
let minute = 0;
// From now on, a minute apart: acts after any clear of the history a test makes (activities_cleared_at).
const BASE = Date.now();
export const nextTime = () => new Date(BASE + ++minute * 60_000).toISOString();

/** Publishes the events the priorities and briefing services will publish; answers the act's time. */
export function acts(producer: Pick<TestProducer, 'publish'>) {
  return {
    async createPriority(userId: string, title: string, options: { eventId?: string } = {}) {
      const createdAt = nextTime();
      const envelope = await producer.publish(
        prioritiesEvents.PriorityCreated,
        { priorityId: randomUUID(), authorId: userId, title, createdAt },
        options.eventId ? { id: options.eventId } : {},
      );
      return { at: createdAt, eventId: envelope.id };
    },
    async vote(userId: string, voteType: 'endorse' | 'oppose', priorityTitle: string) {
      const castAt = nextTime();
      const envelope = await producer.publish(prioritiesEvents.VoteCast, { priorityId: randomUUID(), userId, voteType, priorityTitle, castAt });
      return { at: castAt, eventId: envelope.id };
    },
    async contributeDocument(userId: string, title: string) {
      const createdAt = nextTime();
      const envelope = await producer.publish(briefingEvents.DocumentCreated, { documentId: randomUUID(), authorId: userId, title, createdAt });
      return { at: createdAt, eventId: envelope.id };
    },
  };
}

/** social's own tables, read directly (through the social service's platform and database). */
export async function openSocialTables(stack: Stack): Promise<SqlDriver> {
  const database = await stack.platforms.social!.databases.open('social', MIGRATIONS_DIR);
  return database.driver;
}

export { pollUntil };

/**
 * A follow edge written straight into social's table (no counts, events or activity, and no copy of
 * the followee's activities into the follower's timeline): for feed tests. Activities written after
 * it reach the follower's timeline (the activities_fan_out trigger).
 */
export async function followEdge(tables: SqlDriver, follower: Member, followee: Member): Promise<void> {
  await tables.query('INSERT INTO social.follows (follower_id, followee_id, created_at) VALUES ($1::uuid, $2::uuid, now()) ON CONFLICT DO NOTHING', [
    follower.id,
    followee.id,
  ]);
}

/**
 * Makes accounts wide for feed tests (`user_network.fan_out` false, as 1,000 followers would): their
 * activities are then read from the activities, never copied into timelines.
 */
export async function makeWide(tables: SqlDriver, members: Member[]): Promise<void> {
  await tables.query(
    `INSERT INTO social.user_network (user_id, fan_out) SELECT unnest($1::uuid[]), false
     ON CONFLICT (user_id) DO UPDATE SET fan_out = false`,
    [members.map((m) => m.id)],
  );
}

/** The network feed's order for activities a test wrote: newest first, then the larger id first. */
export const feedOrder = (a: { at: number; id: string }, b: { at: number; id: string }) => b.at - a.at || (a.id < b.id ? 1 : -1);
