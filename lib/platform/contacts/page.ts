import { sql, type SQL } from "drizzle-orm";
import { queryRows, queryRowsPrepared, type Db } from "@/lib/db/client";
import { botIdsParam, countedSearchOf, matchingContactIdsSql, ownedTotalSql, visibleCountSql } from "./count";
import { byCreation, DEFAULT_CONTACT_ORDER, nullOrderColumnsSql, orderBySql, orderColumnsSql, type ContactOrder } from "./order";
import { ownedBotsSql, type ContactFilter } from "./scope";
import { RawJson } from "../json";
import { countedSearchSql, searchConditionSql } from "./search";
import { CONTACT_JSON_TEXT, VARIABLES_JSON_TEXT } from "./serialize";
import { COMMIT_WITHOUT_DISK_WAIT } from "@/lib/db/commit-mode";

/** How long an export cursor may be continued from (each batch makes the next one). */
const CURSOR_TTL = "1 hour";
/** What a match found through the trigram indexes costs, in rows of an ordered scan (see findMatchPage). */
const SCAN_ROWS_PER_MATCH = 16;
/** A dense scan of a bot reads at most this many times the contacts it would read were its matches spread over the order. */
const SCAN_CAP = 8;
/** Expired cursors removed per request (cheap, bounded, skips rows another request holds). */
const PRUNE_BATCH = 20;

/** A page of contacts: their JSON texts as PostgreSQL wrote them (serialize.ts, CONTACT_JSON_TEXT), how many, the total. */
export interface ContactPage {
  contacts: RawJson;
  count: number;
  total: number;
}

const EMPTY_PAGE: ContactPage = { contacts: new RawJson("[]"), count: 0, total: 0 };

/** A row of a page query: one contact's JSON text (null for an empty page's one row) and the total. */
type PageRow = { contact: string | null; total: string };

/**
 * A page's size where the planner does not read it (an InitPlan): the page query is a prepared statement
 * (queryRowsPrepared), and a LIMIT the planner can see makes every value plan differently, so PostgreSQL would plan
 * each call instead of keeping its generic plan. The plan is the same either way: each bot's scan already stops at
 * `skip + limit`, which no plan sees (skip comes from the cursor).
 */
const pageSize = (limit: number) => sql`(SELECT ${limit}::bigint)`;

/**
 * Live contacts of one bot after the seek id, in the creation range, at most `skip + limit`
 * of them: an index-only range scan on (bot_id, id). Each branch keeps its own ORDER BY
 * and LIMIT so that PostgreSQL merges the bots with a Merge Append (it does not for
 * plain UNION ALL branches of a partial index) and stops each scan early.
 */
function botContactIds(botId: number, filter: ContactFilter, limit: number): SQL {
  return sql`(SELECT c.id FROM platform.contacts c
    WHERE c.bot_id = ${botId}::bigint AND ${liveInRangeSql(filter)} AND c.id > (SELECT after_id FROM seek)
    ORDER BY c.id LIMIT (SELECT skip FROM seek) + ${pageSize(limit)})`;
}

/** Contact `c` is live and created in the filter's range (its bots aside). */
function liveInRangeSql(filter: ContactFilter): SQL {
  const { from, to } = filter.range;
  return sql`NOT c.preview AND NOT c.deleted
      ${from === null ? sql`` : sql`AND c.created_at >= to_timestamp(${from}::float8)`}
      ${to === null ? sql`` : sql`AND c.created_at < to_timestamp(${to}::float8)`}`;
}

