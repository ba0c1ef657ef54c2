// The full embedded application with its front ends, for browser tests.
import type { Clock } from '@civic/service-kit';
import { startStack } from './stack.ts';

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

export async function startTestServer(opts: { env?: Record<string, string>; clock?: Clock } = {}) {
  const stack = await startStack('embedded', {
    frontends: true,
    env: { PUBLIC_ORIGIN: 'http://127.0.0.1', ...opts.env },
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  // Links in mails point at the real port, known only once the server listens.
  return {
    /** The whole stack, for helpers that take one (e.g. startTestProducer). */
    stack,
    baseUrl: stack.baseUrl,
    dataDir: stack.dataDir,
    /** The platform the services run on (embedded: one), e.g. to subscribe a test consumer. */
    platform: stack.gatewayPlatform,
    async readLatestMail(to: string) {
      const mail = await stack.readLatestMail(to);
      const link = mail.token ? `${stack.baseUrl}/?token=${mail.token}` : null;
      return { subject: mail.subject, text: mail.text, code: mail.code, link };
    },
    close: () => stack.close(),
  };
}
