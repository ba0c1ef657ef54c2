// One trace covers gateway -> auth -> event consumer, on both profiles (in-memory exporter).
// Telemetry starts before the application is imported, as in the process entry points.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { startTelemetry, stopTelemetry } from '@civic/service-kit/telemetry';

const exporter = new InMemorySpanExporter();
await startTelemetry({ serviceName: 'civic-test', spanProcessors: [new SimpleSpanProcessor(exporter)] });

const { authEvents } = await import('@civic/contracts');
const { probeEvents } = await import('../support/event-probe.ts');
const { profilePlan } = await import('../support/infrastructure.ts');
const { startStack } = await import('../support/stack.ts');
const { requestCode } = await import('../support/sign-in.ts');

after(stopTelemetry);

for (const { profile, skip } of await profilePlan()) {
  describe(`tracing (${profile})`, { skip }, () => {
    let stack: Awaited<ReturnType<typeof startStack>>;
    let probe: Awaited<ReturnType<typeof probeEvents<typeof authEvents.UserRegistered>>>;
    before(async () => {
      stack = await startStack(profile);
      probe = await probeEvents(stack.platforms.auth!, authEvents.UserRegistered, 'probe_trace');
    });
    after(async () => {
      await probe?.stop();
      await stack?.close();
    });

    test('the sign-in request and the consumer of its event share one trace', async () => {
      const client = stack.client();
      const email = `trace.${profile}.${process.pid}@example.com`;
      const { stateId, code } = await requestCode(stack, client, email);
      exporter.reset();
      const verified = await client.post('/api/auth/email/verify-otp', { stateId, otp: code });
      assert.equal(verified.status, 200);
      const event = await probe.waitFor((p) => p.email === email);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const spans = exporter.getFinishedSpans();
      const consumer = spans.find((s) => s.name === `${event.subject} process` && s.attributes['messaging.message.id'] === event.id);
      assert.ok(consumer, 'the consumer recorded a span');
      const trace = spans.filter((s) => s.spanContext().traceId === consumer.spanContext().traceId);
      const names = trace.map((s: ReadableSpan) => s.name);
      const routeSpans = trace.filter((s) => String(s.attributes['http.route'] ?? '').includes('verify-otp') || s.name.includes('verify-otp'));
      assert.ok(routeSpans.length > 0, `the verify-otp request is in the trace: ${names.join(', ')}`);

      if (profile === 'distributed') {
        const servers = new Set(trace.filter((s) => s.kind === 1).map((s) => s.attributes['server.port'] ?? s.attributes['net.host.port']));
        assert.ok(servers.size >= 2, `gateway and auth service both served spans of the trace: ${names.join(', ')}`);
      }
    });

    test('SECURITY 28: spans do not carry a query string secret (a magic link opened in the browser)', async () => {
      const secret = 'secret-link-token-1234567890';
      exporter.reset();
      await stack.client().get(`/?token=${secret}`);
      await stack.client().get(`/api/priorities?search=${secret}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const spans = exporter.getFinishedSpans();
      assert.ok(spans.length > 0, 'the requests were traced');
      for (const span of spans) {
        assert.ok(!JSON.stringify(span.attributes).includes(secret), `${span.name}: ${JSON.stringify(span.attributes)}`);
      }
    });
  });
}
