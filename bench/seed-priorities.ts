// Seeds the priorities service's database for the benchmark (issue 4): members, priorities spread
// over the issue catalogue, and votes, all in set-based SQL, then the maintained counts recomputed
// from the votes (so the ranking invariants hold as if every vote had gone through the API).
//
//   node --import tsx bench/seed-priorities.ts [databaseUrl] [priorities] [votes]
//   (default: the distributed profile's civic_priorities, 50,000 priorities, 2,000,000 votes)
//
// Votes are distinct (priority, user) pairs: priority p gets votes from users (p*7919 + k*104729) mod
// USERS for k < votes per priority; USERS is a prime above 40,000, so the pairs never repeat.
import pg from 'pg';

export const SEED_USERS = 50_021;

/** The seeded member's id for index i: deterministic, so the benchmark can act as these users. */
export function seededUserId(i: number): string {
  return `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
}

/** The seeded priority's id for index p (the SQL below writes the same). */
export function seededPriorityId(p: number): string {
  return `10000000-0000-4000-8000-${p.toString(16).padStart(12, '0')}`;
}

export interface SeedOptions {
  priorities: number;
  votes: number;
  /** How many priorities already exist (a second call adds to a first). */
  startAt?: number;
  log?: (line: string) => void;
}

export async function seedPriorities(databaseUrl: string, options: SeedOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const from = options.startAt ?? 0;
  const to = from + options.priorities;
  const perPriority = Math.max(0, Math.round(options.votes / options.priorities));
  if (perPriority > 40) throw new Error('at most 40 votes per priority keeps the seeded pairs distinct');
  try {
    const started = Date.now();
    await client.query(
      `INSERT INTO priorities.members (user_id, first_name, last_name)
       SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'Citizen', 'No. ' || i
       FROM generate_series(0, $1::int - 1) AS i ON CONFLICT DO NOTHING`,
      [SEED_USERS],
    );
    await client.query(
      `INSERT INTO priorities.priorities (id, title, description, issue_id, author_id, created_at)
       SELECT ('10000000-0000-4000-8000-' || lpad(to_hex(p), 12, '0'))::uuid,
              'Benchmark priority number ' || p,
              'A seeded priority for the benchmark: it stands for what a citizen wants on the national agenda, number ' || p || '.',
              1 + (p % 151),
              ('00000000-0000-4000-8000-' || lpad(to_hex(p % $3::int), 12, '0'))::uuid,
              now() - make_interval(mins => p % 100000)
       FROM generate_series($1::int, $2::int - 1) AS p`,
      [from, to, SEED_USERS],
    );
    log(`  ${options.priorities.toLocaleString('en-US')} priorities in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const votesStarted = Date.now();
    // Batches of 5,000 priorities keep each statement's memory small.
    for (let batch = from; batch < to; batch += 5_000) {
      await client.query(
        `INSERT INTO priorities.votes (priority_id, user_id, vote_type, voted_at)
         SELECT ('10000000-0000-4000-8000-' || lpad(to_hex(p), 12, '0'))::uuid,
                ('00000000-0000-4000-8000-' || lpad(to_hex(((p::bigint * 7919 + k::bigint * 104729) % $4::int)::int), 12, '0'))::uuid,
                CASE WHEN (p + k) % 4 = 0 THEN 'oppose' ELSE 'endorse' END,
                now()
         FROM generate_series($1::int, $2::int - 1) AS p, generate_series(0, $3::int - 1) AS k`,
        [batch, Math.min(batch + 5_000, to), perPriority, SEED_USERS],
      );
    }
    log(`  ${(options.priorities * perPriority).toLocaleString('en-US')} votes in ${((Date.now() - votesStarted) / 1000).toFixed(1)} s`);
    await client.query(
      `UPDATE priorities.priorities pr SET endorsements = t.e, oppositions = t.o
       FROM (SELECT priority_id, count(*) FILTER (WHERE vote_type = 'endorse')::int AS e, count(*) FILTER (WHERE vote_type = 'oppose')::int AS o
             FROM priorities.votes GROUP BY priority_id) t
       WHERE pr.id = t.priority_id`,
    );
    // VACUUM as well as ANALYZE: a bulk load leaves every page without its visibility and hint bits,
    // which the first reads and writes after it would otherwise set (dirtying the pages again), as
    // autovacuum would after such a load. One statement each: VACUUM refuses a multi-statement string.
    for (const table of ['priorities', 'votes', 'members']) await client.query(`VACUUM (ANALYZE) priorities.${table}`);
    log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url = 'postgresql://postgres@127.0.0.1:5432/civic_priorities', priorities = '50000', votes = '2000000'] = process.argv.slice(2);
  await seedPriorities(url, { priorities: Number(priorities), votes: Number(votes), log: console.log });
}
