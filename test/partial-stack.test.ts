// A test stack with only some services (startStack's `services`, GATEWAY_SERVICES): the gateway
// serves those, another service's path answers 404 on both profiles, and reaching a service that was
// not started names it. A misspelt name stops an embedded gateway before it starts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { embeddedServices } from '../gateway/src/services.ts';
import { profilePlan } from './support/infrastructure.ts';
import { useStack } from './support/integration-suite.ts';

test('embedded: GATEWAY_SERVICES picks the mounted services; an unknown name is refused', () => {
  assert.deepEqual(
    embeddedServices(undefined).map((s) => s.name),
    ['auth', 'account', 'social', 'priorities', 'ledger', 'briefing', 'admin', 'notifications'],
  );
  assert.deepEqual(
    embeddedServices(['ledger', 'auth']).map((s) => s.name),
    ['auth', 'ledger'],
  );
  assert.throws(() => embeddedServices(['auth', 'ledgre']), /GATEWAY_SERVICES: no service is called ledgre/);
});

for (const { profile, skip } of await profilePlan()) {
  describe(`a stack of auth alone (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth'] });

    test("auth answers; the other services' paths are 404, not served", async () => {
      const client = stack.client();
      assert.equal((await client.get('/api/auth/user')).status, 401);
      for (const path of ['/api/priorities', '/api/settings', '/api/political-capital/transactions', '/api/activities']) {
        assert.equal((await client.get(path)).status, 404, path);
      }
    });

    test('a service that was not started is named when a test reaches for it', () => {
      assert.ok(stack.platforms.auth);
      assert.throws(() => stack.platforms.ledger, /No platform for ledger: this stack did not start it/);
      assert.deepEqual(Object.keys(stack.platforms), ['auth']);
    });
  });
}