/**
 * Rows `offset` to `offset + limit - 1` (by ascending id) of the filter's live contacts,
 * and the exact total, in one statement, hence one snapshot.
 *
 * Deep offsets must not rescan the rows they skip. An export cursor (platform.contact_cursors,
 * shared by every instance) records, for a filter and a position k, the id L of the
 * contact at k - 1: exactly k live contacts of the filter have id <= L. A request at
 * offset n starts from the nearest valid cursor k <= n: `id > L`, skipping only n - k
 * rows (0 when an export asks for the batch that follows the previous one). Without one
 * it skips n rows of an index-only scan (still correct, just O(n)). Each full batch
 * records the cursor for the position after it.
 *
 * Why a cursor stays exact: "k live contacts with id <= L" can only stop holding when a
 * live contact with id <= L appears or disappears, or the set of bots changes. The
 * cursor stores the scope's bot ids and each bot's `version` (contact_bot_stats, set by
 * the triggers in lib/db/custom/contact_counters.sql), and is used only while both are
 * unchanged in this statement's snapshot. A trigger takes a new version (from a sequence,
 * never reused) for every removal of a live contact and every live contact added at or
 * below the bot's max_id; only appends above max_id keep it. Appends cannot land at or
 * below L: L was committed when the cursor was made, its writer raised max_id to >= L
 * while holding the stats row lock, and later writers take that lock before comparing.
 * We chose versions over re-counting the rows <= L on every batch, because that count
 * is itself O(offset) and would bring back the cost the cursor removes.
 *
 * Several bots: one index scan per bot merged by id (Merge Append), so a batch reads
 * about `skip + limit` index entries in all.
 */
export async function findContactPage(
  db: Db,
  filter: ContactFilter,
  window: { offset: number; limit: number },
  order: ContactOrder = DEFAULT_CONTACT_ORDER,
): Promise<ContactPage> {
  if (filter.botIds.length === 0) return EMPTY_PAGE;
  if (filter.search !== null || filter.ids !== null) return findMatchPage(db, filter, window, order);
  if (order !== DEFAULT_CONTACT_ORDER) return findOrderedPage(db, filter, window, order);
  const { offset, limit } = window;
  const ids = botIdsParam(filter.botIds);
  const children = sql.join(
    filter.botIds.map((botId) => botContactIds(botId, filter, limit)),
    sql` UNION ALL `,
  );
  return queryPage(
    db,
    sql`
      WITH versions AS (
        SELECT array_agg(COALESCE(s.version, 0) ORDER BY u.ord)::bigint[] AS v
        FROM unnest(${ids}) WITH ORDINALITY AS u(bot_id, ord)
        LEFT JOIN platform.contact_bot_stats s ON s.bot_id = u.bot_id
      ),
      cursor AS (
        SELECT k.position, k.last_id FROM platform.contact_cursors k
        WHERE k.filter_hash = ${filter.hash} AND k.position <= ${offset}::bigint
          AND k.bot_ids = ${ids} AND k.versions = (SELECT v FROM versions) AND k.expires_at > now()
        ORDER BY k.position DESC LIMIT 1
      ),
      seek AS (
        SELECT COALESCE((SELECT last_id FROM cursor), 0) AS after_id,
               ${offset}::bigint - COALESCE((SELECT position FROM cursor), 0) AS skip
      ),
      page AS (
        SELECT x.id FROM (${children}) x WHERE ${ownedBotsSql(filter)}
        ORDER BY x.id OFFSET (SELECT skip FROM seek) LIMIT ${pageSize(limit)}
      ),
      saved AS (
        INSERT INTO platform.contact_cursors AS k (filter_hash, position, last_id, bot_ids, versions, expires_at)
        SELECT ${filter.hash}, ${offset}::bigint + count(*), max(id), ${ids}, (SELECT v FROM versions), now() + ${CURSOR_TTL}::interval
        FROM page HAVING count(*) = ${limit}::bigint
        ON CONFLICT (filter_hash, position) DO UPDATE SET
          last_id = excluded.last_id, bot_ids = excluded.bot_ids, versions = excluded.versions, expires_at = excluded.expires_at
      ),
      pruned AS (
        DELETE FROM platform.contact_cursors k USING (
          SELECT filter_hash, position FROM platform.contact_cursors
          WHERE expires_at < now() AND filter_hash <> ${filter.hash}
          ORDER BY expires_at LIMIT ${PRUNE_BATCH} FOR UPDATE SKIP LOCKED
        ) old
        WHERE k.filter_hash = old.filter_hash AND k.position = old.position
      ),
      ${pageContactsSql(ownedTotalSql(filter, visibleCountSql(ids, filter.range)), DEFAULT_CONTACT_ORDER, {
        cursorWrite: true,
        // The page is every contact of the filter from its first id to its last: one range scan per bot on (bot_id, id).
        contacts: sql`c.bot_id = ANY(${ids}) AND ${liveInRangeSql(filter)}
          AND c.id >= (SELECT first_id FROM page_ids) AND c.id <= (SELECT last_id FROM page_ids)`,
      })}
    `,
  );
}

