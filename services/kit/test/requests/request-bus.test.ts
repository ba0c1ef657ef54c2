// Request/reply between services on both transports: the reply is checked against the contract, a
// missing or failing responder is a 503 naming the service, and a caller the definition does not name
// is refused before the handler runs (SECURITY 33; on NATS the server's permissions refuse it first,
// test/network-auth.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import pino from 'pino';
import { defineRequest, ZReplyEnvelope } from '@civic/contracts/shared/define-request';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { wireSubjectFor } from '../../src/events/naming.ts';
import type { Identity } from '../../src/http/internal-identity.ts';
import { createInProcessRequestBus } from '../../src/requests/in-process-requests.ts';
import { createNatsRequestBus } from '../../src/requests/nats-requests.ts';
import type { RequestBus } from '../../src/requests/request-bus.ts';
import { CALLER_HEADER, REQUEST_IDENTITY_HEADER, requestIdentityHeader } from '../../src/requests/request-identity.ts';
import { createNatsTestEnv } from '../events/support/nats-test-env.ts';
import { natsHostPort, skipUnlessReachable } from '../events/support/reachability.ts';

const logger = pino({ level: 'silent' });
const Greeting = defineRequest('rpc.greeter.greeting', z.strictObject({ name: z.string() }), z.object({ text: z.string(), userId: z.string() }), ['asker']);
const identity: Identity = { userId: '6f1c1a52-5f5c-4d55-9a55-8f0e1a1f2b3c', isAdmin: false, isBanned: false, ip: '10.0.0.1' };
const UNAVAILABLE = 'The greeter service could not answer right now. Please try again.';

async function contractChecks(bus: RequestBus) {
  await assert.rejects(
    bus.request(Greeting, { name: 'Ada' }, { caller: 'asker', identity, timeoutMs: 500 }),
    (e: Error & { statusCode?: number }) => {
      assert.equal(e.statusCode, 503);
      assert.equal(e.message, UNAVAILABLE);
      return true;
    },
    'nobody answers yet',
  );
  let calls = 0;
  await bus.respond(Greeting, async ({ name }, who) => {
    calls++;
    if (name === 'boom') throw new Error('secret internals');
    if (name === 'bad') return { text: 42 } as never;
    return { text: `Hello ${name}`, userId: who.userId! };
  });
  assert.deepEqual(await bus.request(Greeting, { name: 'Ada' }, { caller: 'asker', identity }), { text: 'Hello Ada', userId: identity.userId });
  for (const name of ['boom', 'bad']) {
    await assert.rejects(bus.request(Greeting, { name }, { caller: 'asker', identity }), (e: Error & { statusCode?: number }) => {
      assert.equal(e.statusCode, 503);
      assert.equal(e.message, UNAVAILABLE, 'the reason stays in the responder log');
      return true;
    });
  }
  for (const caller of ['mallory', '']) {
    await assert.rejects(
      bus.request(Greeting, { name: 'Ada' }, { caller, identity }),
      (e: Error & { statusCode?: number }) => e.statusCode === 503,
      'a caller not named',
    );
  }
  assert.equal(calls, 3, 'the handler never ran for a caller the definition does not name');
}

describe('in-process request bus', () => {
  test('answers through the contract; no responder, a failure or a malformed reply is a 503', async () => {
    const bus = createInProcessRequestBus(logger);
    await contractChecks(bus);
    await bus.close();
  });
});

const nats = natsHostPort();
const skip = await skipUnlessReachable('NATS', nats.host, nats.port);

describe('NATS request bus', { skip }, () => {
  test('answers through the contract; no responder, a failure or a malformed reply is a 503', async () => {
    const env = await createNatsTestEnv();
    const bus = createNatsRequestBus({ nc: env.nc, namespace: env.namespace, logger });
    try {
      await contractChecks(bus);
    } finally {
      await bus.close();
      await env.cleanup();
    }
  });

  test('a request without a caller the definition names, or without a well-formed identity, is not answered', async () => {
    const env = await createNatsTestEnv();
    const bus = createNatsRequestBus({ nc: env.nc, namespace: env.namespace, logger });
    let handled = 0;
    await bus.respond(Greeting, async () => {
      handled++;
      return { text: 'leak', userId: identity.userId! };
    });
    try {
      const subject = wireSubjectFor(Greeting.subject, env.namespace);
      const wellFormed = requestIdentityHeader(identity);
      const refused: [string | undefined, string | undefined][] = [
        [undefined, wellFormed], // no caller
        ['mallory', wellFormed], // a caller the definition does not name
        ['asker', undefined], // no identity
        ['asker', JSON.stringify({ sub: identity.userId, adm: 'yes', ban: false, ip: '10.0.0.1' })], // malformed claims
      ];
      for (const [caller, who] of refused) {
        const headers = natsHeaders();
        if (caller) headers.set(CALLER_HEADER, caller);
        if (who) headers.set(REQUEST_IDENTITY_HEADER, who);
        const reply = await env.nc.request(subject, JSON.stringify({ name: 'Mallory' }), { timeout: 2000, headers });
        const envelope = ZReplyEnvelope.parse(reply.json());
        assert.equal(envelope.ok, false);
        assert.ok(!reply.string().includes('leak'));
      }
      assert.equal(handled, 0);
    } finally {
      await bus.close();
      await env.cleanup();
    }
  });

  test('replicas in one queue group share the requests: each is answered once', async () => {
    const env = await createNatsTestEnv();
    const replicas = [0, 1].map(() => createNatsRequestBus({ nc: env.nc, namespace: env.namespace, logger }));
    const caller = createNatsRequestBus({ nc: env.nc, namespace: env.namespace, logger });
    const counts = [0, 0];
    for (const [i, replica] of replicas.entries()) {
      await replica.respond(Greeting, async ({ name }) => {
        counts[i]!++;
        return { text: name, userId: identity.userId! };
      });
    }
    try {
      await Promise.all(Array.from({ length: 40 }, (_, n) => caller.request(Greeting, { name: `n${n}` }, { caller: 'asker', identity })));
      assert.equal(counts[0]! + counts[1]!, 40);
    } finally {
      for (const bus of [...replicas, caller]) await bus.close();
      await env.cleanup();
    }
  });
});
