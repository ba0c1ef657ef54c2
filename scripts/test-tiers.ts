// Which tier a test file belongs to, decided by where it lives (docs/testing.md):
// - unit: pure functions, nothing started (no server, database, bus or browser):
//   a front end's tests beside its source (`frontends/<area>/src/**`), and a service's tests in a
//   folder under its `test/` named after the source folder they cover (`services/<service>/test/domain/`,
//   `test/sign-in/`, ...), except the kit's, whose folders mix in tests against PostgreSQL, NATS and Redis;
//   and the tests of the scripts and of the test machinery's decisions (`scripts/**`, `test/support/**`);
// - service: a file of such a folder that builds its service with the kit's test harness
//   (`@civic/service-kit/testing`): that one service in-process, nothing else;
// - browser: `test/browser/**` (Chromium against the embedded application);
// - integration: everything else (a stack on both profiles, or real infrastructure).
export type TestTier = 'unit' | 'service' | 'integration' | 'browser';

/** What a one-service test imports (its source says it starts the service). */
const HARNESS_IMPORT = /['"]@civic\/service-kit\/testing['"]/;

/** What a file imports by relative path (`./x.ts`, `../support/y.ts`). */
const RELATIVE_IMPORT = /\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * A file's text followed by that of the files it imports by relative path, one level deep: a service's
 * tests often build it through a helper of their own (`services/ledger/test/support/ledger-service.ts`).
 */
export async function tierSource(path: string, read: (path: string) => Promise<string>): Promise<string> {
  const source = await read(path);
  const dir = path.split('/').slice(0, -1);
  const imported = [...source.matchAll(RELATIVE_IMPORT)].map((match) => {
    const parts = [...dir];
    for (const part of match[1]!.split('/')) {
      if (part === '..') parts.pop();
      else if (part !== '.') parts.push(part);
    }
    return parts.join('/');
  });
  const texts = await Promise.all(imported.map((file) => read(file).catch(() => '')));
  return [source, ...texts].join('\n');
}

/** `source`, the file's text (tierSource), tells a service's one-service tests from its pure ones in the same folders. */
export function tierOf(path: string, source = ''): TestTier {
  const parts = path.split(/[\\/]/);
  if (parts[0] === 'frontends' && parts[2] === 'src') return 'unit';
  if (parts[0] === 'services' && parts[1] !== 'kit' && parts[2] === 'test' && parts.length > 4 && parts[3] !== 'support') {
    return HARNESS_IMPORT.test(source) ? 'service' : 'unit';
  }
  if (parts[0] === 'scripts' || (parts[0] === 'test' && parts[1] === 'support')) return 'unit';
  if (parts[0] === 'test' && parts[1] === 'browser') return 'browser';
  return 'integration';
}
