// Seeds the network benchmark (issue 18): citizens in social's members and auth's users, follow edges
// with a power-law in-degree, the activities the feed reads, and every user's counts (social's
// user_network and auth's read model of it) recomputed from the edges, and the network feed's
// timelines, as if every follow had gone through the API. All set-based SQL straight into the two databases.
//
// The graph: users 0..M-1 (M = users - viewers - actors) are the seeded crowd. User j's in-degree is
// d_j ∝ 1/(j+1)^s (Zipf, capped at M-1), scaled so the degrees sum to the edge count; its followers
// are the next d_j users after it (j+1, j+2, ... mod M), so no edge repeats and none is a self-follow.
// After the crowd come `viewers` users who follow exactly `viewerFollows` of the crowd each (the
// network feed's readers, the top accounts among their followees) and `actors` with no edges yet
// (who follow and unfollow during the benchmark, so each of their follows is a new edge).
import pg from 'pg';

export interface NetworkSeed {
  users: number;
  edges: number;
  activities: number;
  viewers: number;
  viewerFollows: number;
  actors: number;
  /** Zipf exponent of the in-degree. */
  exponent?: number;
  log?: (line: string) => void;
}

/** The seeded user's id for index i (the SQL below writes the same). */
export function networkUserId(i: number): string {
  return `20000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
}
const UID_SQL = (expr: string) => `('20000000-0000-4000-8000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;

/** The seeded roles by index: the crowd 0..crowd-1, then the viewers, then the actors. */
export function networkLayout(seed: Pick<NetworkSeed, 'users' | 'viewers' | 'actors'>) {
  const crowd = seed.users - seed.viewers - seed.actors;
  return {
    crowd,
    viewer: (v: number) => networkUserId(crowd + v),
    actor: (a: number) => networkUserId(crowd + seed.viewers + a),
  };
}

/** Zipf in-degrees of the crowd, summing to `edges` exactly, each below `crowd`. */
export function inDegrees(crowd: number, edges: number, exponent: number): Int32Array {
  const weights = Array.from({ length: crowd }, (_, j) => 1 / (j + 1) ** exponent);
  const cap = crowd - 1;
  const degreesAt = (scale: number) => {
    const d = new Int32Array(crowd);
    for (let j = 0; j < crowd; j++) d[j] = Math.min(cap, Math.floor(scale * weights[j]!));
    return d;
  };
  const sum = (d: Int32Array) => d.reduce((s, x) => s + x, 0);
  let low = 0;
  let high = edges * 10;
  for (let i = 0; i < 100 && high - low > 1e-6; i++) {
    const mid = (low + high) / 2;
    if (sum(degreesAt(mid)) > edges) high = mid;
    else low = mid;
  }
  const degrees = degreesAt(low);
  // What the floors left: one more follower each for the first users below the cap.
  let missing = edges - sum(degrees);
  for (let j = 0; missing > 0 && j < crowd; j++) {
    if (degrees[j]! < cap) {
      degrees[j]! += 1;
      missing--;
    }
  }
  return degrees;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Runs `load` with the table's secondary indexes dropped and then rebuilt from their own
 * definitions (pg_indexes): building an index once over millions of rows is far faster than keeping
 * it up to date row by row. Indexes backing a constraint (primary key, unique) stay.
 */
async function withoutSecondaryIndexes(client: pg.Client, table: string, load: () => Promise<void>): Promise<void> {
  const { rows } = await client.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
     WHERE i.schemaname || '.' || i.tablename = $1
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = i.schemaname))`,
    [table],
  );
  const schema = table.split('.')[0]!;
  for (const { name } of rows) await client.query(`DROP INDEX "${schema}"."${name}"`);
  await load();
  for (const { def } of rows) await client.query(def);
}

export async function seedNetwork(socialDb: string, authDb: string, seed: NetworkSeed): Promise<{ maxFollowers: number; over50k: number }> {
  const log = seed.log ?? (() => {});
  const { crowd } = networkLayout(seed);
  const degrees = inDegrees(crowd, seed.edges, seed.exponent ?? 1);
  const social = new pg.Client({ connectionString: socialDb });
  await social.connect();
  const started = Date.now();
  const took = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  try {
    // A bulk load that a crash may lose: the benchmark's databases are dropped after the run anyway.
    await social.query('SET synchronous_commit = off');
    await social.query(
      `INSERT INTO social.members (user_id, first_name, last_name, activity_visibility, profile_visibility)
       SELECT ${UID_SQL('i')}, 'Citizen', 'No. ' || i, CASE WHEN i % 25 = 7 THEN 'private' ELSE 'public' END, 'public'
       FROM generate_series(0, $1::int - 1) AS i`,
      [seed.users],
    );
    log(`  ${seed.users.toLocaleString('en-US')} members in ${took(started)}`);

    const edgesStarted = Date.now();
    await withoutSecondaryIndexes(social, 'social.follows', async () => {
      // Batches of about 250,000 edges, by followee; the top accounts alone fill a batch or more.
      for (let from = 0; from < crowd; ) {
        let to = from;
        let size = 0;
        while (to < crowd && (size === 0 || size + degrees[to]! <= 250_000)) size += degrees[to++]!;
        await social.query(
          `INSERT INTO social.follows (follower_id, followee_id, created_at)
           SELECT ${UID_SQL('(d.j + 1 + k) % $2::int')}, ${UID_SQL('d.j')}, now() - make_interval(mins => ((d.j * 31 + k * 17) % 525600)::int)
           FROM (SELECT u.degree, (u.n - 1 + $3::int)::int AS j FROM unnest($1::int[]) WITH ORDINALITY AS u(degree, n)) AS d,
                generate_series(0, d.degree - 1) AS k`,
          [Array.from(degrees.subarray(from, to)), crowd, from],
        );
        from = to;
      }
      // The viewers: the ten top accounts, then the others spread over the rest of the crowd with a
      // stride prime to its size (so no two repeat).
      const rest = crowd - 10;
      let stride = Math.max(1, Math.floor(rest / seed.viewerFollows));
      while (gcd(stride, rest) !== 1) stride++;
      await social.query(
        `INSERT INTO social.follows (follower_id, followee_id, created_at)
         SELECT ${UID_SQL('$1::int + v')}, ${UID_SQL('CASE WHEN k < 10 THEN k ELSE 10 + ((k - 10)::bigint * $4::int + v * 13) % ($1::int - 10) END')},
                now() - make_interval(mins => k)
         FROM generate_series(0, $2::int - 1) AS v, generate_series(0, $3::int - 1) AS k`,
        [crowd, seed.viewers, seed.viewerFollows, stride],
      );
    });
    log(`  ${(seed.edges + seed.viewers * seed.viewerFollows).toLocaleString('en-US')} follow edges in ${took(edgesStarted)}`);

    const activitiesStarted = Date.now();
    // Without the fan-out trigger (one copy per follower as each batch lands): the timelines are
    // filled once below, from the edges, as the migration fills them.
    await social.query('ALTER TABLE social.activities DISABLE TRIGGER activities_fan_out');
    await withoutSecondaryIndexes(social, 'social.activities', async () => {
      // Spread over the crowd and over 90 days (7.776 s apart), newest first for a = 0.
      for (let from = 0; from < seed.activities; from += 250_000) {
        await social.query(
          `INSERT INTO social.activities (id, user_id, type, description, subject_id, source_event_id, created_at)
           SELECT gen_random_uuid(), ${UID_SQL('((a::bigint * 7919) % $3::int)::int')},
                  (ARRAY['create_priority', 'endorse', 'oppose'])[1 + a % 3],
                  (ARRAY['Created priority "', 'Endorsed "', 'Opposed "'])[1 + a % 3] || 'Benchmark priority number ' || (a % 50000) || '"',
                  gen_random_uuid(), gen_random_uuid(), now() - make_interval(secs => a * 7.776)
           FROM generate_series($1::int, $2::int - 1) AS a`,
          [from, Math.min(from + 250_000, seed.activities), crowd],
        );
      }
    });
    await social.query('ALTER TABLE social.activities ENABLE TRIGGER activities_fan_out');
    log(`  ${seed.activities.toLocaleString('en-US')} activities in ${took(activitiesStarted)}`);

    // Every user's counts from the edges; the version stands for the changes that made them.
    await social.query(
      `INSERT INTO social.user_network (user_id, followers, following, recruited, version)
       SELECT m.user_id, COALESCE(i.n, 0), COALESCE(o.n, 0), 0, COALESCE(i.n, 0) + COALESCE(o.n, 0)
       FROM social.members m
       LEFT JOIN (SELECT followee_id, count(*)::int AS n FROM social.follows GROUP BY followee_id) i ON i.followee_id = m.user_id
       LEFT JOIN (SELECT follower_id, count(*)::int AS n FROM social.follows GROUP BY follower_id) o ON o.follower_id = m.user_id`,
    );

    // The network feed's timelines (fan-out on write), as the migration fills them
    // (social.refill_network_timelines: the wide accounts marked, each edge to a fanned-out followee
    // with its 50 newest activities). Loaded without the primary key, which is then built once from
    // sorted rows.
    const timelinesStarted = Date.now();
    await social.query('ALTER TABLE social.network_timeline DROP CONSTRAINT network_timeline_pkey');
    await withoutSecondaryIndexes(social, 'social.network_timeline', async () => {
      await social.query('SELECT social.refill_network_timelines()');
    });
    await social.query('ALTER TABLE social.network_timeline ADD CONSTRAINT network_timeline_pkey PRIMARY KEY (reader_id, created_at, activity_id)');
    const { rows: timeline } = await social.query<{ entries: string; wide: string }>(
      'SELECT (SELECT count(*) FROM social.network_timeline) AS entries, (SELECT count(*) FROM social.user_network WHERE NOT fan_out) AS wide',
    );
    log(`  ${Number(timeline[0]!.entries).toLocaleString('en-US')} timeline entries (${timeline[0]!.wide} wide accounts) in ${took(timelinesStarted)}`);
    for (const table of ['members', 'follows', 'activities', 'user_network', 'network_timeline']) await social.query(`VACUUM (ANALYZE) social.${table}`);

    // auth's read model of the same counts, and the accounts GET /api/auth/user answers for.
    const { rows: counts } = await social.query<{ id: string; followers: number; following: number; version: number }>(
      'SELECT user_id::text AS id, followers, following, version FROM social.user_network',
    );
    const auth = new pg.Client({ connectionString: authDb });
    await auth.connect();
    try {
      await auth.query('SET synchronous_commit = off');
      await auth.query(
        `INSERT INTO auth.users (id, email, email_normalized, email_canonical, first_name, last_name, followers, following, network_counts_version)
         SELECT c.id, 'bench' || c.n || '@example.org', 'bench' || c.n || '@example.org', auth.canonical_email('bench' || c.n || '@example.org'),
                'Citizen', 'No. ' || c.n, c.followers, c.following, c.version
         FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[]) WITH ORDINALITY AS c(id, followers, following, version, n)`,
        [counts.map((c) => c.id), counts.map((c) => c.followers), counts.map((c) => c.following), counts.map((c) => c.version)],
      );
      await auth.query('VACUUM (ANALYZE) auth.users');
    } finally {
      await auth.end();
    }
    const maxFollowers = Math.max(...counts.map((c) => c.followers));
    const over50k = counts.filter((c) => c.followers >= 50_000).length;
    log(`  seeded in ${took(started)}; most followers ${maxFollowers.toLocaleString('en-US')}, ${over50k} accounts with 50,000 or more`);
    return { maxFollowers, over50k };
  } finally {
    await social.end();
  }
}
