-- SECURITY 31: a follow activity never names a citizen whose activity is private. The description is
-- written by follow_description, at insert (the trigger) and again when the followee's visibility
-- changes (src/members/update-members.ts); the follow activities of citizens already private are
-- rewritten here.
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

-- The trigger function behind activities_follow_description (migrations/20261212000000_private_followees):
-- every follow activity, whoever writes it (follow_user.sql), names the citizen followed as
-- follow_description says, so a private citizen is never named. Read after follow_user has locked
-- both users' state rows: a visibility change locks the followee's row too before it rewrites their
-- follow activities (update-members.ts), so whichever commits second sees the other.
CREATE OR REPLACE FUNCTION social.name_followed_citizen()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.description := social.follow_description(NEW.subject_id);
  RETURN NEW;
END
$$;

CREATE TRIGGER "activities_follow_description"
  BEFORE INSERT ON "social"."activities"
  FOR EACH ROW WHEN (NEW."type" = 'follow') EXECUTE FUNCTION social.name_followed_citizen();

-- The follow activities naming a citizen, read when their visibility changes (and by erasure).
CREATE INDEX "activities_follow_subject_idx" ON "social"."activities" ("subject_id") WHERE "type" = 'follow';

UPDATE "social"."activities" a SET "description" = social.follow_description(a."subject_id")
WHERE a."type" = 'follow'
  AND a."subject_id" IN (SELECT m."user_id" FROM "social"."members" m WHERE m."activity_visibility" = 'private');
