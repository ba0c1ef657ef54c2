// The release this code is: "version" of the root package.json (CHANGELOG.md says what each one holds).
// /healthz reports it, so an operator sees which release each process of a rolling deploy runs.
import { readFileSync } from 'node:fs';

function readVersion(): string {
  const root = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  if (typeof root.version !== 'string') throw new Error('The root package.json has no "version"');
  return root.version;
}

export const APP_VERSION: string = readVersion();
