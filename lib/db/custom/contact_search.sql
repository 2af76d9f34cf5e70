-- Contact search (the `search` extension of getContacts and getNumberOfContacts, see
-- lib/platform/contacts/search.ts): trigram indexes (pg_trgm, trusted on PostgreSQL >= 13,
-- loaded into PGlite by lib/db/pglite-extensions.ts) over case-folded contact fields.
--
-- Case folding is done here by an explicit table, not by lower() or ILIKE, whose folding of
-- anything but ASCII depends on the database's LC_CTYPE ("C" folds only A-Z): upper to lower
-- case for Latin (ASCII, Latin-1, Extended-A/B), Greek and Cyrillic, plus ё -> е and ς -> σ,
-- so that "иван" finds "Иван" and "артем" finds "Артём" in any database. The functions are
-- IMMUTABLE SQL, inlined by the planner, so a query's expression matches its index's.
-- Every index is partial on live contacts (NOT preview AND NOT deleted), as exports are.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE FUNCTION platform.contact_search_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT translate(value,
  'ЁёςABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛ'
  || 'ÜÝÞĀĂĄĆĈĊČĎĐĒĔĖĘĚĜĞĠĢĤĦĨĪĬĮĲĴĶĹĻĽĿŁŃŅŇŊŌŎŐŒŔŖŘŚŜŞŠŢŤŦŨŪŬ'
  || 'ŮŰŲŴŶŸŹŻŽƁƂƄƆƇƉƊƋƎƏƐƑƓƔƖƗƘƜƝƟƠƢƤƦƧƩƬƮƯƱƲƳƵƷƸƼǄǇǊǍǏǑǓǕǗǙǛ'
  || 'ǞǠǢǤǦǨǪǬǮǱǴǶǷǸǺǼǾȀȂȄȆȈȊȌȎȐȒȔȖȘȚȜȞȠȢȤȦȨȪȬȮȰȲȺȻȽȾɁɃɄɅɆɈɊɌɎ'
  || 'ͰͲͶͿΆΈΉΊΌΎΏΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΪΫϏϘϚϜϞϠϢϤϦϨϪϬϮϷϹϺϽϾϿ'
  || 'ЀЂЃЄЅІЇЈЉЊЋЌЍЎЏАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯѠѢѤѦѨѪѬѮѰ'
  || 'ѲѴѶѸѺѼѾҀҊҌҎҐҒҔҖҘҚҜҞҠҢҤҦҨҪҬҮҰҲҴҶҸҺҼҾӀӁӃӅӇӉӋӍӐӒӔӖӘӚӜӞӠӢӤӦӨ'
  || 'ӪӬӮӰӲӴӶӸӺӼӾԀԂԄԆԈԊԌԎԐԒԔԖԘԚԜԞԠԢԤԦԨԪԬԮ',
  'ееσabcdefghijklmnopqrstuvwxyzàáâãäåæçèéêëìíîïðñòóôõöøùúû'
  || 'üýþāăąćĉċčďđēĕėęěĝğġģĥħĩīĭįĳĵķĺļľŀłńņňŋōŏőœŕŗřśŝşšţťŧũūŭ'
  || 'ůűųŵŷÿźżžɓƃƅɔƈɖɗƌǝəɛƒɠɣɩɨƙɯɲɵơƣƥʀƨʃƭʈưʊʋƴƶʒƹƽǆǉǌǎǐǒǔǖǘǚǜ'
  || 'ǟǡǣǥǧǩǫǭǯǳǵƕƿǹǻǽǿȁȃȅȇȉȋȍȏȑȓȕȗșțȝȟƞȣȥȧȩȫȭȯȱȳⱥȼƚⱦɂƀʉʌɇɉɋɍɏ'
  || 'ͱͳͷϳάέήίόύώαβγδεζηθικλμνξοπρστυφχψωϊϋϗϙϛϝϟϡϣϥϧϩϫϭϯϸϲϻͻͼͽ'
  || 'ѐђѓєѕіїјљњћќѝўџабвгдежзийклмнопрстуфхцчшщъыьэюяѡѣѥѧѩѫѭѯѱ'
  || 'ѳѵѷѹѻѽѿҁҋҍҏґғҕҗҙқҝҟҡңҥҧҩҫҭүұҳҵҷҹһҽҿӏӂӄӆӈӊӌӎӑӓӕӗәӛӝӟӡӣӥӧө'
  || 'ӫӭӯӱӳӵӷӹӻӽӿԁԃԅԇԉԋԍԏԑԓԕԗԙԛԝԟԡԣԥԧԩԫԭԯ') $$;
--> statement-breakpoint
-- Digits only: a phone as dialled, whatever a fixture stored ("+7 (999) 123-45-67" -> "79991234567").
CREATE FUNCTION platform.contact_search_digits(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT regexp_replace(value, '[^0-9]+', '', 'g') $$;
--> statement-breakpoint
-- A contact's usernames (telegram_username, max_username; a contact has at most one of them)
-- in one text: the search only looks for texts without spaces in it, so never across the two.
CREATE FUNCTION platform.contact_search_usernames(telegram_username text, max_username text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT platform.contact_search_fold(COALESCE(telegram_username, '') || ' ' || COALESCE(max_username, '')) $$;
--> statement-breakpoint
CREATE INDEX contacts_search_name_idx ON platform.contacts
  USING gin (platform.contact_search_fold(name) gin_trgm_ops) WHERE NOT preview AND NOT deleted;
--> statement-breakpoint
CREATE INDEX contacts_search_email_idx ON platform.contacts
  USING gin (platform.contact_search_fold(email) gin_trgm_ops) WHERE NOT preview AND NOT deleted;
--> statement-breakpoint
CREATE INDEX contacts_search_usernames_idx ON platform.contacts
  USING gin (platform.contact_search_usernames(telegram_username, max_username) gin_trgm_ops) WHERE NOT preview AND NOT deleted;
--> statement-breakpoint
CREATE INDEX contacts_search_phone_idx ON platform.contacts
  USING gin (platform.contact_search_digits(phone) gin_trgm_ops) WHERE NOT preview AND NOT deleted;
--> statement-breakpoint
-- Exact messenger ids (telegram_id, max_user_id, vk_user_id, viber_id) across the holder's bots.
CREATE INDEX contacts_search_messenger_id_idx ON platform.contacts (messenger_id) WHERE NOT preview AND NOT deleted;
