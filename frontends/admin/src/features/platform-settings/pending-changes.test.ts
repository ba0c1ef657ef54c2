import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TPlatformSetting } from '@civic/contracts/admin/http';
import { changeList, isBooleanValue, isNumericValue, saveConfirmationText, settingLabel, unsavedChangesText, withEdit } from './pending-changes.ts';

const setting = (key: string, value: string): TPlatformSetting => ({
  key,
  value,
  description: `${key} description`,
  category: 'voting',
  updatedAt: null,
  updatedBy: null,
});

test('an edit is held until it equals the stored value again', () => {
  const cooldown = setting('vote_change_cooldown_hours', '24');
  let pending = withEdit({}, cooldown, '12');
  assert.deepEqual(pending, { vote_change_cooldown_hours: '12' });
  pending = withEdit(pending, cooldown, '24');
  assert.deepEqual(pending, {});
});

test('the change list keeps the settings order and names old and new values', () => {
  const settings = [setting('a_one', '1'), setting('b_two', 'true')];
  const changes = changeList(settings, { b_two: 'false', a_one: '2', ghost: 'x' });
  assert.deepEqual(
    changes.map((c) => [c.key, c.oldValue, c.newValue]),
    [
      ['ghost', null, 'x'],
      ['a_one', '1', '2'],
      ['b_two', 'true', 'false'],
    ],
  );
});

test('labels, kinds and the texts of spec 2.12', () => {
  assert.equal(settingLabel('max_priorities_per_user_per_day'), 'Max Priorities Per User Per Day');
  assert.equal(isBooleanValue('true'), true);
  assert.equal(isBooleanValue('yes'), false);
  assert.equal(isNumericValue('50'), true);
  assert.equal(isNumericValue('-1'), false);
  assert.equal(isNumericValue(''), false);
  assert.equal(unsavedChangesText(2), '2 unsaved change(s)');
  assert.equal(saveConfirmationText(1), 'You are about to save 1 setting change(s). This will take effect immediately for all users.');
});
