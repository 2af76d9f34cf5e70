-- Counters of the getContactAccountStatistics extension (lib/platform/statistics/accounts.ts),
-- kept exact by statement-level triggers with transition tables, in the same transaction as
-- the change (as contact_counters does for contacts), so that the statistics read a few
-- hundred counter rows instead of every account and journal line of a holder.
--
-- account_balance_totals(bot_id, currency): the accounts of live contacts (NOT deleted; a
--   preview contact's accounts count, as the account methods reach them) of a bot: balance
--   sum, number of accounts, number blocked. Follows every account insert, update and
--   delete, and a contact's `deleted` flag or bot changing. A deleted bot's rows stay and
--   are left out when read.
-- account_movement_quarters(bot_id, currency, quarter): the top-ups and debits made
--   through the API (journal titles 'Deposit via API' and 'Debit via API'; an operator's
--   adjustment is neither) per quarter hour (quarter = floor(unix seconds / 900)): every
--   time zone's offset today is a multiple of 15 minutes, so a calendar day in any zone is
--   a run of whole quarters. The counters are history: a movement stays in its quarter when
--   its account or contact is deleted later (the journal lines go with a deleted account).
CREATE TABLE platform.account_balance_totals (
  bot_id bigint NOT NULL,
  currency char(3) NOT NULL,
  balance_total numeric NOT NULL DEFAULT 0,
  accounts bigint NOT NULL DEFAULT 0,
  blocked_accounts bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (bot_id, currency)
);
--> statement-breakpoint
CREATE TABLE platform.account_movement_quarters (
  bot_id bigint NOT NULL,
  currency char(3) NOT NULL,
  quarter bigint NOT NULL,
  top_ups numeric NOT NULL DEFAULT 0,
  top_up_count bigint NOT NULL DEFAULT 0,
  debits numeric NOT NULL DEFAULT 0,
  debit_count bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (bot_id, quarter, currency)
);
--> statement-breakpoint
-- Each trigger adds signed contributions (bot, currency, balance, one account, blocked or not) to the totals.
CREATE FUNCTION platform.account_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO platform.account_balance_totals AS t (bot_id, currency, balance_total, accounts, blocked_accounts)
  SELECT bot_id, currency, sum(amount * sign), sum(sign), sum(blocked * sign)
  FROM (SELECT c.bot_id AS bot_id, a.currency, a.amount::numeric AS amount, (a.blocked_at IS NOT NULL)::int AS blocked, 1 AS sign
        FROM new_rows a JOIN platform.contacts c ON c.id = a.contact_id WHERE NOT c.deleted) AS changes
  GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(amount * sign) <> 0 OR sum(blocked * sign) <> 0 ORDER BY 1, 2
  ON CONFLICT (bot_id, currency) DO UPDATE SET
    balance_total = t.balance_total + excluded.balance_total,
    accounts = t.accounts + excluded.accounts,
    blocked_accounts = t.blocked_accounts + excluded.blocked_accounts;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deleted account whose contact is already gone (a contact deleted for good cascades to its
-- accounts) was taken out by the contact's own trigger: the join finds no contact for it.
CREATE FUNCTION platform.account_totals_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO platform.account_balance_totals AS t (bot_id, currency, balance_total, accounts, blocked_accounts)
  SELECT bot_id, currency, sum(amount * sign), sum(sign), sum(blocked * sign)
  FROM (SELECT c.bot_id AS bot_id, a.currency, a.amount::numeric AS amount, (a.blocked_at IS NOT NULL)::int AS blocked, -1 AS sign
        FROM old_rows a JOIN platform.contacts c ON c.id = a.contact_id WHERE NOT c.deleted) AS changes
  GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(amount * sign) <> 0 OR sum(blocked * sign) <> 0 ORDER BY 1, 2
  ON CONFLICT (bot_id, currency) DO UPDATE SET
    balance_total = t.balance_total + excluded.balance_total,
    accounts = t.accounts + excluded.accounts,
    blocked_accounts = t.blocked_accounts + excluded.blocked_accounts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION platform.account_totals_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO platform.account_balance_totals AS t (bot_id, currency, balance_total, accounts, blocked_accounts)
  SELECT bot_id, currency, sum(amount * sign), sum(sign), sum(blocked * sign)
  FROM (SELECT c.bot_id AS bot_id, a.currency, a.amount::numeric AS amount, (a.blocked_at IS NOT NULL)::int AS blocked, -1 AS sign
        FROM old_rows a JOIN platform.contacts c ON c.id = a.contact_id WHERE NOT c.deleted
        UNION ALL
        SELECT c.bot_id AS bot_id, a.currency, a.amount::numeric AS amount, (a.blocked_at IS NOT NULL)::int AS blocked, 1 AS sign
        FROM new_rows a JOIN platform.contacts c ON c.id = a.contact_id WHERE NOT c.deleted) AS changes
  GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(amount * sign) <> 0 OR sum(blocked * sign) <> 0 ORDER BY 1, 2
  ON CONFLICT (bot_id, currency) DO UPDATE SET
    balance_total = t.balance_total + excluded.balance_total,
    accounts = t.accounts + excluded.accounts,
    blocked_accounts = t.blocked_accounts + excluded.blocked_accounts;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A contact whose `deleted` flag or bot changed moves its accounts' contributions.
CREATE FUNCTION platform.account_totals_contacts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO platform.account_balance_totals AS t (bot_id, currency, balance_total, accounts, blocked_accounts)
  SELECT bot_id, currency, sum(amount * sign), sum(sign), sum(blocked * sign)
  FROM (SELECT o.bot_id AS bot_id, a.currency, a.amount::numeric AS amount, (a.blocked_at IS NOT NULL)::int AS blocked, -1 AS sign
        FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN platform.contact_accounts a ON a.contact_id = o.id
        WHERE (o.bot_id, o.deleted) IS DISTINCT FROM (n.bot_id, n.deleted) AND NOT o.deleted
        UNION ALL
        SELECT n.bot_id AS bot_id, a.currency, a.amount::numeric AS amount, (a.blocked_at IS NOT NULL)::int AS blocked, 1 AS sign
        FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN platform.contact_accounts a ON a.contact_id = n.id
        WHERE (o.bot_id, o.deleted) IS DISTINCT FROM (n.bot_id, n.deleted) AND NOT n.deleted) AS changes
  GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(amount * sign) <> 0 OR sum(blocked * sign) <> 0 ORDER BY 1, 2
  ON CONFLICT (bot_id, currency) DO UPDATE SET
    balance_total = t.balance_total + excluded.balance_total,
    accounts = t.accounts + excluded.accounts,
    blocked_accounts = t.blocked_accounts + excluded.blocked_accounts;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Before a contact is deleted for good its accounts still exist: their contributions go here.
CREATE FUNCTION platform.account_totals_contact_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT OLD.deleted THEN
    INSERT INTO platform.account_balance_totals AS t (bot_id, currency, balance_total, accounts, blocked_accounts)
    SELECT bot_id, currency, sum(amount * sign), sum(sign), sum(blocked * sign)
    FROM (SELECT OLD.bot_id AS bot_id, a.currency, a.amount::numeric AS amount, (a.blocked_at IS NOT NULL)::int AS blocked, -1 AS sign
          FROM platform.contact_accounts a WHERE a.contact_id = OLD.id) AS changes
    GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(amount * sign) <> 0 OR sum(blocked * sign) <> 0 ORDER BY 1, 2
    ON CONFLICT (bot_id, currency) DO UPDATE SET
      balance_total = t.balance_total + excluded.balance_total,
      accounts = t.accounts + excluded.accounts,
      blocked_accounts = t.blocked_accounts + excluded.blocked_accounts;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION platform.account_movements_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO platform.account_movement_quarters AS q (bot_id, currency, quarter, top_ups, top_up_count, debits, debit_count)
  SELECT c.bot_id, a.currency, floor(extract(epoch FROM j.created_at) / 900)::bigint,
         COALESCE(sum(j.amount) FILTER (WHERE j.kind = 'deposit'), 0), count(*) FILTER (WHERE j.kind = 'deposit'),
         COALESCE(sum(j.amount) FILTER (WHERE j.kind = 'debit'), 0), count(*) FILTER (WHERE j.kind = 'debit')
  FROM new_rows j JOIN platform.contact_accounts a ON a.id = j.account_id JOIN platform.contacts c ON c.id = a.contact_id
  WHERE NOT c.deleted AND ((j.kind = 'deposit' AND j.title = 'Deposit via API') OR (j.kind = 'debit' AND j.title = 'Debit via API'))
  GROUP BY 1, 2, 3 ORDER BY 1, 3, 2
  ON CONFLICT (bot_id, quarter, currency) DO UPDATE SET
    top_ups = q.top_ups + excluded.top_ups, top_up_count = q.top_up_count + excluded.top_up_count,
    debits = q.debits + excluded.debits, debit_count = q.debit_count + excluded.debit_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION platform.account_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE platform.account_balance_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION platform.account_movements_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE platform.account_movement_quarters;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER account_totals_insert AFTER INSERT ON platform.contact_accounts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION platform.account_totals_insert();
--> statement-breakpoint
CREATE TRIGGER account_totals_update AFTER UPDATE ON platform.contact_accounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION platform.account_totals_update();
--> statement-breakpoint
CREATE TRIGGER account_totals_delete AFTER DELETE ON platform.contact_accounts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION platform.account_totals_delete();
--> statement-breakpoint
CREATE TRIGGER account_totals_truncate AFTER TRUNCATE ON platform.contact_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION platform.account_totals_truncate();
--> statement-breakpoint
CREATE TRIGGER account_totals_contacts_update AFTER UPDATE ON platform.contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION platform.account_totals_contacts_update();
--> statement-breakpoint
CREATE TRIGGER account_totals_contact_delete BEFORE DELETE ON platform.contacts
  FOR EACH ROW EXECUTE FUNCTION platform.account_totals_contact_delete();
--> statement-breakpoint
CREATE TRIGGER account_movements_insert AFTER INSERT ON platform.account_journal
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION platform.account_movements_insert();
--> statement-breakpoint
CREATE TRIGGER account_movements_truncate AFTER TRUNCATE ON platform.account_journal
  FOR EACH STATEMENT EXECUTE FUNCTION platform.account_movements_truncate();
--> statement-breakpoint
INSERT INTO platform.account_balance_totals (bot_id, currency, balance_total, accounts, blocked_accounts)
SELECT c.bot_id, a.currency, sum(a.amount), count(*), count(a.blocked_at)
FROM platform.contact_accounts a JOIN platform.contacts c ON c.id = a.contact_id WHERE NOT c.deleted GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO platform.account_movement_quarters (bot_id, currency, quarter, top_ups, top_up_count, debits, debit_count)
SELECT c.bot_id, a.currency, floor(extract(epoch FROM j.created_at) / 900)::bigint,
       COALESCE(sum(j.amount) FILTER (WHERE j.kind = 'deposit'), 0), count(*) FILTER (WHERE j.kind = 'deposit'),
       COALESCE(sum(j.amount) FILTER (WHERE j.kind = 'debit'), 0), count(*) FILTER (WHERE j.kind = 'debit')
FROM platform.account_journal j JOIN platform.contact_accounts a ON a.id = j.account_id JOIN platform.contacts c ON c.id = a.contact_id
WHERE NOT c.deleted AND ((j.kind = 'deposit' AND j.title = 'Deposit via API') OR (j.kind = 'debit' AND j.title = 'Debit via API'))
GROUP BY 1, 2, 3;
