// The social service alone, for its one-service tests (@civic/service-kit/testing): citizens it knows
// from the events auth and account publish at sign-up and naming, and auth's answer to its user
// lookups (rpc.auth.user_lookup) from the accounts the test registered.
import { randomUUID } from 'node:crypto';
import { accountEvents, AUTH_REQUESTS, authEvents } from '@civic/contracts';
import type { ServiceClient, TestService } from '@civic/service-kit/testing';
import { profileUpdated } from '../../../../test/support/account-events.ts';

export interface ServiceMember {
  client: ServiceClient;
  id: string;
  firstName: string;
  lastName: string;
}

/** The accounts auth holds in a test: registering one tells social, as auth's event does. */
export async function socialAccounts(service: TestService) {
  const registeredAt = new Map<string, string>();
  await service.requests.answer(AUTH_REQUESTS.userLookup, async ({ userId }) => {
    const at = registeredAt.get(userId);
    return { user: at ? { userId, registeredAt: at } : null };
  });
  return {
    /** A member's visibility settings, as account tells them when they are saved (PATCH /api/settings). */
    setPrivacy(member: { id: string }, visibility: { profileVisibility?: 'public' | 'private'; activityVisibility?: 'public' | 'private' }) {
      return service.events.deliver(accountEvents.PrivacyChanged, {
        userId: member.id,
        profileVisibility: visibility.profileVisibility ?? 'public',
        activityVisibility: visibility.activityVisibility ?? 'public',
        changedAt: service.platform.clock.now().toISOString(),
      });
    },
    /** A registered, named citizen, signed in as them. */
    async register(firstName: string, lastName: string): Promise<ServiceMember> {
      const id = randomUUID();
      const at = service.platform.clock.now();
      registeredAt.set(id, at.toISOString());
      await service.events.deliver(authEvents.UserRegistered, { userId: id, email: `${id}@example.com`, isAdmin: false, registeredAt: at.toISOString() });
      await service.events.deliver(accountEvents.ProfileUpdated, profileUpdated(id, { firstName, lastName }, at));
      return { client: service.asUser(id), id, firstName, lastName };
    },
  };
}
