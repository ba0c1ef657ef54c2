import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PICKER_SHOWN, priorityChoices } from './priority-choices.ts';

const priorities = Array.from({ length: 100 }, (_, index) => ({ id: `p${index}`, title: index % 10 === 0 ? `Rural broadband ${index}` : `Priority ${index}` }));

test('20 of the loaded priorities are offered, in their order', () => {
  const shown = priorityChoices(priorities, '', null);
  assert.equal(shown.length, PICKER_SHOWN);
  assert.deepEqual(
    shown.map((p) => p.id),
    priorities.slice(0, 20).map((p) => p.id),
  );
});

test('typing narrows by any part of the title, any case', () => {
  assert.deepEqual(
    priorityChoices(priorities, '  BROADBAND ', null).map((p) => p.id),
    ['p0', 'p10', 'p20', 'p30', 'p40', 'p50', 'p60', 'p70', 'p80', 'p90'],
  );
  assert.deepEqual(priorityChoices(priorities, 'nothing like this', null), []);
});

test('the chosen priority stays offered while filtered out', () => {
  assert.deepEqual(
    priorityChoices(priorities, 'broadband 9', 'p55').map((p) => p.id),
    ['p55', 'p90'],
  );
  assert.equal(priorityChoices(priorities, '', 'p99').length, PICKER_SHOWN + 1);
  assert.equal(priorityChoices(priorities, '', 'p3').length, PICKER_SHOWN);
});
