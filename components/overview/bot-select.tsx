"use client";

import { useId, useTransition } from "react";
import { useT } from "@/components/i18n-provider";
import { Field, Select } from "@/components/ui/field";
import type { NamedBot } from "@/lib/contacts/bot-names";
import { overviewParsers } from "@/lib/overview/overview-params";
import { useUrlState } from "@/lib/url-state/use-url-state";

/** The overview's bot: all or one, by name; in the URL (`?bot=101`), and the server renders the page again for it. */
export function OverviewBotSelect({ bots }: { bots: readonly NamedBot[] }) {
  const t = useT();
  const id = useId();
  const [pending, startTransition] = useTransition();
  const [{ bot }, setParams] = useUrlState(overviewParsers, { history: "push", shallow: false, startTransition });
  return (
    <Field id={id} label={t("overview.bot")}>
      <Select
        className="min-w-48 max-w-full"
        value={bot === null ? "" : String(bot)}
        aria-busy={pending || undefined}
        data-testid="overview-bot"
        onChange={(event) => void setParams({ bot: event.target.value ? Number(event.target.value) : null })}
      >
        <option value="">{t("overview.all_bots")}</option>
        {bot !== null && !bots.some((named) => named.id === bot) ? <option value={bot}>{t("contacts.bot_fallback", { id: bot })}</option> : null}
        {bots.map((named) => (
          <option key={named.id} value={named.id}>
            {named.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
