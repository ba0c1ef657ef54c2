import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { queryClient } from '../api/query-client.ts';
import { withPinnedBalance } from './balance-pin.ts';
import { CURRENT_USER_QUERY_KEY, type CurrentUser } from './current-user.ts';
import { cachedBalance, setBalance } from './set-balance.ts';

const user = (id: string, politicalCapital: number) => ({ id, email: `${id}@example.com`, isAdmin: false, politicalCapital }) as unknown as CurrentUser;

afterEach(() => queryClient.clear());

test("an answer's balance is shown at once, and a later read of auth's trailing copy does not put the old one back", async () => {
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user('reader', 10));
  await setBalance({ balance: 60 });
  assert.equal(cachedBalance(), 60);
  // What fetchCurrentUser makes of auth's answers: the one from before the credit, then a newer one.
  assert.equal(withPinnedBalance(user('reader', 10)).politicalCapital, 60);
  assert.equal(withPinnedBalance(user('reader', 60)).politicalCapital, 60);
  assert.equal(withPinnedBalance(user('reader', 75)).politicalCapital, 75);
});

test('a debit followed by a reward: neither the balance before nor the one after the debit comes back', async () => {
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user('creator', 10));
  await setBalance({ balance: 7, passedThrough: [2] });
  assert.equal(cachedBalance(), 7);
  assert.equal(withPinnedBalance(user('creator', 2)).politicalCapital, 7);
  assert.equal(withPinnedBalance(user('creator', 10)).politicalCapital, 7);
});

test('signed out (no current user read), nothing is cached or pinned', async () => {
  await setBalance({ balance: 5 });
  assert.equal(queryClient.getQueryData(CURRENT_USER_QUERY_KEY), undefined);
  assert.equal(withPinnedBalance(user('stranger', 3)).politicalCapital, 3);
});
