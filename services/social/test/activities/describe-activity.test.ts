// The descriptions a feed shows (spec 3 "Activity": description).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeActivity, describeFollow } from '../../src/activities/describe-activity.ts';

test('each kind of activity is described with the title it acted on', () => {
  assert.equal(describeActivity('create_priority', 'Fix the roads'), 'Created priority "Fix the roads"');
  assert.equal(describeActivity('endorse', 'Fix the roads'), 'Endorsed "Fix the roads"');
  assert.equal(describeActivity('oppose', 'Fix the roads'), 'Opposed "Fix the roads"');
  assert.equal(describeActivity('create_briefing', 'Road safety facts'), 'Created briefing document "Road safety facts"');
});

test('a follow is described with the names of the citizen followed, or "a citizen" without any', () => {
  assert.equal(describeFollow('Ada', 'Lovelace'), 'Followed Ada Lovelace');
  assert.equal(describeFollow('Ada', null), 'Followed Ada');
  assert.equal(describeFollow(null, null), 'Followed a citizen');
  assert.equal(describeFollow(' ', ''), 'Followed a citizen');
});
