// Request/reply carries trace context (issue 15 item 6): the responder's handler runs in the asker's
// trace, so a promotion (priorities -> ledger debit) or an export (account -> every service) is one
// trace; and every log line written inside it carries trace_id and the service's name. Registers a
// W3C propagator and context manager, so it lives in its own file.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { context, propagation, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import pino from 'pino';
import { z } from 'zod';
import { defineRequest } from '@civic/contracts/shared/define-request';
import { logContextOptions } from '../../src/log-context.ts';
import { createNatsRequestBus } from '../../src/requests/nats-requests.ts';
import { createNatsTestEnv } from '../events/support/nats-test-env.ts';
import { natsHostPort, skipUnlessReachable } from '../events/support/reachability.ts';

context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
propagation.setGlobalPropagator(new W3CTraceContextPropagator());

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const askerContext = trace.setSpanContext(ROOT_CONTEXT, { traceId: TRACE_ID, spanId: '00f067aa0ba902b7', traceFlags: TraceFlags.SAMPLED });
const Debit = defineRequest('rpc.tracer.debit', z.strictObject({ amount: z.number() }), z.object({ ok: z.boolean() }), ['asker']);
const identity = { userId: '6f1c1a52-5f5c-4d55-9a55-8f0e1a1f2b3c', isAdmin: false, isBanned: false, ip: '10.0.0.1' };

const nats = natsHostPort();
const skip = await skipUnlessReachable('NATS', nats.host, nats.port);

test('NATS request/reply: the responder runs in the asker’s trace, and its log lines carry trace_id and its service', { skip }, async () => {
  const env = await createNatsTestEnv();
  const lines = new PassThrough();
  const written: string[] = [];
  lines.on('data', (chunk: Buffer) => written.push(...chunk.toString().trim().split('\n')));
  const responderLog = pino({ level: 'info', ...logContextOptions('ledger') }, lines);
  const asker = createNatsRequestBus({ nc: env.nc, namespace: env.namespace, logger: pino({ level: 'silent' }) });
  const responder = createNatsRequestBus({ nc: env.nc, namespace: env.namespace, logger: responderLog });
  try {
    const seen: string[] = [];
    await responder.respond(Debit, async () => {
      seen.push(trace.getActiveSpan()?.spanContext().traceId ?? 'none');
      responderLog.info('debit applied');
      return { ok: true };
    });
    await context.with(askerContext, () => asker.request(Debit, { amount: 5 }, { caller: 'asker', identity }));
    assert.deepEqual(seen, [TRACE_ID]);
    const line = JSON.parse(written.find((l) => l.includes('debit applied'))!) as Record<string, unknown>;
    assert.equal(line.trace_id, TRACE_ID);
    assert.equal(line.service, 'ledger');
    assert.match(String(line.span_id), /^[0-9a-f]{16}$/);

    // Outside any trace, a request starts none of its own on the responder's side.
    seen.length = 0;
    await asker.request(Debit, { amount: 5 }, { caller: 'asker', identity });
    assert.notEqual(seen[0], TRACE_ID);
  } finally {
    await asker.close();
    await responder.close();
    await env.cleanup();
  }
});
