// `npm run admin:rebuild-directory [-- --wait SECONDS]`: asks the admin service to rebuild its users
// directory from scratch (services/admin/src/users/rebuild-directory.ts says how). A running admin
// process picks the request up within seconds; distributed, this waits (default 300 s) and says how it
// went. Embedded, the database is the server's own: stop npm start, run this, start it again.
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { openServiceStores, OperatorError, runOperatorCommand } from '../events/service-stores.ts';

interface RebuildRow {
  finished: boolean;
  users: number | null;
  error: string | null;
}

await runOperatorCommand(async () => {
  const { values } = parseArgs({ options: { wait: { type: 'string', default: '300' } } });
  const stores = await openServiceStores();
  try {
    const admin = stores.stores.find((s) => s.service === 'admin');
    if (!admin) throw new OperatorError('No admin database found: has the admin service started once (its migrations)?');
    const [request] = await admin.db.query<{ id: string }>('INSERT INTO admin.directory_rebuilds DEFAULT VALUES RETURNING id::text');
    console.log(`Rebuild #${request!.id} requested.`);
    if (stores.profile === 'embedded') {
      console.log('It runs when npm start next starts.');
      return;
    }
    const deadline = Date.now() + Number(values.wait) * 1000;
    while (Date.now() < deadline) {
      const [row] = await admin.db.query<RebuildRow>(
        'SELECT finished_at IS NOT NULL AS finished, users, error FROM admin.directory_rebuilds WHERE id = $1::bigint',
        [request!.id],
      );
      if (row?.finished) {
        if (row.error) throw new OperatorError(`The rebuild failed: ${row.error}\nThe directory keeps following the events; run the command again.`);
        console.log(`Done: ${row.users} accounts read back from auth.`);
        return;
      }
      await sleep(500);
    }
    console.log('Still running or not picked up yet: is the admin service running? It rebuilds when it next polls.');
  } finally {
    await stores.close();
  }
});
