// The rule `npm run test:unit` selects files by (scripts/test-tiers.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tierOf, tierSource } from './test-tiers.ts';

test('front-end tests beside their source and service tests in a source-named folder are unit tests', () => {
  assert.equal(tierOf('frontends/kit/src/lib/age-text.test.ts'), 'unit');
  assert.equal(tierOf('frontends/shell/src/routing/route-table.test.ts'), 'unit');
  assert.equal(tierOf('services/priorities/test/domain/ranking.test.ts'), 'unit');
  assert.equal(tierOf('services/auth/test/sign-in/canonical-email.test.ts'), 'unit');
  assert.equal(tierOf('scripts/test-tiers.test.ts'), 'unit');
  assert.equal(tierOf('test/support/chromium-plan.test.ts'), 'unit');
});

test('service tests at the top of test/, the kit, gateway and cross-service tests are integration tests', () => {
  assert.equal(tierOf('services/priorities/test/votes.test.ts'), 'integration');
  assert.equal(tierOf('services/kit/test/events/nats-bus.test.ts'), 'integration');
  assert.equal(tierOf('services/ledger/test/support/ledger-helpers.test.ts'), 'integration');
  assert.equal(tierOf('gateway/test/gateway.test.ts'), 'integration');
  assert.equal(tierOf('test/outage/infrastructure-restarts.test.ts'), 'integration');
});

test('a test in a source-named folder that builds its service with the kit harness is a service test', () => {
  const harness = "import { useTestService } from '@civic/service-kit/testing';\n";
  assert.equal(tierOf('services/priorities/test/priorities/create-and-list.test.ts', harness), 'service');
  assert.equal(tierOf('services/priorities/test/domain/ranking.test.ts', "import { rankPriorities } from '../../src/domain/ranking.ts';\n"), 'unit');
  // The kit's own folders and the tops of test/ keep their tiers whatever they import.
  assert.equal(tierOf('services/kit/test/testing/test-service.test.ts', harness), 'integration');
  assert.equal(tierOf('services/priorities/test/votes.test.ts', harness), 'integration');
});

test('test/browser holds the browser tests', () => {
  assert.equal(tierOf('test/browser/landing.test.ts'), 'browser');
});

test("a test that builds its service through a helper of its own reads as a service test by the helper's import", async () => {
  const files: Record<string, string> = {
    'services/ledger/test/credits/credits.test.ts': "import { useLedgerService } from '../support/ledger-service.ts';\nimport { x } from './gone.ts';\n",
    'services/ledger/test/support/ledger-service.ts': "import { useTestService } from '@civic/service-kit/testing';\n",
    'services/ledger/test/domain/amounts.test.ts': "import { amounts } from '../../src/domain/amounts.ts';\n",
    'services/ledger/src/domain/amounts.ts': 'export const amounts = 1;\n',
  };
  const read = async (path: string) => files[path] ?? Promise.reject(new Error(`no ${path}`));
  const tier = async (path: string) => tierOf(path, await tierSource(path, read));
  assert.equal(await tier('services/ledger/test/credits/credits.test.ts'), 'service');
  assert.equal(await tier('services/ledger/test/domain/amounts.test.ts'), 'unit');
});
