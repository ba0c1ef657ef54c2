// Request/reply between services on both transports: the reply is checked against the contract, a
// missing or failing responder is a 503 naming the service, and on NATS the caller's identity is a
// signed token addressed to the responder, so a client without the secret gets nothing.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { z } from 'zod';
import pino from 'pino';
import { defineRequest, ZReplyEnvelope } from '@civic/contracts/requests/define-request';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { wireSubjectFor } from '../../src/events/naming.ts';
import { IDENTITY_HEADER, type Identity } from '../../src/http/internal-identity.ts';
import { createInProcessRequestBus } from '../../src/requests/in-process-requests.ts';
import { createNatsRequestBus } from '../../src/requests/nats-requests.ts';
import type { RequestBus } from '../../src/requests/request-bus.ts';
import { createIdentitySigner } from '../../src/http/internal-identity.ts';
import { createNatsTestEnv } from '../events/support/nats-test-env.ts';
import { natsHostPort, skipUnlessReachable } from '../events/support/reachability.ts';

const logger = pino({ level: 'silent' });
const Greeting = defineRequest('rpc.greeter.greeting', z.strictObject({ name: z.string() }), z.object({ text: z.string(), userId: z.string() }));
const identity: Identity = { userId: '6f1c1a52-5f5c-4d55-9a55-8f0e1a1f2b3c', isAdmin: false, isBanned: false, ip: '10.0.0.1' };
const UNAVAILABLE = 'The greeter service could not answer right now. Please try again.';

async function contractChecks(bus: RequestBus) {
  await assert.rejects(
    bus.request(Greeting, { name: 'Ada' }, { identity, timeoutMs: 500 }),
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
  assert.deepEqual(await bus.request(Greeting, { name: 'Ada' }, { identity }), { text: 'Hello Ada', userId: identity.userId });
  for (const name of ['boom', 'bad']) {
    await assert.rejects(bus.request(Greeting, { name }, { identity }), (e: Error & { statusCode?: number }) => {
      assert.equal(e.statusCode, 503);
      assert.equal(e.message, UNAVAILABLE, 'the reason stays in the responder log');
      return true;
    });
  }
  assert.equal(calls, 3);
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
    const bus = createNatsRequestBus({ nc: env.nc, secret: randomBytes(32).toString('hex'), namespace: env.namespace, logger });
    try {
      await contractChecks(bus);
    } finally {
      await bus.close();
      await env.cleanup();
    }
  });

  test('a request without a valid identity token for the responder is not answered', async () => {
    const env = await createNatsTestEnv();
    const secret = randomBytes(32).toString('hex');
    const bus = createNatsRequestBus({ nc: env.nc, secret, namespace: env.namespace, logger });
    let handled = 0;
    await bus.respond(Greeting, async () => {
      handled++;
      return { text: 'leak', userId: identity.userId! };
    });
    try {
      const subject = wireSubjectFor(Greeting.subject, env.namespace);
      const forged = [
        undefined,
        createIdentitySigner(randomBytes(32).toString('hex'))(identity, 'greeter'), // another secret
        createIdentitySigner(secret)(identity, 'auth'), // addressed to another service
      ];
      for (const token of forged) {
        const headers = natsHeaders();
        if (token) headers.set(IDENTITY_HEADER, token);
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
    const secret = randomBytes(32).toString('hex');
    const replicas = [0, 1].map(() => createNatsRequestBus({ nc: env.nc, secret, namespace: env.namespace, logger }));
    const caller = createNatsRequestBus({ nc: env.nc, secret, namespace: env.namespace, logger });
    const counts = [0, 0];
    for (const [i, replica] of replicas.entries()) {
      await replica.respond(Greeting, async ({ name }) => {
        counts[i]!++;
        return { text: name, userId: identity.userId! };
      });
    }
    try {
      await Promise.all(Array.from({ length: 40 }, (_, n) => caller.request(Greeting, { name: `n${n}` }, { identity })));
      assert.equal(counts[0]! + counts[1]!, 40);
    } finally {
      for (const bus of [...replicas, caller]) await bus.close();
      await env.cleanup();
    }
  });
});
