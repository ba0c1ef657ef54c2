-- Keeps each of p_readers' network timelines to its timeline_cap() newest entries (timeline_cap.sql),
-- after anything added to them: the fan-out of new activities (fan_out_activities.sql) and a follow's
-- copy (copy_to_timeline.sql). Per reader one probe of the key at the cap (a short walk of the
-- reader's newest entries) and a range delete of what lies below it; a timeline within the cap
-- finds no entry there and deletes nothing. Timelines stay within the cap, so each addition deletes
-- about as many entries as it added. Its callers run as the table's owner (SECURITY DEFINER).
CREATE OR REPLACE FUNCTION social.trim_network_timelines(p_readers uuid[])
RETURNS void
LANGUAGE sql
AS $$
  DELETE FROM social.network_timeline t
  USING unnest(p_readers) AS r(reader_id)
  CROSS JOIN LATERAL (
    SELECT x.created_at, x.activity_id FROM social.network_timeline x
    WHERE x.reader_id = r.reader_id ORDER BY x.created_at DESC, x.activity_id DESC
    OFFSET social.timeline_cap() LIMIT 1
  ) k
  WHERE t.reader_id = r.reader_id AND (t.created_at, t.activity_id) <= (k.created_at, k.activity_id);
$$;
