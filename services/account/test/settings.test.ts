// Settings and account stats through the gateway, on both run profiles (spec 2.11, 3, 7.3).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SETTINGS_MESSAGES } from '@civic/contracts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { patch, signInWithProfile } from './support/account-helpers.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`account settings and stats (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth', 'account', 'social', 'priorities', 'briefing'], env: { RATE_LIMIT_SIGN_IN_MAIL: '1000' } });

    test('a PATCH changes one key at a time and GET reflects it', async () => {
      const { client } = await signInWithProfile(stack, 'settings');
      const changes = [
        { profileVisibility: 'private' },
        { activityVisibility: 'private' },
        { emailNotifications: false },
        { activityNotifications: false },
        { priorityNotifications: false },
        { profileVisibility: 'public' },
      ] as const;
      let expected: Record<string, unknown> = (await client.get('/api/settings')).body;
      for (const change of changes) {
        const answer = await patch(client, '/api/settings', change);
        assert.equal(answer.status, 200, answer.text);
        expected = { ...expected, ...change };
        assert.deepEqual(answer.body, expected);
        assert.deepEqual((await client.get('/api/settings')).body, expected);
      }
    });

    test('an invalid key, value or number of keys is a 400 and changes nothing', async () => {
      const { client } = await signInWithProfile(stack, 'bad-settings');
      const before = (await client.get('/api/settings')).body;
      const cases: [unknown, string | RegExp][] = [
        [{}, SETTINGS_MESSAGES.oneKey],
        [{ emailNotifications: false, activityNotifications: false }, SETTINGS_MESSAGES.oneKey],
        [{ profileVisibility: 'friends' }, SETTINGS_MESSAGES.visibility],
        [{ activityVisibility: true }, SETTINGS_MESSAGES.visibility],
        [{ emailNotifications: 'no' }, SETTINGS_MESSAGES.flag],
        [{ priorityNotifications: null }, SETTINGS_MESSAGES.flag],
        [{ darkMode: true }, /darkMode/],
      ];
      for (const [body, message] of cases) {
        const answer = await patch(client, '/api/settings', body);
        assert.equal(answer.status, 400, `${JSON.stringify(body)}: ${answer.text}`);
        if (typeof message === 'string') assert.equal(answer.body.message, message);
        else assert.match(answer.body.message, message);
      }
      assert.deepEqual((await client.get('/api/settings')).body, before);
    });

    test('settings and stats need a signed-in user', async () => {
      const visitor = stack.client();
      assert.equal((await visitor.get('/api/settings')).status, 401);
      assert.equal((await patch(visitor, '/api/settings', { emailNotifications: false })).status, 401);
      assert.equal((await visitor.get('/api/account/stats')).status, 401);
    });

    test('account stats answer every count of spec 3', async () => {
      const { client } = await signInWithProfile(stack, 'stats');
      const stats = await client.get('/api/account/stats');
      assert.equal(stats.status, 200);
      // A new user has nothing yet; activities are counted by social (services/social/test), the
      // briefing documents by briefing (services/briefing/test), the follows by a service that does not exist yet.
      assert.deepEqual(stats.body, {
        prioritiesCount: 0,
        briefingDocsCount: 0,
        activitiesCount: 0,
        votesCount: 0,
        followersCount: 0,
        followingCount: 0,
      });
    });
  });
}
