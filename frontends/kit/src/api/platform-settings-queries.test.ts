// The citizen-visible amounts and switches: spec 9's defaults, and the answer's values where it gives them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { citizenSettingsOf, DEFAULT_CITIZEN_SETTINGS } from './platform-settings-queries.ts';

test("spec 9's defaults while nothing was read", () => {
  assert.deepEqual(DEFAULT_CITIZEN_SETTINGS, {
    daily_login_bonus: 1,
    recruit_user_reward: 10,
    priority_promotion_cost: 50,
    priority_creation_cost: 0,
    vote_change_cooldown_hours: 24,
    content_moderation_enabled: true,
  });
  assert.deepEqual(citizenSettingsOf(undefined), DEFAULT_CITIZEN_SETTINGS);
  assert.deepEqual(citizenSettingsOf(null), DEFAULT_CITIZEN_SETTINGS);
});

test("the answer's values win; a missing or malformed key keeps its default", () => {
  assert.deepEqual(citizenSettingsOf({ daily_login_bonus: 3, recruit_user_reward: 0, priority_promotion_cost: -1, priority_creation_cost: '5' }), {
    daily_login_bonus: 3,
    recruit_user_reward: 0,
    priority_promotion_cost: 50,
    priority_creation_cost: 0,
    vote_change_cooldown_hours: 24,
    content_moderation_enabled: true,
  });
  assert.equal(citizenSettingsOf({ content_moderation_enabled: false }).content_moderation_enabled, false);
  assert.equal(citizenSettingsOf({ content_moderation_enabled: 'false' }).content_moderation_enabled, true);
});
