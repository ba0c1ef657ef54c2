// GET /api/network/users/{id} through the gateway (issue 36: the screens read follow counts and state
// from social, their owner): current the instant a follow or block answered, a private profile's
// counts for its owner only, recruits for the owner only, and 404 for no user.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import type { TNetworkStanding } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { network, signInCitizen } from './support/network-helpers.ts';
import { type Member, openSocialTables, pollUntil } from './support/social-helpers.ts';

const standing = (viewer: Member, of: Member | string) => viewer.client.get<TNetworkStanding>(`/api/network/users/${typeof of === 'string' ? of : of.id}`);

for (const { profile, skip } of await profilePlan()) {
  describe(`social network: standing (${profile})`, { skip }, () => {
    let tables: SqlDriver;
    const stack = useStack(profile, { services: ['auth', 'account', 'social'], env: { RATE_LIMIT_SIGN_IN_MAIL: '1000' } });
    const citizen = (first: string, last: string) => signInCitizen(stack, tables, first, last);
    before(async () => {
      tables = await openSocialTables(stack);
    });

    test('counts and relation are current right after each answer; a private profile hides its counts from others', async () => {
      const ann = await citizen('Ann', 'Standing');
      const ben = await citizen('Ben', 'Standing');
      const none = { isFollowing: false, isBlocked: false, isBlockedBy: false };
      assert.deepEqual((await standing(ann, ben)).body, { userId: ben.id, followers: 0, following: 0, recruited: null, ...none });

      assert.equal((await network.follow(ann, ben)).status, 200);
      assert.deepEqual((await standing(ann, ben)).body, { userId: ben.id, followers: 1, following: 0, recruited: null, ...none, isFollowing: true });
      assert.deepEqual((await standing(ann, ann)).body, { userId: ann.id, followers: 0, following: 1, recruited: 0, ...none });

      assert.equal((await network.block(ben, ann)).status, 200);
      assert.deepEqual((await standing(ann, ben)).body, { userId: ben.id, followers: 0, following: 0, recruited: null, ...none, isBlockedBy: true });
      assert.deepEqual((await standing(ben, ann)).body, { userId: ann.id, followers: 0, following: 0, recruited: null, ...none, isBlocked: true });

      const hidden = await ben.client.request('PATCH', '/api/settings', { body: { profileVisibility: 'private' } });
      assert.equal(hidden.status, 200, hidden.text);
      const seen = await pollUntil(
        () => standing(ann, ben),
        (r) => r.body.followers === null,
      );
      assert.deepEqual(seen.body, { userId: ben.id, followers: null, following: null, recruited: null, ...none, isBlockedBy: true });
      assert.equal((await standing(ben, ben)).body.followers, 0, 'the owner still sees them');
    });

    test('no user is a 404; a visitor is refused', async () => {
      const cai = await citizen('Cai', 'Standing');
      assert.equal((await standing(cai, randomUUID())).status, 200, 'a citizen social has not heard of yet has zeros');
      assert.equal((await standing(cai, 'not-a-user')).status, 404);
      assert.equal((await stack.client().get(`/api/network/users/${cai.id}`)).status, 401);
    });
  });
}
