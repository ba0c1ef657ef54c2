// The manifest a backup folder carries (manifest.json): what was backed up, from which release, and
// each file's SHA-256, which restore checks before it touches a database.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

export interface BackupManifest {
  format: 1;
  /** The release that made it (root package.json): restore into that release, then `npm run migrate`. */
  version: string;
  profile: 'embedded' | 'distributed';
  createdAt: string;
  /** Distributed: the DATABASE_PREFIX the databases had (restore may use another). */
  databasePrefix?: string;
  /** Distributed: one custom-format pg_dump per service database. */
  databases?: { service: string; file: string; sha256: string; bytes: number; migrations: string[] }[];
  /** Embedded: the PGlite data directory, copied while no process had it open. */
  pgliteDir?: string;
}

export const MANIFEST_FILE = 'manifest.json';

export function sha256OfFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
