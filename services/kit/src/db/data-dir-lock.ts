// One process at a time on an embedded PGlite directory: two would each run their own Postgres over
// the same files and corrupt them. The lock is a file holding the owner's pid; a file whose process
// is gone (a crash) is taken over.
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid a lock file names, or null when nobody (alive) holds it (also the test ports' locks: infra/port-reservation.ts). */
export function pidLockHolder(lockFile: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile, 'utf8').trim());
  } catch {
    return null;
  }
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
}

/** Takes the lock for this process; returns its release. Throws DataDirInUseError if another live process holds it. */
export function acquireDataDirLock(lockFile: string, what: string): () => void {
  const holder = pidLockHolder(lockFile);
  if (holder !== null && holder !== process.pid) {
    throw new DataDirInUseError(`${what} is in use by process ${holder} (another npm start?). Stop it first; if no such process runs, delete ${lockFile}.`);
  }
  writeFileSync(lockFile, `${process.pid}\n`);
  return () => {
    try {
      if (pidLockHolder(lockFile) === process.pid) unlinkSync(lockFile);
    } catch {
      // Already gone.
    }
  };
}
