-- What a follow activity says about the citizen followed (SECURITY 31): "Followed <first> <last>"
-- with the names social holds now, "Followed a citizen" when they have none, and "Followed a
-- citizen" whenever their activity is private, so a private citizen is never named in someone else's
-- activity (the kit's mayNameActor rule, services/kit/src/privacy/name-visibility.ts, in SQL). Used
-- by the insert trigger (name_followed_citizen.sql) and when a citizen's visibility changes
-- (src/members/update-members.ts).
CREATE OR REPLACE FUNCTION social.follow_description(p_followee_id uuid)
RETURNS text
LANGUAGE sql
STABLE
AS $$
  SELECT 'Followed ' || coalesce((
    SELECT nullif(concat_ws(' ', nullif(btrim(m.first_name, E' \t\n\r\f\v'), ''), nullif(btrim(m.last_name, E' \t\n\r\f\v'), '')), '')
    FROM social.members m
    WHERE m.user_id = p_followee_id AND m.activity_visibility = 'public'
  ), 'a citizen')
$$;