/**
 * The `sort` extension's other orders (order.ts): like the default order, one range scan per bot
 * on its index, (bot_id, id) backwards for `-id` and (bot_id, created_at, id) either way for the
 * creation orders, each stopping after `offset + limit` rows, merged in order (Merge Append). No
 * export cursor: a cursor stays exact only because appends land above every existing id, and in
 * these orders an append can land anywhere (`-id` puts it first). So a batch at offset n skips n
 * index entries; exports that go deep use the default order.
 */
async function findOrderedPage(db: Db, filter: ContactFilter, window: { offset: number; limit: number }, order: ContactOrder): Promise<ContactPage> {
  const reach = window.offset + window.limit;
  const children = sql.join(
    filter.botIds.map(
      (botId) => sql`(SELECT ${orderColumnsSql(order)} FROM platform.contacts c
        WHERE c.bot_id = ${botId}::bigint AND ${liveInRangeSql(filter)}
        ORDER BY ${orderBySql(order, "c")} LIMIT ${reach}::bigint)`,
    ),
    sql` UNION ALL `,
  );
  return queryPage(
    db,
    sql`
      WITH page AS (
        SELECT x.id FROM (${children}) x WHERE ${ownedBotsSql(filter)}
        ORDER BY ${orderBySql(order, "x")} OFFSET ${window.offset}::bigint LIMIT ${window.limit}::bigint
      ),
      ${pageContactsSql(ownedTotalSql(filter, visibleCountSql(botIdsParam(filter.botIds), filter.range)), order)}
    `,
  );
}

/**
 * The end of a page query, after a CTE `page(id)`: a row per contact of the page in `order`, its JSON object's text
 * (written by PostgreSQL, serialize.ts), each with `total` (a bigint expression, computed once); one row with a null
 * contact when the page is empty. Rows rather than one aggregated text: each is small, so neither PostgreSQL nor the
 * driver builds, copies and sends a value the size of the page (an allocation that large cost more than the rows, 3×
 * per batch of 1,000 in bench:contacts), and the answer writes the texts as they come (json.ts, RawJson.array).
 *
 * The contacts come first, ordered, then the empty page's row (UNION ALL; the total from an InitPlan in both), so that
 * when the contacts are read in order already (the default order's range scan) the result is merged, not sorted (Merge
 * Append): a sort of a batch's rows cost about 1.5 ms of a 10 ms batch. Both details are needed: the typed nulls keep
 * the branches' types equal, without which PostgreSQL does not flatten the UNION ALL into a merge; and the contacts'
 * branch has its own ORDER BY, without which PostgreSQL 15 forgets that the branch comes out in order and sorts again.
 *
 * `cursorWrite`: the statement saves an export cursor, its only write. Its commit then does not wait for the WAL to
 * reach the disk (synchronous_commit off for this transaction only; nothing stays set on the connection, so a pooler
 * in transaction mode is fine). A crash can lose only the latest such commits, and a lost cursor costs the next batch
 * a skip, never a wrong row; on a busy disk the wait was most of a batch's time.
 *
 * `contacts`: a condition on `c` that holds for exactly the page's contacts, given CTE `page_ids` (ids, first_id,
 * last_id), when a cheaper one than the default is known. The default looks the ids up by primary key, one descent of
 * the index per id: no plan can turn it into a scan of the table.
 */
