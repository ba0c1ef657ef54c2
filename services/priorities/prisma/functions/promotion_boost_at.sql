-- The one source of this function (docs/sql-functions.md): change it here, then
-- npm run db:function-migration -- priorities promotion_boost_at   writes the migration that applies it.
--
-- A priority's promotion boost at p_at (src/domain/promotion-boost.ts gives the constants): each
-- applied promotion adds p_points halved once per p_half_life_ms of its age, so only the promotions of
-- the last p_lifetime_ms count. Run after the priority row is locked, so it sees every promotion
-- committed before.
CREATE OR REPLACE FUNCTION priorities.promotion_boost_at(p_priority_id uuid, p_at timestamptz, p_points int, p_half_life_ms bigint, p_lifetime_ms bigint)
RETURNS int LANGUAGE sql STABLE AS $$
  SELECT COALESCE(sum(p_points >> LEAST(31, GREATEST(0, floor(extract(epoch FROM (p_at - pr.applied_at)) * 1000 / p_half_life_ms))::int)), 0)::int
  FROM priorities.promotions pr
  WHERE pr.priority_id = p_priority_id AND pr.status = 'applied'
    AND pr.applied_at > p_at - make_interval(secs => p_lifetime_ms / 1000.0)
$$;
