-- Exact counts of the commonest searches: a three-letter fragment (the `search` extension, see
-- lib/platform/contacts/search.ts, countedSearchText) such as "ров" or "ann" can match a tenth of a
-- bot's contacts, and counting 100,000 matches through the trigram indexes reads every one of them
-- (about 110 ms at a million contacts). A fragment of exactly three letters and digits matches a
-- contact exactly when it is one of the three-character substrings of the contact's folded name,
-- email or usernames (the same folded texts the trigram indexes hold), so a counter per bot and
-- substring answers the count at once.
--
-- contact_search_gram_counts(bot_id, gram): live contacts (NOT preview AND NOT deleted) of the bot
--   that have `gram` among their substrings, each contact once. Kept by statement-level triggers
--   with transition tables, in the same transaction as the change, like contact_counters.sql: one
--   set-based upsert per statement, rows in (bot_id, gram) order so that writers lock them in one
--   order. An update counts only rows whose bot, liveness or searched texts changed.
--   A million contacts hold a few thousand to a few hundred thousand distinct substrings per bot
--   (kilobytes to tens of megabytes), against 1.5 GB for an index of every (substring, contact).
-- The triggers are named after contacts_counters_* so that they fire after them: an insert takes the
-- bot's contact_bot_stats row first, and writers of one bot then queue there, not on these rows.

-- The distinct three-character substrings of a contact's searched texts, folded as search.ts folds them.
CREATE FUNCTION platform.contact_search_grams(name text, email text, telegram_username text, max_username text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(array_agg(DISTINCT substr(t, i, 3)), '{}')
  FROM unnest(ARRAY[platform.contact_search_fold(name), platform.contact_search_fold(email),
                    platform.contact_search_usernames(telegram_username, max_username)]) AS t,
       generate_series(1, char_length(t) - 2) AS i $$;
--> statement-breakpoint
CREATE TABLE platform.contact_search_gram_counts (
  bot_id bigint NOT NULL,
  gram text NOT NULL,
  visible bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (bot_id, gram)
);
--> statement-breakpoint
CREATE FUNCTION platform.contacts_search_grams_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO platform.contact_search_gram_counts AS g (bot_id, gram, visible)
  SELECT n.bot_id, gram, count(*)
  FROM new_rows n, unnest(platform.contact_search_grams(n.name, n.email, n.telegram_username, n.max_username)) AS gram
  WHERE NOT n.preview AND NOT n.deleted
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (bot_id, gram) DO UPDATE SET visible = g.visible + excluded.visible;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION platform.contacts_search_grams_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO platform.contact_search_gram_counts AS g (bot_id, gram, visible)
  SELECT o.bot_id, gram, -count(*)
  FROM old_rows o, unnest(platform.contact_search_grams(o.name, o.email, o.telegram_username, o.max_username)) AS gram
  WHERE NOT o.preview AND NOT o.deleted
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (bot_id, gram) DO UPDATE SET visible = g.visible + excluded.visible;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rows of old_rows and new_rows are paired by id; a row whose id has no pair (or whose bot, liveness or
-- texts changed) leaves the counts with its old substrings and joins them with its new ones.
CREATE FUNCTION platform.contacts_search_grams_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO platform.contact_search_gram_counts AS g (bot_id, gram, visible)
  SELECT bot_id, gram, sum(d)::bigint
  FROM (
    SELECT o.bot_id, gram, -1 AS d
    FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id,
         unnest(platform.contact_search_grams(o.name, o.email, o.telegram_username, o.max_username)) AS gram
    WHERE NOT o.preview AND NOT o.deleted
      AND (n.id IS NULL OR (o.bot_id, o.preview, o.deleted, o.name, o.email, o.telegram_username, o.max_username)
                           IS DISTINCT FROM (n.bot_id, n.preview, n.deleted, n.name, n.email, n.telegram_username, n.max_username))
    UNION ALL
    SELECT n.bot_id, gram, 1
    FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id,
         unnest(platform.contact_search_grams(n.name, n.email, n.telegram_username, n.max_username)) AS gram
    WHERE NOT n.preview AND NOT n.deleted
      AND (o.id IS NULL OR (o.bot_id, o.preview, o.deleted, o.name, o.email, o.telegram_username, o.max_username)
                           IS DISTINCT FROM (n.bot_id, n.preview, n.deleted, n.name, n.email, n.telegram_username, n.max_username))
  ) delta
  GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
  ON CONFLICT (bot_id, gram) DO UPDATE SET visible = g.visible + excluded.visible;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION platform.contacts_search_grams_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE platform.contact_search_gram_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contacts_search_grams_insert AFTER INSERT ON platform.contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION platform.contacts_search_grams_insert();
--> statement-breakpoint
CREATE TRIGGER contacts_search_grams_update AFTER UPDATE ON platform.contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION platform.contacts_search_grams_update();
--> statement-breakpoint
CREATE TRIGGER contacts_search_grams_delete AFTER DELETE ON platform.contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION platform.contacts_search_grams_delete();
--> statement-breakpoint
CREATE TRIGGER contacts_search_grams_truncate AFTER TRUNCATE ON platform.contacts
  FOR EACH STATEMENT EXECUTE FUNCTION platform.contacts_search_grams_truncate();
--> statement-breakpoint
INSERT INTO platform.contact_search_gram_counts (bot_id, gram, visible)
SELECT c.bot_id, gram, count(*)
FROM platform.contacts c, unnest(platform.contact_search_grams(c.name, c.email, c.telegram_username, c.max_username)) AS gram
WHERE NOT c.preview AND NOT c.deleted
GROUP BY 1, 2;
