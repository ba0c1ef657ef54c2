// Every process serves its OpenTelemetry metrics in Prometheus format at /metrics on a port of its
// own (METRICS_PORT; here 0, a free one), never on the public gateway port. On both profiles: HTTP
// duration per route pattern (never a raw id), outbox and consumer gauges, dead letters, sign-in
// mails sent and refused, open event streams; PostgreSQL pool use when distributed. Values that
// change asynchronously are polled with a deadline.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { loadConfig, type Platform, ZPlatformConfig } from '@civic/service-kit';
import { profilePlan } from '../support/infrastructure.ts';
import { useStack } from '../support/integration-suite.ts';
import { pollUntil } from '../support/poll.ts';
import { signIn } from '../support/sign-in.ts';
import { openRankingsStream } from '../../services/priorities/test/support/priorities-helpers.ts';

interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** The samples of one metric in a Prometheus text exposition. */
function samplesOf(text: string, name: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    samples.push({ labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of a metric's samples whose labels include `labels` (0 when there is none). */
function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  return samplesOf(text, name)
    .filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/** The process's metrics now; a scrape that fails or is cut off reads as empty (the polls go on). */
async function scrape(platform: Platform): Promise<string> {
  assert.ok(platform.metrics.url, 'the process serves its metrics');
  try {
    const response = await fetch(platform.metrics.url, { signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    return response.status === 200 ? text : '';
  } catch {
    return '';
  }
}

test('METRICS_PORT: off when unset, loopback by default, never the public port', () => {
  const off = loadConfig(ZPlatformConfig, {});
  assert.equal(off.METRICS_PORT, undefined);
  const on = loadConfig(ZPlatformConfig, { PORT: '3000', METRICS_PORT: '9464' });
  assert.deepEqual([on.METRICS_PORT, on.METRICS_HOST], [9464, '127.0.0.1']);
  assert.throws(() => loadConfig(ZPlatformConfig, { PORT: '3000', METRICS_PORT: '3000' }), /METRICS_PORT: must differ from PORT/);
  assert.throws(() => loadConfig(ZPlatformConfig, { METRICS_PORT: 'abc' }), /METRICS_PORT/);
});

for (const { profile, skip } of await profilePlan()) {
  describe(`metrics (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth', 'priorities'], env: { METRICS_PORT: '0' } });
    // Embedded: one process (the gateway's platform) serves everything; distributed: one each.
    const gatewayMetrics = () => scrape(stack.gatewayPlatform);
    const serviceMetrics = (name: 'auth' | 'priorities') => scrape(stack.platforms[name]!);

    test('the public gateway port does not serve /metrics; the metrics port is loopback and serves nothing else', async () => {
      for (const path of ['/metrics', '/metrics/', '/api/metrics']) {
        const answer = await stack.client().get(path);
        assert.notEqual(answer.status, 200, `${path} on the public port`);
        assert.doesNotMatch(answer.text, /# (HELP|TYPE) /, `${path} on the public port`);
      }
      const url = new URL(stack.gatewayPlatform.metrics.url!);
      assert.equal(url.hostname, '127.0.0.1');
      assert.notEqual(url.port, new URL(stack.baseUrl).port);
      assert.equal((await fetch(new URL('/', url))).status, 404);
      assert.equal((await fetch(new URL('/metrics', url), { method: 'POST' })).status, 404);
      await pollUntil(gatewayMetrics, (t) => /^# HELP /m.test(t));
    });

    test('HTTP requests are counted per route pattern and status, never per raw URL', async () => {
      const client = stack.client();
      await signIn(stack, client, `metrics.http.${profile}.${process.pid}@example.com`);
      const id = randomUUID();
      const answer = await client.request('DELETE', `/api/priorities/${id}/vote`);
      assert.ok(answer.status >= 400 && answer.status < 500, answer.text);
      // The gateway labels the route table's claim when it forwards; the mounted service's own pattern when embedded.
      const gatewayRoute = profile === 'embedded' ? '/api/priorities/:id/vote' : '/api/priorities/*';
      const labels = { http_route: gatewayRoute, http_request_method: 'DELETE', http_response_status_code: String(answer.status) };
      const text = await pollUntil(gatewayMetrics, (t) => metricValue(t, 'http_server_request_duration_count', labels) >= 1);
      assert.ok(metricValue(text, 'http_server_request_duration_bucket', { ...labels, le: '+Inf' }) >= 1);
      const signInRoute = profile === 'embedded' ? '/api/auth/email/send-otp' : '/api/auth/*';
      assert.ok(metricValue(text, 'http_server_request_duration_count', { http_route: signInRoute, http_response_status_code: '200' }) >= 1);
      assert.doesNotMatch(text, new RegExp(id), 'no raw id in any label');
      if (profile === 'distributed') {
        // The service's own process labels its exact pattern.
        const own = await pollUntil(
          () => serviceMetrics('priorities'),
          (t) => metricValue(t, 'http_server_request_duration_count', { ...labels, http_route: '/api/priorities/:id/vote' }) >= 1,
        );
        assert.doesNotMatch(own, new RegExp(id));
      }
    });

    test('sign-in mails: a send-otp counts one sent, an immediate second one a refusal', async () => {
      const read = () => serviceMetrics('auth');
      const before = await pollUntil(read, (t) => t !== '');
      const sent = (t: string) => metricValue(t, 'civic_sign_in_mails_total', { kind: 'otp', outcome: 'sent' });
      const refused = (t: string) => metricValue(t, 'civic_sign_in_mails_total', { kind: 'otp', outcome: 'refused', reason: 'AUTH_RESEND_COOLDOWN' });
      const client = stack.client();
      const email = `metrics.mail.${profile}.${process.pid}@example.com`;
      assert.equal((await client.post('/api/auth/email/send-otp', { email })).status, 200);
      await pollUntil(read, (t) => sent(t) === sent(before) + 1);
      const again = await client.post('/api/auth/email/send-otp', { email });
      assert.equal(again.status, 429, again.text);
      const after = await pollUntil(read, (t) => refused(t) === refused(before) + 1);
      assert.equal(sent(after), sent(before) + 1, 'the refused one was not sent');
      assert.doesNotMatch(after, new RegExp(email.replace(/\./g, '\\.')), 'no address in any label');
    });

    test('outbox backlog and age, consumer lag and dead letters are observed at scrape time', async () => {
      // A sign-in registers a user: auth's outbox gets a row, which priorities (among others) consumes.
      await signIn(stack, stack.client(), `metrics.events.${profile}.${process.pid}@example.com`);
      const producer = await pollUntil(
        () => serviceMetrics('auth'),
        (t) => samplesOf(t, 'civic_outbox_backlog').some((s) => s.labels.schema === 'auth'),
      );
      assert.ok(samplesOf(producer, 'civic_outbox_oldest_unpublished_age').some((s) => s.labels.schema === 'auth' && s.value >= 0));
      // Everything handed over and consumed in the end: backlog and lag drain to 0.
      const transport = profile === 'embedded' ? 'in-process' : 'nats';
      const consumer = await pollUntil(
        () => serviceMetrics('priorities'),
        (t) => {
          const lag = samplesOf(t, 'civic_events_consumer_lag').filter((s) => s.labels.consumer === 'priorities' && s.labels.transport === transport);
          return lag.length > 0 && lag.every((s) => s.value === 0);
        },
        20_000,
      );
      assert.ok(samplesOf(consumer, 'civic_events_consumer_lag').some((s) => s.labels.subject?.includes('.auth.')));
      assert.ok(samplesOf(consumer, 'civic_events_dead_letters').some((s) => s.labels.consumer === 'priorities' && s.value === 0));
      await pollUntil(
        () => serviceMetrics('auth'),
        (t) => metricValue(t, 'civic_outbox_backlog', { schema: 'auth' }) === 0,
        20_000,
      );
    });

    test('open event streams: counted by the gateway and by the priorities process while open', async () => {
      const client = stack.client();
      await signIn(stack, client, `metrics.sse.${profile}.${process.pid}@example.com`);
      const open = (t: string) => metricValue(t, 'civic_sse_streams_open');
      const live = (t: string) => metricValue(t, 'civic_priorities_live_streams');
      const stream = await openRankingsStream(stack.baseUrl, client);
      try {
        assert.equal(stream.status, 200);
        await pollUntil(gatewayMetrics, (t) => open(t) === 1);
        await pollUntil(
          () => serviceMetrics('priorities'),
          (t) => live(t) === 1,
        );
      } finally {
        stream.close();
      }
      await pollUntil(gatewayMetrics, (t) => open(t) === 0);
      await pollUntil(
        () => serviceMetrics('priorities'),
        (t) => live(t) === 0,
      );
    });

    test('database pool use per pool (distributed)', { skip: profile === 'embedded' && 'PGlite has no pool' }, async () => {
      const text = await pollUntil(
        () => serviceMetrics('auth'),
        (t) => t !== '',
      );
      const pools = new Set(samplesOf(text, 'db_client_connection_max').map((s) => s.labels.db_client_connection_pool_name));
      // One pool per service database, named after it.
      assert.ok(
        [...pools].some((p) => p?.endsWith('auth')),
        [...pools].join(', '),
      );
      assert.ok(samplesOf(text, 'db_client_connection_count').some((s) => s.labels.db_client_connection_state === 'used'));
      assert.ok(samplesOf(text, 'db_client_connection_pending_requests').length >= 1);
    });
  });
}
