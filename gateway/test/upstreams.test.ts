// Distributed: the gateway refuses to start without the URL of every service it forwards to, or with
// a SERVICE_URL_ it cannot place, naming each variable (a missing one used to drop that service's
// routes silently).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generateIdentityKeyPair } from '@civic/service-kit';
import { ROUTE_TABLE } from '../src/route-table.ts';
import { startGateway } from '../src/start-gateway.ts';
import { distributedUpstreams } from '../src/upstreams.ts';

const built = ['auth', 'account', 'social', 'priorities', 'ledger'];
const all = {
  SERVICE_URL_AUTH: 'http://127.0.0.1:3101',
  SERVICE_URL_ACCOUNT: 'http://127.0.0.1:3106',
  SERVICE_URL_SOCIAL: 'http://127.0.0.1:3105',
  SERVICE_URL_PRIORITIES: 'http://127.0.0.1:3102',
  SERVICE_URL_LEDGER: 'http://127.0.0.1:3103',
};

test('every built service needs its URL; a misspelt one is named; GATEWAY_SERVICES narrows the set', () => {
  assert.deepEqual(distributedUpstreams(all, { table: ROUTE_TABLE, built }), {
    auth: all.SERVICE_URL_AUTH,
    account: all.SERVICE_URL_ACCOUNT,
    social: all.SERVICE_URL_SOCIAL,
    priorities: all.SERVICE_URL_PRIORITIES,
    ledger: all.SERVICE_URL_LEDGER,
  });
  const { SERVICE_URL_LEDGER: _ledger, ...withoutLedger } = all;
  assert.throws(
    () => distributedUpstreams({ ...withoutLedger, SERVICE_URL_PRIORITES: 'http://127.0.0.1:1' }, { table: ROUTE_TABLE, built }),
    (error: Error) =>
      /SERVICE_URL_PRIORITES: no service is called priorites/.test(error.message) &&
      /SERVICE_URL_LEDGER: required when PROFILE=distributed/.test(error.message),
  );
  assert.deepEqual(distributedUpstreams({ SERVICE_URL_AUTH: all.SERVICE_URL_AUTH }, { table: ROUTE_TABLE, built, only: ['auth'] }), {
    auth: all.SERVICE_URL_AUTH,
  });
  assert.throws(() => distributedUpstreams(all, { table: ROUTE_TABLE, built, only: ['auht'] }), /GATEWAY_SERVICES: no service is called auht/);
});

test('startGateway stops before connecting anything when a service URL is missing', async () => {
  const { SERVICE_URL_SOCIAL: _social, ...partial } = all;
  await assert.rejects(
    startGateway({
      PROFILE: 'distributed',
      MAIL_TRANSPORT: 'file',
      LOG_LEVEL: 'silent',
      // Unreachable on purpose: the refusal must come first, not a connection error.
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/postgres',
      NATS_URL: 'nats://127.0.0.1:1',
      REDIS_URL: 'redis://127.0.0.1:1',
      IDENTITY_SIGNING_KEY: generateIdentityKeyPair().privateKey,
      CSRF_SECRET: 'y'.repeat(32),
      ...partial,
    }),
    /SERVICE_URL_SOCIAL: required when PROFILE=distributed/,
  );
});