function pageContactsSql(total: SQL, order: ContactOrder, options: { cursorWrite?: boolean; contacts?: SQL } = {}): SQL {
  return sql`page_ids AS (SELECT array_agg(id) AS ids, min(id) AS first_id, max(id) AS last_id FROM page),
      variables AS (
        SELECT v.contact_id, ${VARIABLES_JSON_TEXT}
        FROM platform.contact_variables v WHERE v.contact_id = ANY((SELECT ids FROM page_ids)::bigint[])
        GROUP BY v.contact_id
      ),
      -- Once, whatever the number of rows (set_config is volatile: the CTE is evaluated once, not inlined).
      page_total AS (SELECT ${total}::text AS total ${options.cursorWrite ? sql`, ${COMMIT_WITHOUT_DISK_WAIT}` : sql``})
      SELECT u.contact, u.total FROM (
        (SELECT x.*, (SELECT total FROM page_total) AS total FROM (
          SELECT ${orderColumnsSql(order)}, ${CONTACT_JSON_TEXT} AS contact
          FROM platform.contacts c
          LEFT JOIN variables vars ON vars.contact_id = c.id
          WHERE ${options.contacts ?? sql`c.id = ANY((SELECT ids FROM page_ids)::bigint[])`}
        ) x ORDER BY ${orderBySql(order, "x")})
        UNION ALL
        SELECT ${nullOrderColumnsSql(order)}, NULL::text, (SELECT total FROM page_total) WHERE NOT EXISTS (SELECT 1 FROM page)
      ) u
      ORDER BY ${orderBySql(order, "u")}`;
}

async function queryPage(db: Db, query: SQL): Promise<ContactPage> {
  const rows = await queryRowsPrepared<PageRow>(db, query);
  // An empty page is its one row with a null contact.
  const contacts = rows[0].contact === null ? [] : rows.map((row) => row.contact as string);
  return { contacts: RawJson.array(contacts), count: contacts.length, total: Number(rows[0].total) };
}

/**
 * With a search (the extension, see search.ts) or contact ids (scope.ts): the matching live contacts
 * are found through the trigram and id indexes, counted and paged in one statement, hence one snapshot, so the
 * total is exact and equals what paging through yields. Export cursors are not used: a cursor would stay valid
 * only while no contact at or below it changes whether it matches (a renamed contact does, without a new bot
 * version). This way costs O(matches) at any offset.
 *
 * A dense search is the exception: a three-letter fragment, whose matches the substring counters count
 * (countedSearchSql), common enough that reading the bots' contacts in the page's order and testing each finds
 * `offset + limit` (reach) matches sooner than the indexes find them all. With n matches among v contacts of a bot
 * a scan reads about reach·v/n of them if the matches are spread over the order; the indexes read all n, each a
 * random heap page and a recheck, which cost about SCAN_ROWS_PER_MATCH scanned rows (measured at a million contacts
 * on PostgreSQL, cold pages: about 40 µs a match, 2.7 µs a scanned row). Hence a scan when reach·v/n ≤
 * SCAN_ROWS_PER_MATCH·n for every bot with matches (a bot without any is not read). A surname ending shared by a
 * tenth of a million contacts: 200 contacts read for page 1 instead of 100,000. The choice is made on the counters,
 * bot by bot (a statement of its own, which only picks the way); findDensePage guards it against matches that are
 * not spread (an import of people sharing a name, all at the end of the order).
 */
async function findMatchPage(db: Db, filter: ContactFilter, window: { offset: number; limit: number }, order: ContactOrder): Promise<ContactPage> {
  const text = countedSearchOf(filter);
  if (text !== null) {
    const bots = await queryRows<{ bot_id: string; matches: string; visible: string }>(
      db,
      sql`SELECT u.bot_id::text AS bot_id, ${countedSearchSql(sql`ARRAY[u.bot_id]`, text)}::text AS matches, COALESCE(s.visible, 0)::text AS visible
          FROM unnest(${botIdsParam(filter.botIds)}) AS u(bot_id) LEFT JOIN platform.contact_bot_stats s ON s.bot_id = u.bot_id`,
    );
    const reach = window.offset + window.limit;
    const scans = bots
      .map((bot) => ({ botId: Number(bot.bot_id), matches: Number(bot.matches), visible: Math.max(Number(bot.visible), Number(bot.matches)) }))
      .filter((bot) => bot.matches > 0);
    if (scans.length > 0 && scans.every((bot) => reach * bot.visible <= SCAN_ROWS_PER_MATCH * bot.matches ** 2)) {
      const capped = scans.map((bot) => ({ botId: bot.botId, cap: Math.ceil((SCAN_CAP * reach * bot.visible) / bot.matches) }));
      return findDensePage(db, filter, window, order, text, capped);
    }
  }
  return queryPage(
    db,
    sql`
      WITH matches AS MATERIALIZED (${matchingContactIdsSql(filter)}),
      page AS (${indexedPageSql(window, order, sql`true`)}),
      ${pageContactsSql(sql`(SELECT count(*) FROM matches)`, order)}
    `,
  );
}

