// The auth service's events travel through the outbox and the real bus, once each, on both profiles.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { authEvents } from '@civic/contracts';
import { probeEvents, type EventProbe } from '../../../test/support/event-probe.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { useStack } from '../../../test/support/integration-suite.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`auth events (${profile})`, { skip }, () => {
    let registered: EventProbe<typeof authEvents.UserRegistered>;
    let signedIn: EventProbe<typeof authEvents.UserSignedIn>;
    let revoked: EventProbe<typeof authEvents.SessionRevoked>;
    const stack = useStack(profile, { services: ['auth'] });
    before(async () => {
      const platform = stack.platforms.auth!;
      registered = await probeEvents(platform, authEvents.UserRegistered, 'probe_registered');
      signedIn = await probeEvents(platform, authEvents.UserSignedIn, 'probe_signed_in');
      revoked = await probeEvents(platform, authEvents.SessionRevoked, 'probe_revoked');
      stack.onClose(async () => {
        for (const probe of [registered, signedIn, revoked]) await probe.stop();
      });
    });

    test('a first sign-in emits user.registered and user.signed_in; logout emits session.revoked', async () => {
      const client = stack.client();
      const email = `events.${process.pid}@example.com`;
      const user = await signIn(stack, client, email);
      const reg = await registered.waitFor((p) => p.userId === user.id);
      assert.equal(reg.payload.email, email);
      assert.equal(reg.subject, 'civic.auth.user.registered');
      assert.equal(reg.version, 1);
      const sign = await signedIn.waitFor((p) => p.userId === user.id);
      assert.equal(sign.payload.method, 'otp');
      await client.post('/api/auth/logout');
      const rev = await revoked.waitFor((p) => p.userId === user.id);
      assert.equal(rev.payload.reason, 'logout');
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(registered.received.filter((e) => e.payload.userId === user.id).length, 1, 'delivered once');
    });
  });
}
