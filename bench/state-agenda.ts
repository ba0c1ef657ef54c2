// The agenda by state's read (issue 23, docs/ranking.md section 7) on PostgreSQL at the benchmark's
// size: 50,000 priorities and 2,000,000 votes of 50,021 members (bench/seed-priorities.ts), members
// spread over the 51 states with California holding an eighth of them (the largest state's share of
// the US) and one in seven profiles private. Prints the median of 5 EXPLAIN ANALYZE runs (ms) of
// counting a state (its tallies, its voters: what the state tallies cache keeps for a minute) and of
// a page of 50 once counted (the tallied part, and the national walk leaving the tallied ones out),
// for California and for a small state.
//
//   node --import tsx bench/state-agenda.ts     (the local PostgreSQL of the tests; its own database, dropped after)
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { US_STATE_CODES } from '@civic/contracts';
import { databaseUrl, dropDatabase, ensureDatabase, pgPoolDriver, runMigrations } from '@civic/service-kit/db';
import { MIGRATIONS_DIR } from '../services/priorities/src/app.ts';
import { STATE_TALLY_MIN_VOTERS } from '@civic/contracts';
import { partQuery } from '../services/priorities/src/priorities/list-priorities.ts';
import { STATE_TALLIES_SQL, talliedPageQuery, talliedSliceQuery, VOTERS_COUNTED_SQL } from '../services/priorities/src/priorities/list-state-priorities.ts';
import { LOCAL_INFRA } from '../test/support/infrastructure.ts';
import { seededUserId, seedPriorities } from './seed-priorities.ts';

const PRIORITIES = Number(process.env.BENCH_PRIORITIES ?? 50_000);
const VOTES = Number(process.env.BENCH_VOTES ?? 2_000_000);
/** BENCH_DATABASE=<name>: measure an existing seeded database again (kept; for working on the query). */
const reuse = process.env.BENCH_DATABASE;
const database = reuse ?? `civic_benchs${randomBytes(4).toString('hex')}_priorities`;
const url = databaseUrl(LOCAL_INFRA.DATABASE_URL, database);

async function medianMs(client: pg.Client, sql: string, params: unknown[]): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < 6; run++) {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
    if (run > 0) times.push(Number((rows[0] as { 'QUERY PLAN': { 'Execution Time': number }[] })['QUERY PLAN'][0]!['Execution Time']));
  }
  times.sort((a, b) => a - b);
  return times[2]!;
}

await ensureDatabase(LOCAL_INFRA.DATABASE_URL, database);
const pool = new pg.Pool({ connectionString: url, max: 2 });
const client = new pg.Client({ connectionString: url });
try {
  await runMigrations(pgPoolDriver(pool), { schema: 'priorities', migrationsDir: MIGRATIONS_DIR });
  if (!reuse) await seedPriorities(url, { priorities: PRIORITIES, votes: VOTES, log: console.log });
  await client.connect();
  // Member i: California when i % 8 = 0, else one of the other 50 in turn; private when i % 7 = 3.
  // Counted at once, as after an hourly epoch (members/apply-state-epoch.ts).
  const others = US_STATE_CODES.filter((code) => code !== 'CA');
  await client.query(
    `UPDATE priorities.members m SET state = s.state, profile_public = s.public, counted_state = CASE WHEN s.public THEN s.state END
     FROM (SELECT CASE WHEN i % 8 = 0 THEN 'CA' ELSE ($1::text[])[1 + (i % 50)] END AS state, i % 7 <> 3 AS public,
                  $2::text || lpad(to_hex(i), 12, '0') AS id FROM generate_series(0, 50020) AS i) s
     WHERE m.user_id = s.id::uuid`,
    [others, seededUserId(0).slice(0, -12)],
  );
  await client.query('VACUUM ANALYZE priorities.members');
  await client.query('VACUUM ANALYZE priorities.votes');
  for (const state of ['CA', 'WY'] as const) {
    const [{ n }] = (await client.query('SELECT count(*)::int AS n FROM priorities.members WHERE counted_state = $1', [state])).rows;
    // The seed spreads each priority's 40 votes over all members, so few reach 10 voters of one state;
    // the page is measured with the priorities that have 3 (thousands tallied: a large state's worst case).
    const { rows } = await client.query(STATE_TALLIES_SQL, [state, 5, 3]);
    const tallies = new Map(rows.map((r: { priority_id: string; endorsements: number; oppositions: number }) => [r.priority_id, r]));
    const query = { limit: 50, offset: 0 };
    const slice = talliedSliceQuery(seededUserId(1), [...tallies.keys()].slice(0, 50));
    const filtered = talliedPageQuery(seededUserId(1), { ...query, category: 'Economy' }, { tallies, votersCounted: 0 }, 5);
    const rest = partQuery(seededUserId(1), query, 'ranked', 5, 50, 0, [...tallies.keys()]);
    const ms = async (sql: string, params: unknown[]) => `${(await medianMs(client, sql, params)).toFixed(1)} ms`;
    console.log(
      `${state} (${n} counted members, ${tallies.size} priorities with 3 or more of its voters): counting: tallies ${await ms(STATE_TALLIES_SQL, [state, 5, STATE_TALLY_MIN_VOTERS])}, voters ${await ms(VOTERS_COUNTED_SQL, [state])}; page of 50: tallied ${await ms(slice.sql, slice.params)} (Economy only: ${await ms(filtered.sql, filtered.params)}), the rest ${await ms(rest.sql, rest.params)}`,
    );
  }
} finally {
  await client.end().catch(() => {});
  await pool.end();
  if (!reuse && !process.env.BENCH_KEEP) await dropDatabase(LOCAL_INFRA.DATABASE_URL, database);
  else console.log(`kept: BENCH_DATABASE=${database}`);
}
