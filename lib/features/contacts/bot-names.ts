import type { Translate } from "@/lib/i18n/translate";

/** A bot as the platform's getMe lists it: its id and what people call it ("Shop bot (Online shop)"). */
export interface NamedBot {
  id: number;
  label: string;
}

/** What people call a bot: its name from getMe, else "Bot 101" (never a blank). */
export function botLabel(bots: readonly NamedBot[] | null | undefined, id: number, t: Translate): string {
  return bots?.find((bot) => bot.id === id)?.label ?? t("contacts.bot_fallback", { id });
}