/**
 * The page's ids from CTE `matches(id)` (the matching contacts found through the indexes), read only when `gate` (a
 * one-time condition) holds. The creation orders read each match's created_at by primary key: the cost stays
 * O(matches).
 */
function indexedPageSql(window: { offset: number; limit: number }, order: ContactOrder, gate: SQL): SQL {
  const ordered = byCreation(order) ? sql`platform.contacts c WHERE c.id IN (SELECT id FROM matches) AND` : sql`matches c WHERE`;
  return sql`SELECT c.id FROM ${ordered} ${gate}
    ORDER BY ${orderBySql(order, "c")} OFFSET ${window.offset}::bigint LIMIT ${window.limit}::bigint`;
}

/**
 * A dense search's page (see findMatchPage): each bot in `scans` is read in the page's order, testing every contact
 * against the text, up to `reach` matches and at most `cap` contacts: SCAN_CAP times the contacts a scan reads when
 * the matches are spread over the order. Matches that are not (the newest 15,000 contacts of a million, all named
 * "Зюзякин": page 1 of "зюз" read the million older ones first, 1 s) would make a scan read far more.
 *
 * So the statement checks, in its own snapshot, that every one of the filter's bots gave min(reach, n) matches, n its
 * counted matches: then the first `reach` of each bot in the order are read, and the page is theirs. Otherwise
 * (matches clustered after the cap, or a bot that gained matches since the way was chosen) the page comes from the
 * indexes, as for any other search: that branch and its matches are evaluated only then (one-time conditions). The
 * cost is bounded by the capped scans plus, at worst, the index path.
 */
async function findDensePage(
  db: Db,
  filter: ContactFilter,
  window: { offset: number; limit: number },
  order: ContactOrder,
  text: string,
  scans: { botId: number; cap: number }[],
): Promise<ContactPage> {
  const reach = window.offset + window.limit;
  const counted = (bots: SQL) => countedSearchSql(bots, text);
  const children = sql.join(
    scans.map(
      ({ botId, cap }) => sql`(SELECT * FROM (
          SELECT c.bot_id, ${orderColumnsSql(order)}, ${searchConditionSql(text, { indexed: false })} AS hit
          FROM platform.contacts c
          WHERE c.bot_id = ${botId}::bigint AND NOT c.preview AND NOT c.deleted
          ORDER BY ${orderBySql(order, "c")} LIMIT ${cap}::bigint
        ) s WHERE s.hit LIMIT ${reach}::bigint)`,
    ),
    sql` UNION ALL `,
  );
  return queryPage(
    db,
    sql`
      WITH dense AS MATERIALIZED (${children}),
      complete AS MATERIALIZED (
        SELECT NOT EXISTS (
          SELECT 1 FROM unnest(${botIdsParam(filter.botIds)}) AS u(bot_id)
          WHERE (SELECT count(*) FROM dense d WHERE d.bot_id = u.bot_id) < LEAST(${reach}::bigint, ${counted(sql`ARRAY[u.bot_id]`)})
        ) AS scanned
      ),
      matches AS MATERIALIZED (${matchingContactIdsSql(filter)}),
      page AS (
        (SELECT x.id FROM dense x WHERE (SELECT scanned FROM complete) AND ${ownedBotsSql(filter)}
          ORDER BY ${orderBySql(order, "x")} OFFSET ${window.offset}::bigint LIMIT ${window.limit}::bigint)
        UNION ALL
        (${indexedPageSql(window, order, sql`NOT (SELECT scanned FROM complete)`)})
      ),
      ${pageContactsSql(ownedTotalSql(filter, counted(botIdsParam(filter.botIds))), order)}
    `,
  );
}
