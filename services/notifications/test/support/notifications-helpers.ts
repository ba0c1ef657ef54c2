// What the notifications service's tests share: citizens made by publishing the events the service
// learns them from (registration, profile, settings), its tables (as the database administrator when
// distributed), and the mails written to the stack's mail directory.
import { randomUUID } from 'node:crypto';
import { before } from 'node:test';
import { join } from 'node:path';
import { accountEvents, authEvents, type EventDefinition, type EventPayload } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { profileUpdated } from '../../../../test/support/account-events.ts';
import { openAdminDatabase } from '../../../../test/support/admin-database.ts';
import type { Profile } from '../../../../test/support/infrastructure.ts';
import { useStack } from '../../../../test/support/integration-suite.ts';
import { lateBound } from '@civic/service-kit/testing';
import { SteppingClock } from '../../../../test/support/stepping-clock.ts';
import { type MultipartMail, readMailsTo } from '../../../../test/support/multipart-mail.ts';
import { pollUntil } from '../../../../test/support/poll.ts';
import type { Stack } from '../../../../test/support/stack.ts';
import { startTestProducer, type TestProducer } from '../../../../test/support/test-producer.ts';
import { address } from '../../../../test/support/test-users.ts';
import { MIGRATIONS_DIR } from '../../src/app.ts';

export { pollUntil };

/** Short dispatcher period; gathering and interval as in production (tests move the clock). */
export const NOTIFICATIONS_TEST_ENV = { NOTIFICATIONS_DISPATCH_MS: '50' } as const;
export const GATHER_MS = 30_000;
export const INTERVAL_MS = 3_600_000;

export interface Citizen {
  id: string;
  email: string;
  name: string;
}

export const now = () => new Date().toISOString();

/**
 * The suite of a notifications test that publishes the events itself: a stack of the notifications
 * service alone on a stepping clock, a test producer, and the service's tables (both usable in hooks
 * and tests). `at()` is the clock's now, as the events' times.
 */
export function useNotificationsSuite(profile: Profile) {
  const clock = new SteppingClock();
  const stack = useStack(profile, { services: ['notifications'], env: NOTIFICATIONS_TEST_ENV, clock });
  let producer: TestProducer | undefined;
  let db: SqlDriver | undefined;
  before(async () => {
    producer = await startTestProducer(stack);
    db = await notificationsTables(stack);
  });
  return {
    clock,
    stack,
    producer: lateBound('the test producer', () => producer),
    db: lateBound("the notifications service's tables", () => db),
    at: () => clock.now().toISOString(),
  };
}

export async function notificationsTables(stack: Stack): Promise<SqlDriver> {
  if (stack.profile === 'distributed') return openAdminDatabase(stack, 'notifications');
  return (await stack.platforms.notifications!.databases.open('notifications', MIGRATIONS_DIR)).driver;
}

/** A registered citizen with a name (the events auth and account publish), settings at their defaults. */
export async function registerCitizen(producer: TestProducer, label: string, clockNow: () => Date): Promise<Citizen> {
  const id = randomUUID();
  const email = address(label);
  const [firstName, lastName] = [label.charAt(0).toUpperCase() + label.slice(1), 'Tester'];
  await producer.publish(authEvents.UserRegistered, { userId: id, email, isAdmin: false, registeredAt: clockNow().toISOString() });
  await producer.publish(accountEvents.ProfileUpdated, profileUpdated(id, { firstName, lastName }, clockNow()));
  return { id, email, name: `${firstName} ${lastName}` };
}

/** Waits until the service has the member's address and name (the events above were consumed). */
export async function waitForMember(db: SqlDriver, citizen: Citizen): Promise<void> {
  await pollUntil(
    () =>
      db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM notifications.members WHERE user_id = $1::uuid AND email IS NOT NULL AND first_name IS NOT NULL',
        [citizen.id],
      ),
    (rows) => rows[0]!.n === 1,
  );
}

export async function pendingCount(db: SqlDriver, recipientId: string): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications.pending WHERE recipient_id = $1::uuid', [recipientId]);
  return rows[0]!.n;
}

export async function waitForPending(db: SqlDriver, recipientId: string, count: number): Promise<void> {
  await pollUntil(
    () => pendingCount(db, recipientId),
    (n) => n === count,
    15_000,
  );
}

/**
 * Waits until the service has handled these events (its inbox holds their ids): what they would have
 * queued is queued. How a test shows that an event queued nothing.
 */
export async function waitForHandled(db: SqlDriver, envelopes: readonly { id: string }[]): Promise<void> {
  const ids = envelopes.map((e) => e.id);
  await pollUntil(
    () => db.query<{ n: number }>('SELECT count(DISTINCT event_id)::int AS n FROM notifications.processed_events WHERE event_id = ANY($1::uuid[])', [ids]),
    (rows) => rows[0]!.n === ids.length,
    15_000,
  );
}

export function mailsTo(stack: Stack, citizen: Citizen): Promise<MultipartMail[]> {
  return readMailsTo(join(stack.dataDir, 'mail'), citizen.email);
}

/** Waits until `citizen` has `count` mails, and answers them (oldest first). */
export async function waitForMails(stack: Stack, citizen: Citizen, count: number): Promise<MultipartMail[]> {
  return pollUntil(
    () => mailsTo(stack, citizen),
    (mails) => mails.length >= count,
    15_000,
  );
}

export function publishAll<E extends EventDefinition>(producer: TestProducer, event: E, payloads: EventPayload<E>[]) {
  return Promise.all(payloads.map((payload) => producer.publish(event, payload)));
}
