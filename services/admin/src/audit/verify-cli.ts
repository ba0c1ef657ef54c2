// npm run audit:verify -- <database URL>: checks an admin database's audit chain directly, without
// the service (an auditor's or operator's tool). The URL defaults to $AUDIT_DATABASE_URL. Prints the
// result as JSON; exits 0 when the chain holds, 1 when it does not, 2 when it could not check.
import pg from 'pg';
import { CHAIN_BATCH_SIZE, CHAIN_BATCH_SQL, toChainEntry, type AuditRow } from './audit-rows.ts';
import { verifyChain } from './chain.ts';

export async function verifyDatabase(connectionString: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await verifyChain(async (after) => {
      const { rows } = await client.query<AuditRow>(CHAIN_BATCH_SQL, [(after ?? 0n).toString(), CHAIN_BATCH_SIZE]);
      return rows.map(toChainEntry);
    });
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2] ?? process.env.AUDIT_DATABASE_URL;
  if (!url) {
    console.error('usage: npm run audit:verify -- <postgresql://... of the admin database>  (or AUDIT_DATABASE_URL)');
    process.exit(2);
  }
  try {
    const result = await verifyDatabase(url);
    console.log(JSON.stringify(result));
    process.exit(result.valid ? 0 : 1);
  } catch (error) {
    console.error(`audit:verify could not check the chain: ${(error as Error).message}`);
    process.exit(2);
  }
}
