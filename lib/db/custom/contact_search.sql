-- Contact search (the `search` extension of getContacts and getNumberOfContacts, see
-- lib/platform/contacts/search.ts): trigram indexes (pg_trgm, trusted on PostgreSQL >= 13,
-- loaded into PGlite by lib/db/pglite-extensions.ts) over case-folded contact fields.
--
-- Case folding must fold Cyrillic ("иван" finds "Иван") in every database, but lower() folds
-- only A-Z where LC_CTYPE is "C". So contact_search_fold asks the database once: where lower()
-- folds Cyrillic, Latin-1 and Greek (C.UTF-8, as PGlite and Debian's PostgreSQL use, or any
-- UTF-8 locale) it is lower(), fast; elsewhere an explicit table of upper to lower case for
-- Latin (ASCII, Latin-1, Extended-A/B), Greek and Cyrillic, about a hundred times slower. The
-- test is on constants, so the planner folds the CASE away when it inlines this IMMUTABLE SQL
-- function, in queries and index expressions alike (the answer is fixed for a database's
-- life: its LC_CTYPE cannot change). Both ways ё folds to е ("артем" finds "Артём") and ς to σ.
-- Every index is partial on live contacts (NOT preview AND NOT deleted), as exports are.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The table, for databases whose lower() does not fold beyond ASCII.
CREATE FUNCTION platform.contact_search_fold_by_table(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT translate(value,
  'ЁёςİABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚ'
  || 'ÛÜÝÞĀĂĄĆĈĊČĎĐĒĔĖĘĚĜĞĠĢĤĦĨĪĬĮĲĴĶĹĻĽĿŁŃŅŇŊŌŎŐŒŔŖŘŚŜŞŠŢŤŦŨŪ'
  || 'ŬŮŰŲŴŶŸŹŻŽƁƂƄƆƇƉƊƋƎƏƐƑƓƔƖƗƘƜƝƟƠƢƤƦƧƩƬƮƯƱƲƳƵƷƸƼǄǅǇǈǊǋǍǏǑǓ'
  || 'ǕǗǙǛǞǠǢǤǦǨǪǬǮǱǲǴǶǷǸǺǼǾȀȂȄȆȈȊȌȎȐȒȔȖȘȚȜȞȠȢȤȦȨȪȬȮȰȲȺȻȽȾɁɃɄɅ'
  || 'ɆɈɊɌɎͰͲͶͿΆΈΉΊΌΎΏΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΪΫϏϘϚϜϞϠϢϤϦϨϪϬϮϴ'
  || 'ϷϹϺϽϾϿЀЂЃЄЅІЇЈЉЊЋЌЍЎЏАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯѠѢѤ'
  || 'ѦѨѪѬѮѰѲѴѶѸѺѼѾҀҊҌҎҐҒҔҖҘҚҜҞҠҢҤҦҨҪҬҮҰҲҴҶҸҺҼҾӀӁӃӅӇӉӋӍӐӒӔӖӘӚӜ'
  || 'ӞӠӢӤӦӨӪӬӮӰӲӴӶӸӺӼӾԀԂԄԆԈԊԌԎԐԒԔԖԘԚԜԞԠԢԤԦԨԪԬԮ',
  'ееσiabcdefghijklmnopqrstuvwxyzàáâãäåæçèéêëìíîïðñòóôõöøùú'
  || 'ûüýþāăąćĉċčďđēĕėęěĝğġģĥħĩīĭįĳĵķĺļľŀłńņňŋōŏőœŕŗřśŝşšţťŧũū'
  || 'ŭůűųŵŷÿźżžɓƃƅɔƈɖɗƌǝəɛƒɠɣɩɨƙɯɲɵơƣƥʀƨʃƭʈưʊʋƴƶʒƹƽǆǆǉǉǌǌǎǐǒǔ'
  || 'ǖǘǚǜǟǡǣǥǧǩǫǭǯǳǳǵƕƿǹǻǽǿȁȃȅȇȉȋȍȏȑȓȕȗșțȝȟƞȣȥȧȩȫȭȯȱȳⱥȼƚⱦɂƀʉʌ'
  || 'ɇɉɋɍɏͱͳͷϳάέήίόύώαβγδεζηθικλμνξοπρστυφχψωϊϋϗϙϛϝϟϡϣϥϧϩϫϭϯθ'
  || 'ϸϲϻͻͼͽѐђѓєѕіїјљњћќѝўџабвгдежзийклмнопрстуфхцчшщъыьэюяѡѣѥ'
  || 'ѧѩѫѭѯѱѳѵѷѹѻѽѿҁҋҍҏґғҕҗҙқҝҟҡңҥҧҩҫҭүұҳҵҷҹһҽҿӏӂӄӆӈӊӌӎӑӓӕӗәӛӝ'
  || 'ӟӡӣӥӧөӫӭӯӱӳӵӷӹӻӽӿԁԃԅԇԉԋԍԏԑԓԕԗԙԛԝԟԡԣԥԧԩԫԭԯ') $$;
--> statement-breakpoint
CREATE FUNCTION platform.contact_search_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN lower('ЁÀΣ') = 'ёàσ' THEN translate(lower(value), 'ёς', 'еσ') ELSE platform.contact_search_fold_by_table(value) END $$;
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
