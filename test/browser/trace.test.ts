/// <reference lib="dom" />
// One trace covers gateway -> auth -> event consumer when a person signs in from Chromium:
// the browser's verify-otp request, the auth handler that registers the user, and the consumer of
// civic.auth.user.registered share a trace id (in-memory exporter; telemetry starts before the app loads).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { startTelemetry, stopTelemetry } from '@civic/service-kit/telemetry';
import { browserTestsSkip } from '../support/chromium-plan.ts';

const exporter = new InMemorySpanExporter();
await startTelemetry({ serviceName: 'civic-browser-test', spanProcessors: [new SimpleSpanProcessor(exporter)] });

const { authEvents } = await import('@civic/contracts');
const { probeEvents } = await import('../support/event-probe.ts');
const { useBrowserTestServer } = await import('../support/browser-suite.ts');
const { newSession } = await import('../support/browser.ts');
const { answerNamePrompt, codeFor, openSignInDialog, requestCode, uniqueEmail, waitForDashboard } = await import('./browser-helpers.ts');

describe('tracing from the browser', { skip: browserTestsSkip() }, () => {
  const { server } = useBrowserTestServer();
  let probe: Awaited<ReturnType<typeof probeEvents<typeof authEvents.UserRegistered>>>;
  before(async () => {
    probe = await probeEvents(server.platform, authEvents.UserRegistered, 'probe_browser_trace');
    server.stack.onClose(() => probe.stop());
  });
  after(async () => {
    await stopTelemetry();
  });

  test('signing in by code: the request and the consumer of its event share one trace', async () => {
    const session = await newSession(server.baseUrl);
    const { page } = session;
    await page.goto('/');
    await openSignInDialog(page);
    const email = uniqueEmail('trace');
    await requestCode(page, email);
    await page.keyboard.type(await codeFor(server, email));
    await answerNamePrompt(page, 'Tracy');
    await waitForDashboard(page);
    const event = await probe.waitFor((p) => p.email === email);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const spans = exporter.getFinishedSpans();
    const consumer = spans.find((s) => s.attributes['messaging.message.id'] === event.id);
    assert.ok(consumer, 'the consumer recorded a span');
    const trace = spans.filter((s) => s.spanContext().traceId === consumer.spanContext().traceId);
    const names = trace.map((s) => s.name);
    assert.ok(
      trace.some((s) => s.kind === 1 && String(s.attributes['http.route'] ?? s.name).includes('verify-otp')),
      `the browser's verify-otp request is the root of the trace: ${names.join(', ')}`,
    );
    assert.ok(
      names.some((n) => n.startsWith('handler')),
      `the auth handler is in the trace: ${names.join(', ')}`,
    );
    await session.close();
  });
});
