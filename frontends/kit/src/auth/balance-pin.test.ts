import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BALANCE_PIN_MS, nextPin, reconcileBalance } from './balance-pin.ts';

const read = (politicalCapital: number, id = 'u') => ({ id, politicalCapital });

test("a read answering the balance from before the change keeps the answer's balance until the pin runs out", () => {
  const pin = nextPin(null, { userId: 'u', before: 10, balance: 12, now: 0 });
  assert.deepEqual(reconcileBalance(pin, read(10), 100), { balance: 12, pin });
  assert.deepEqual(reconcileBalance(pin, read(12), 200), { balance: 12, pin }, 'caught up: the pin stays for a later trailing read');
  assert.deepEqual(reconcileBalance(pin, read(10), BALANCE_PIN_MS), { balance: 10, pin: null }, 'afterwards auth stands');
});

test('a value the change did not produce is news and stands', () => {
  const pin = nextPin(null, { userId: 'u', before: 10, balance: 12, now: 0 });
  assert.deepEqual(reconcileBalance(pin, read(40), 100), { balance: 40, pin: null });
});

test("another user's read, or none pinned, is taken as it is", () => {
  const pin = nextPin(null, { userId: 'u', before: 10, balance: 12, now: 0 });
  assert.deepEqual(reconcileBalance(pin, read(10, 'v'), 100), { balance: 10, pin: null });
  assert.deepEqual(reconcileBalance(null, read(10), 100), { balance: 10, pin: null });
});

test('balances passed through on the way (a debit before its reward) are older too', () => {
  const pin = nextPin(null, { userId: 'u', before: 10, balance: 7, passedThrough: [2], now: 0 });
  assert.deepEqual(pin.older, [10, 2]);
  assert.equal(reconcileBalance(pin, read(2), 100).balance, 7);
  assert.equal(reconcileBalance(pin, read(10), 100).balance, 7);
});

test('a change while a pin is live carries its values over; a balance back where it was is not older', () => {
  const first = nextPin(null, { userId: 'u', before: 10, balance: 60, now: 0 });
  const second = nextPin(first, { userId: 'u', before: 60, balance: 10, now: 1000 });
  assert.deepEqual(second.older, [60], '10 is the balance now, not an older one');
  assert.equal(second.until, 1000 + BALANCE_PIN_MS);
  const later = nextPin(first, { userId: 'u', before: 60, balance: 70, now: BALANCE_PIN_MS + 1 });
  assert.deepEqual(later.older, [60], 'a pin run out carries nothing');
});
