// The priorities service alone, for its one-service tests (@civic/service-kit/testing): citizens it
// knows from the events auth and account publish when someone signs up and names themselves.
import { randomUUID } from 'node:crypto';
import { accountEvents, authEvents } from '@civic/contracts';
import type { ServiceClient, TestService } from '@civic/service-kit/testing';
import { profileUpdated } from '../../../../test/support/account-events.ts';
import { address } from '../../../../test/support/test-users.ts';

export interface Member {
  client: ServiceClient;
  id: string;
  firstName: string;
  lastName: string;
}

/** A registered, named citizen, as signing in and naming oneself tell priorities; signed in as them. */
export async function addMember(service: TestService, firstName: string, lastName: string): Promise<Member> {
  const id = randomUUID();
  const at = service.platform.clock.now();
  await service.events.deliver(authEvents.UserRegistered, {
    userId: id,
    email: address(firstName.toLowerCase()),
    isAdmin: false,
    registeredAt: at.toISOString(),
  });
  await service.events.deliver(accountEvents.ProfileUpdated, profileUpdated(id, { firstName, lastName }, at));
  return { client: service.asUser(id), id, firstName, lastName };
}
