"use client";

import { useId, useOptimistic, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useT } from "@/components/shell/i18n-provider";
import { Field, Select } from "@/components/ui/field";
import type { NamedBot } from "@/lib/features/contacts/bot-names";

/**
 * The overview's bot: all or one, by name; in the URL (`?bot=101`), and the server renders the page again for it.
 * `bot` is the URL's as the page's loader read it (lib/features/overview/overview-params.ts), so no URL parser ships here.
 */
export function OverviewBotSelect({ bots, bot }: { bots: readonly NamedBot[]; bot: number | null }) {
  const t = useT();
  const id = useId();
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  // The choice shows at once; the server renders the page for it in this transition (pending: aria-busy).
  const [shown, setShown] = useOptimistic(bot);
  const show = (next: number | null) =>
    startTransition(() => {
      setShown(next);
      router.push(next === null ? "/" : `/?bot=${next}`, { scroll: false });
    });
  return (
    <Field id={id} label={t("overview.bot")}>
      <Select
        className="min-w-48 max-w-full"
        value={shown === null ? "" : String(shown)}
        aria-busy={pending || undefined}
        data-testid="overview-bot"
        onChange={(event) => show(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{t("overview.all_bots")}</option>
        {shown !== null && !bots.some((named) => named.id === shown) ? <option value={shown}>{t("contacts.bot_fallback", { id: shown })}</option> : null}
        {bots.map((named) => (
          <option key={named.id} value={named.id}>
            {named.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
