// The account service alone, for its one-service tests (@civic/service-kit/testing): a member is
// registered by auth's civic.auth.user.registered delivered (the account records appear when it
// settles), and signed in as the gateway signs them.
import { randomUUID } from 'node:crypto';
import { authEvents } from '@civic/contracts';
import type { ServiceClient, TestService } from '@civic/service-kit/testing';
import { address } from '../../../../test/support/test-users.ts';

export interface AccountMember {
  client: ServiceClient;
  id: string;
  email: string;
}

/** A member auth registered; the account service has created their profile and settings. */
export async function registerMember(service: TestService, label: string): Promise<AccountMember> {
  const id = randomUUID();
  const email = address(label);
  await service.events.deliver(authEvents.UserRegistered, { userId: id, email, isAdmin: false, registeredAt: service.platform.clock.now().toISOString() });
  return { client: service.asUser(id), id, email };
}
