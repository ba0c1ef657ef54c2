// docs/ranking.md version 2 as pure functions (the boost itself: promotion-boost.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compareRankOrder, isRanked, rankPriorities, RANKING_VERSION, scoreOf, type RankInputs } from '../../src/domain/ranking.ts';

const p = (id: string, endorsements: number, oppositions: number, createdAt = 0, promotionBoost = 0): RankInputs => ({
  id,
  endorsements,
  oppositions,
  promotionBoost,
  createdAt,
});

describe('ranking v2', () => {
  test('the version documented in docs/ranking.md', () => assert.equal(RANKING_VERSION, 2));

  test('score is endorsements minus oppositions plus the promotion boost', () => {
    assert.equal(scoreOf(p('a', 7, 2)), 5);
    assert.equal(scoreOf(p('a', 1, 4)), -3);
    assert.equal(scoreOf(p('a', 1, 4, 0, 10)), 7);
  });

  test('ranked from min_endorsements_for_ranking on', () => {
    assert.equal(isRanked(4, 5), false);
    assert.equal(isRanked(5, 5), true);
    assert.equal(isRanked(0, 0), true);
  });

  test('ranked before unranked, then score, endorsements, age, id', () => {
    const items = [
      p('00000000-0000-4000-8000-000000000009', 4, 0), // unranked, score 4
      p('00000000-0000-4000-8000-000000000008', 5, 5), // ranked, score 0
      p('00000000-0000-4000-8000-000000000007', 6, 1), // ranked, score 5
      p('00000000-0000-4000-8000-000000000006', 7, 2, 10), // ranked, score 5, more endorsements
      p('00000000-0000-4000-8000-000000000005', 7, 2, 5), // same, older
      p('00000000-0000-4000-8000-000000000004', 7, 2, 5), // same, same time: id decides
      p('00000000-0000-4000-8000-000000000003', 0, 3), // unranked, score -3
    ];
    const ranked = rankPriorities(items, 5);
    assert.deepEqual(
      ranked.map((r) => [r.id.slice(-1), r.rank]),
      [
        ['4', 1],
        ['5', 2],
        ['6', 3],
        ['7', 4],
        ['8', 5],
        ['9', null],
        ['3', null],
      ],
    );
    // A strict total order: no two distinct priorities compare equal.
    for (const a of items) for (const b of items) if (a !== b) assert.notEqual(compareRankOrder(a, b, 5), 0);
  });

  test('a lower threshold ranks more priorities, in the same score order', () => {
    const items = [p('b', 4, 0), p('a', 1, 0), p('c', 9, 9)];
    assert.deepEqual(
      rankPriorities(items, 0).map((r) => [r.id, r.rank]),
      [
        ['b', 1],
        ['a', 2],
        ['c', 3],
      ],
    );
    assert.deepEqual(
      rankPriorities(items, 5).map((r) => [r.id, r.rank]),
      [
        ['c', 1],
        ['b', null],
        ['a', null],
      ],
    );
  });
});
