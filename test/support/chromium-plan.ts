// Whether the browser tests can run here: they need Chromium (CHROMIUM_PATH, default Debian's
// /usr/bin/chromium). Without it they are skipped with the reason, as the distributed tests are
// without PostgreSQL, NATS or Redis (infrastructure.ts); with CI=true a missing Chromium is a failure.
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const INSTALL_HINT = 'install it with scripts/install-test-prerequisites.sh, or set CHROMIUM_PATH';

/** The skip reason, or false when the browser tests run; throws when CI requires them. */
export function chromiumSkip(found: { path: string; exists: boolean; ci: boolean }): string | false {
  if (found.exists) return false;
  if (found.ci) throw new Error(`CI=true requires the browser tests, but Chromium is missing at ${found.path} (${INSTALL_HINT})`);
  return `browser tests skipped: no Chromium at ${found.path} (${INSTALL_HINT})`;
}

/** For a browser test file's top describe: `describe('...', { skip: browserTestsSkip() }, ...)`. */
export function browserTestsSkip(): string | false {
  return chromiumSkip({ path: CHROMIUM_PATH, exists: existsSync(CHROMIUM_PATH), ci: process.env.CI === 'true' });
}
