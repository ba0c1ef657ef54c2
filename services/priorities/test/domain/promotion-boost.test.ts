// docs/ranking.md version 2: the promotion boost as pure functions.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  PROMOTION_BOOST_POINTS,
  PROMOTION_HALF_LIFE_MS,
  PROMOTION_LIFETIME_MS,
  promotionBoostAt,
  promotionContribution,
} from '../../src/domain/promotion-boost.ts';

const H = PROMOTION_HALF_LIFE_MS;

describe('promotion boost', () => {
  test('the constants documented in docs/ranking.md: 16 points, halved every 24 hours, for 5 days', () => {
    assert.equal(PROMOTION_BOOST_POINTS, 16);
    assert.equal(H, 24 * 3_600_000);
    assert.equal(PROMOTION_LIFETIME_MS, 5 * H);
  });

  test('one promotion: 16, 8, 4, 2, 1, then nothing, stepping at each whole half-life', () => {
    const steps = [0, H - 1, H, 2 * H - 1, 2 * H, 3 * H, 4 * H, 5 * H - 1, 5 * H, 50 * H].map((age) => promotionContribution(0, age));
    assert.deepEqual(steps, [16, 16, 8, 8, 4, 2, 1, 1, 0, 0]);
  });

  test('a promotion stamped after the time asked about counts in full (clocks of two replicas)', () => {
    assert.equal(promotionContribution(1000, 0), 16);
  });

  test('the boost sums the promotions, each at its own age', () => {
    assert.equal(promotionBoostAt([], 0), 0);
    assert.equal(promotionBoostAt([0, 0], 0), 32);
    assert.equal(promotionBoostAt([0, H], 2 * H), 4 + 8);
    assert.equal(promotionBoostAt([0, 4 * H, 10 * H], 5 * H), 0 + 8 + 16);
  });
});
