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
