import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { forgetRecruiterRef, RECRUITER_REF_TTL_MS, rememberedRecruiterId, rememberRecruiterRef } from './recruiter-ref.ts';

// A localStorage for node: the module reads window.localStorage.
const items = new Map<string, string>();
const storage = {
  getItem: (k: string) => items.get(k) ?? null,
  setItem: (k: string, v: string) => void items.set(k, v),
  removeItem: (k: string) => void items.delete(k),
};
(globalThis as { window?: unknown }).window = { localStorage: storage };
beforeEach(() => items.clear());

const ID = '3f2b8c1e-5d4a-4b6c-9e8f-0a1b2c3d4e5f';

test('keeps a user id from ?ref and gives it back until forgotten', () => {
  assert.equal(rememberRecruiterRef(`?ref=${ID}&x=1`, 1000), true);
  assert.equal(rememberedRecruiterId(2000), ID);
  forgetRecruiterRef();
  assert.equal(rememberedRecruiterId(2000), undefined);
});

test('ignores an address without ref or with a ref that is no user id, keeping an earlier one', () => {
  rememberRecruiterRef(`?ref=${ID}`, 1000);
  assert.equal(rememberRecruiterRef('', 1000), false);
  assert.equal(rememberRecruiterRef('?ref=not-an-id', 1000), false);
  assert.equal(rememberRecruiterRef("?ref=1' OR 1=1", 1000), false);
  assert.equal(rememberedRecruiterId(1000), ID);
});

test('an invitation older than the time to live, or a damaged entry, is forgotten', () => {
  rememberRecruiterRef(`?ref=${ID}`, 0);
  assert.equal(rememberedRecruiterId(RECRUITER_REF_TTL_MS), ID);
  assert.equal(rememberedRecruiterId(RECRUITER_REF_TTL_MS + 1), undefined);
  items.set('civic.recruiterRef', '{not json');
  assert.equal(rememberedRecruiterId(0), undefined);
  assert.equal(items.size, 0);
});
