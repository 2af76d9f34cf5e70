-- Exact contact counters and export versions, kept by statement-level triggers
-- with transition tables: one set-based update per statement, so a million-row
-- generate_contacts pays one aggregate instead of a million row triggers.
--
-- contact_hour_counts(bot_id, hour): live contacts (NOT preview AND NOT deleted) per
--   bot and hour of creation (hour = floor(unix seconds / 3600)); date-range counts
--   add whole hours from here and count only the two partial edge hours by index.
-- contact_bot_stats(bot_id): `visible` live contacts; `max_id` the largest id ever
--   inserted; `version` a fresh value of contact_version_seq whenever a change could
--   move a live contact's position in an id-ordered export: a live contact removed
--   (deleted, hidden, moved, re-dated) or one added at or below max_id. An append above
--   max_id keeps the version, so exports stay on their cursors while a bot gains
--   subscribers. The stats row is locked by every writer of the bot until commit, so
--   max_id is read in commit order (see lib/platform/contacts/page.ts).
CREATE FUNCTION platform.contact_hour_of(at timestamptz) RETURNS bigint
LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT floor(extract(epoch FROM at) / 3600)::bigint $$;
--> statement-breakpoint
CREATE FUNCTION platform.contacts_counters_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  INSERT INTO platform.contact_hour_counts AS h (bot_id, hour, visible)
  SELECT bot_id, platform.contact_hour_of(created_at), count(*)
  FROM new_rows WHERE NOT preview AND NOT deleted
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (bot_id, hour) DO UPDATE SET visible = h.visible + excluded.visible;
  FOR r IN SELECT bot_id, count(*) FILTER (WHERE NOT preview AND NOT deleted) AS added,
                  min(id) FILTER (WHERE NOT preview AND NOT deleted) AS low, max(id) AS high
           FROM new_rows GROUP BY bot_id ORDER BY bot_id LOOP
    INSERT INTO platform.contact_bot_stats AS s (bot_id, visible, max_id, version)
    VALUES (r.bot_id, r.added, r.high, nextval('platform.contact_version_seq'))
    ON CONFLICT (bot_id) DO UPDATE SET
      visible = s.visible + r.added,
      max_id = greatest(s.max_id, r.high),
      version = CASE WHEN r.added > 0 AND r.low <= s.max_id THEN nextval('platform.contact_version_seq') ELSE s.version END;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION platform.contacts_counters_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT bot_id, platform.contact_hour_of(created_at) AS hour, count(*) AS removed
           FROM old_rows WHERE NOT preview AND NOT deleted GROUP BY 1, 2 ORDER BY 1, 2 LOOP
    UPDATE platform.contact_hour_counts SET visible = visible - r.removed WHERE bot_id = r.bot_id AND hour = r.hour;
  END LOOP;
  FOR r IN SELECT bot_id, count(*) AS removed FROM old_rows WHERE NOT preview AND NOT deleted GROUP BY bot_id ORDER BY bot_id LOOP
    UPDATE platform.contact_bot_stats
    SET visible = visible - r.removed, version = nextval('platform.contact_version_seq')
    WHERE bot_id = r.bot_id;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update matters only when it changes the set of live (id, bot_id, created_at)
-- triples: `gone` rows left it (deleted, hidden, moved, re-dated), `came` rows joined it.
CREATE FUNCTION platform.contacts_counters_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    WITH before AS (SELECT id, bot_id, created_at FROM old_rows WHERE NOT preview AND NOT deleted),
         after AS (SELECT id, bot_id, created_at FROM new_rows WHERE NOT preview AND NOT deleted),
         delta AS (
           (SELECT bot_id, created_at, -1 AS d FROM (SELECT * FROM before EXCEPT ALL SELECT * FROM after) gone)
           UNION ALL
           (SELECT bot_id, created_at, 1 AS d FROM (SELECT * FROM after EXCEPT ALL SELECT * FROM before) came)
         )
    SELECT bot_id, platform.contact_hour_of(created_at) AS hour, sum(d)::bigint AS change
    FROM delta GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
  LOOP
    INSERT INTO platform.contact_hour_counts AS h (bot_id, hour, visible) VALUES (r.bot_id, r.hour, r.change)
    ON CONFLICT (bot_id, hour) DO UPDATE SET visible = h.visible + r.change;
  END LOOP;
  FOR r IN
    WITH before AS (SELECT id, bot_id, created_at FROM old_rows WHERE NOT preview AND NOT deleted),
         after AS (SELECT id, bot_id, created_at FROM new_rows WHERE NOT preview AND NOT deleted),
         gone AS (SELECT * FROM before EXCEPT ALL SELECT * FROM after),
         came AS (SELECT * FROM after EXCEPT ALL SELECT * FROM before)
    SELECT bot_id, sum(removed)::bigint AS removed, sum(added)::bigint AS added, min(low) AS low, max(high) AS high
    FROM (
      SELECT bot_id, 1 AS removed, 0 AS added, NULL::bigint AS low, NULL::bigint AS high FROM gone
      UNION ALL
      SELECT bot_id, 0, 1, id, id FROM came
    ) changes
    GROUP BY bot_id ORDER BY bot_id
  LOOP
    INSERT INTO platform.contact_bot_stats AS s (bot_id, visible, max_id, version)
    VALUES (r.bot_id, r.added - r.removed, COALESCE(r.high, 0), nextval('platform.contact_version_seq'))
    ON CONFLICT (bot_id) DO UPDATE SET
      visible = s.visible + r.added - r.removed,
      max_id = greatest(s.max_id, COALESCE(r.high, 0)),
      version = CASE WHEN r.removed > 0 OR r.low <= s.max_id THEN nextval('platform.contact_version_seq') ELSE s.version END;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- TRUNCATE (the operator's reset) empties the counters; the stats rows go too, and the
-- next contacts of a bot get a fresh version, so no cursor from before stays valid.
CREATE FUNCTION platform.contacts_counters_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE platform.contact_hour_counts, platform.contact_bot_stats, platform.contact_cursors;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contacts_counters_insert AFTER INSERT ON platform.contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION platform.contacts_counters_insert();
--> statement-breakpoint
CREATE TRIGGER contacts_counters_update AFTER UPDATE ON platform.contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION platform.contacts_counters_update();
--> statement-breakpoint
CREATE TRIGGER contacts_counters_delete AFTER DELETE ON platform.contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION platform.contacts_counters_delete();
--> statement-breakpoint
CREATE TRIGGER contacts_counters_truncate AFTER TRUNCATE ON platform.contacts
  FOR EACH STATEMENT EXECUTE FUNCTION platform.contacts_counters_truncate();
--> statement-breakpoint
INSERT INTO platform.contact_hour_counts (bot_id, hour, visible)
SELECT bot_id, platform.contact_hour_of(created_at), count(*)
FROM platform.contacts WHERE NOT preview AND NOT deleted GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO platform.contact_bot_stats (bot_id, visible, max_id, version)
SELECT bot_id, count(*) FILTER (WHERE NOT preview AND NOT deleted), max(id), nextval('platform.contact_version_seq')
FROM platform.contacts GROUP BY bot_id;
