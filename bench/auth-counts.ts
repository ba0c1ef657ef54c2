// `npm run bench:auth-counts`: how fast auth applies civic.social.counts.changed, one event per
// transaction (the consumer before issue 18's batch mode: four at once, one UPDATE each) against the
// kit's batch mode (auth's consumer now, src/events.ts). Distributed profile, small: a freshly
// migrated auth database of its own, auth's real driver and statements, a JetStream stream of
// its own; 2,000 events (default; COUNTS_EVENTS) about 200 users with rising versions, produced
// ahead through a relay standing in for social. Each consumer reads the same backlog from the start
// of the stream; the users' versions are reset between the two, so both do the same work. Prints
// events/s of each and the ratio. Light enough for the shared machine (not bench:network's seeding).
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { socialEvents, type EventPayload } from '@civic/contracts';
import { createEventBus, enqueueEvents, type EventBus } from '@civic/service-kit/events';
import { pgPoolDriver, type SqlDriver } from '@civic/service-kit/db';
import { applyCountsChanges } from '../services/auth/src/users/apply-counts-change.ts';
import { LOCAL_INFRA } from '../test/support/infrastructure.ts';
import { openMigratedDatabase } from '../test/support/migrated-database.ts';
import { deleteStreams } from '../test/support/nats-streams.ts';

type Counts = EventPayload<typeof socialEvents.CountsChanged>;

const EVENTS = Number(process.env.COUNTS_EVENTS ?? 2_000);
const USERS = 200;
const quiet = { info() {}, debug() {}, warn() {}, error: (fields: object, message?: string) => console.error(message, fields) };

/** The statement auth ran per event before batch mode (one transaction each). */
async function applyOne(tx: SqlDriver, p: Counts): Promise<void> {
  await tx.execute(
    `UPDATE auth.users SET followers = $2::int, following = $3::int, recruited = $4::int, network_counts_version = $5::int
     WHERE id = $1::uuid AND network_counts_version < $5::int`,
    [p.userId, p.followers, p.following, p.recruited, p.version],
  );
}

async function waitApplied(db: SqlDriver, consumer: string, startedAt: number): Promise<number> {
  for (;;) {
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM auth.processed_events WHERE consumer = $1`, [consumer]);
    if (row!.n >= EVENTS) return (performance.now() - startedAt) / 1000;
    if (performance.now() - startedAt > 600_000) throw new Error(`${consumer}: only ${row!.n} of ${EVENTS} applied after 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const namespace = `bench${randomBytes(4).toString('hex')}`;
const migrated = await openMigratedDatabase('distributed', 'auth');
const db = pgPoolDriver(new pg.Pool({ connectionString: migrated.url!, max: 10 }));
const buses: EventBus[] = [];
const newBus = async () => {
  const bus = await createEventBus({ transport: 'nats', logger: quiet, natsUrl: LOCAL_INFRA.NATS_URL, streams: { namespace } });
  buses.push(bus);
  return bus;
};
try {
  const users = Array.from({ length: USERS }, () => randomUUID());
  await db.execute(
    `INSERT INTO auth.users (id, email, email_normalized, email_canonical) SELECT u, u::text || '@example.com', u::text || '@example.com', u::text || '@example.com' FROM unnest($1::uuid[]) AS u`,
    [users],
  );
  const payloads: Counts[] = Array.from({ length: EVENTS }, (_, i) => ({
    userId: users[i % USERS]!,
    followers: i,
    following: i % 7,
    recruited: 0,
    version: Math.floor(i / USERS) + 1,
    changedAt: new Date().toISOString(),
  }));
  // Social's events, through a relay of the bench database's own outbox onto social's stream.
  const producer = await newBus();
  await producer.startRelay({ db, schema: 'auth', service: 'social', pollIntervalMs: 50 });
  for (let i = 0; i < payloads.length; i += 500) {
    await db.transaction((tx) => enqueueEvents(tx, 'auth', socialEvents.CountsChanged, payloads.slice(i, i + 500)));
  }
  producer.kick('auth');
  for (;;) {
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM auth.outbox WHERE published_at IS NULL`);
    if (row!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const resetVersions = () => db.execute(`UPDATE auth.users SET network_counts_version = 0, followers = 0, following = 0`);
  const consumers = await newBus();
  const results: Record<string, number> = {};

  // Before: one event per transaction, four at once (auth's COUNTS_CONCURRENCY before batch mode).
  let startedAt = performance.now();
  await consumers.subscribe({
    consumer: 'authperevent',
    event: socialEvents.CountsChanged,
    db,
    schema: 'auth',
    concurrency: 4,
    handle: (payload, { tx }) => applyOne(tx, payload),
  });
  results.perEvent = EVENTS / (await waitApplied(db, 'authperevent', startedAt));

  // After: auth's consumer now, in batches of up to 64.
  await resetVersions();
  startedAt = performance.now();
  await consumers.subscribe({
    consumer: 'authbatch',
    event: socialEvents.CountsChanged,
    db,
    schema: 'auth',
    handle: (payload, ctx) => applyCountsChanges(ctx.tx, [{ payload, envelope: ctx.envelope }]),
    handleBatch: (items, { tx }) => applyCountsChanges(tx, items),
  });
  results.batch = EVENTS / (await waitApplied(db, 'authbatch', startedAt));

  const [check] = await db.query<{ wrong: number }>(`SELECT count(*)::int AS wrong FROM auth.users WHERE network_counts_version <> $1::int`, [
    Math.floor((EVENTS - 1) / USERS) + 1,
  ]);
  console.log(
    JSON.stringify({
      events: EVENTS,
      users: USERS,
      perEventPerSecond: Math.round(results.perEvent!),
      batchPerSecond: Math.round(results.batch!),
      ratio: Number((results.batch! / results.perEvent!).toFixed(1)),
      usersNotAtNewestVersion: check!.wrong,
    }),
  );
} finally {
  for (const bus of buses) await bus.close().catch(() => {});
  await db.close();
  await deleteStreams(LOCAL_INFRA.NATS_URL, namespace).catch(() => {});
  await migrated.close();
}
