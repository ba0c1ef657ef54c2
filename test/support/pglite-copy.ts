// A PGlite of a test's own on a copy of the initialised cluster the embedded stacks start from
// (seedPgliteCluster): an in-memory PGlite runs initdb, seconds of CPU, each time it is created.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPGlite } from '@civic/service-kit/db';
import { seedPgliteCluster } from '@civic/service-kit/testing';

export interface PgliteCopy {
  db: Awaited<ReturnType<typeof createPGlite>>;
  /** Closes the database and removes its directory. */
  close(): Promise<void>;
}

export async function openPgliteCopy(label = 'test'): Promise<PgliteCopy> {
  const dataDir = await mkdtemp(join(tmpdir(), `civic-pglite-${label}-`));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  try {
    await seedPgliteCluster(dataDir);
    const db = await createPGlite(join(dataDir, 'pglite'));
    return {
      db,
      async close() {
        await db.close();
        await removeDir();
      },
    };
  } catch (error) {
    await removeDir();
    throw error;
  }
}
