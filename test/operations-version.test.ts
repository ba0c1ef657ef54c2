// The release (issue 21): the root package.json's "version" is what the gateway's and every service's
// /healthz and /readyz report, and CHANGELOG.md has an entry for it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { APP_VERSION } from '@civic/service-kit';
import { profilePlan } from './support/infrastructure.ts';
import { useStack } from './support/integration-suite.ts';

const ROOT = new URL('..', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { version: string };

test('the release is a semantic version with a CHANGELOG.md entry', () => {
  assert.match(version, /^\d+\.\d+\.\d+$/);
  assert.equal(APP_VERSION, version);
  assert.match(readFileSync(new URL('CHANGELOG.md', ROOT), 'utf8'), new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'));
});

for (const { profile, skip } of await profilePlan()) {
  describe(`the version on the health routes (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth'] });

    test('GET /healthz and GET /readyz of the gateway (and, distributed, of a service) name the release', async () => {
      const bases = [stack.baseUrl, ...Object.values(stack.serviceUrls)];
      for (const base of bases) {
        const health = await fetch(`${base}/healthz`);
        assert.equal(health.status, 200, base);
        assert.deepEqual({ ...(await health.json()), service: undefined }, { status: 'ok', version, service: undefined });
        const ready = await fetch(`${base}/readyz`);
        assert.equal(((await ready.json()) as { version?: string }).version, version, base);
      }
      assert.equal(bases.length, profile === 'distributed' ? 2 : 1);
    });
  });
}
