// Test helpers of the open agenda's downloads: votes written straight into the table (as
// bench/seed-priorities.ts does) to make a snapshot of some size, and a GET that sees the bytes as sent
// (fetch would decode gzip/br and hide the content coding).
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { SqlDriver } from '@civic/service-kit/db';

export interface SeededVote {
  /** The voter (no account: the votes table names users by id only). */
  id: string;
  priority: string;
  type: 'endorse' | 'oppose';
}

/** Writes the votes and sets their priorities' tallies to match. */
export async function insertVotes(tables: SqlDriver, votes: readonly SeededVote[]): Promise<void> {
  await tables.query(
    `INSERT INTO priorities.votes (priority_id, user_id, vote_type, voted_at)
     SELECT (u->>'priority')::uuid, (u->>'id')::uuid, u->>'type', now() FROM jsonb_array_elements($1::jsonb) AS u`,
    [JSON.stringify(votes)],
  );
  await tables.query(
    `UPDATE priorities.priorities p SET endorsements = t.e, oppositions = t.o
     FROM (SELECT priority_id, count(*) FILTER (WHERE vote_type = 'endorse')::int AS e, count(*) FILTER (WHERE vote_type = 'oppose')::int AS o
           FROM priorities.votes GROUP BY priority_id) t
     WHERE p.id = t.priority_id AND p.id = ANY($1::uuid[])`,
    [[...new Set(votes.map((vote) => vote.priority))]],
  );
}

/** `count` votes spread over the priorities, one in three an opposition. */
export function seedVotes(tables: SqlDriver, priorityIds: readonly string[], count: number): Promise<void> {
  return insertVotes(
    tables,
    Array.from({ length: count }, (_, i) => ({ id: randomUUID(), priority: priorityIds[i % priorityIds.length]!, type: i % 3 === 0 ? 'oppose' : 'endorse' })),
  );
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A client network of its own, named in X-Forwarded-For (the test stack's gateway trusts one proxy). */
export const randomClientIp = () => `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.7`;

/** A GET whose answer is read as bytes, undecoded; from a client network of its own unless `ip` names one. */
export function rawGet(baseUrl: string, path: string, headers: Record<string, string> = {}, ip = randomClientIp()): Promise<RawAnswer> {
  return rawRequest(baseUrl, 'GET', path, headers, ip);
}

export function rawRequest(baseUrl: string, method: string, path: string, headers: Record<string, string> = {}, ip = randomClientIp()): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(new URL(path, baseUrl), { method, headers: { 'x-forwarded-for': ip, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
