// The descriptions a feed shows (spec 3 "Activity": description). A follow's is written by the SQL
// function follow_user: test/follow-functions.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeActivity } from '../../src/activities/describe-activity.ts';

test('each kind of activity is described with the title it acted on', () => {
  assert.equal(describeActivity('create_priority', 'Fix the roads'), 'Created priority "Fix the roads"');
  assert.equal(describeActivity('endorse', 'Fix the roads'), 'Endorsed "Fix the roads"');
  assert.equal(describeActivity('oppose', 'Fix the roads'), 'Opposed "Fix the roads"');
  assert.equal(describeActivity('create_briefing', 'Road safety facts'), 'Created briefing document "Road safety facts"');
});
