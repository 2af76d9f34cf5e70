import { z } from "zod";
import { created, defineMethod, GET_POST, ok } from "../../method";
import { addIssue, integer, optional, text } from "../../validation";
import { createOrUpdateContact as upsertContact, type ApiMessenger as Messenger } from "../../contacts/upsert";
import { Contact, dataOf, NotFoundBody } from "@/lib/contract/responses";

const MAX_TEXT = 255;
const MAX_TAGS = 100;
/** `+` and digits, 9 to 16 characters including the plus. */
const PHONE_PATTERN = /^\+\d{8,15}$/;
const API_MESSENGERS = ["telegram", "max", "viber", "vk"] as const;

/** Up to `max` characters counted as code points, the way varchar(255) counts them. */
const textUpTo = (max: number) =>
  text()
    .superRefine((value, ctx) => {
      if ([...value].length > max) addIssue(ctx, [], "validation.max.string", { max });
    })
    .meta({ maxLength: max });

/** A messenger's numeric user id; a string of digits counts. */
const userId = () => integer().pipe(z.number().min(1));

/** Which parameter carries the messenger id, and its alias. */
const ID_PARAMS: Record<Messenger, { key: "telegram_id" | "max_id" | "vk_id" | "viber_id"; alias?: "max_user_id" | "vk_user_id" }> = {
  telegram: { key: "telegram_id" },
  max: { key: "max_id", alias: "max_user_id" },
  vk: { key: "vk_id", alias: "vk_user_id" },
  viber: { key: "viber_id" },
};

const CreateOrUpdateContactParamsSchema = z
  .object({
    bot_id: integer(),
    messenger: z.enum(API_MESSENGERS),
    name: textUpTo(MAX_TEXT),
    telegram_id: optional(userId()),
    telegram_username: optional(textUpTo(MAX_TEXT)),
    max_id: optional(userId()),
    max_user_id: optional(userId()),
    max_username: optional(textUpTo(MAX_TEXT)),
    vk_id: optional(userId()),
    vk_user_id: optional(userId()),
    viber_id: optional(textUpTo(MAX_TEXT)),
    phone: optional(text().regex(PHONE_PATTERN)),
    email: optional(z.email().max(MAX_TEXT)),
    address: optional(textUpTo(MAX_TEXT)),
    tags: optional(z.array(textUpTo(MAX_TEXT)).max(MAX_TAGS)),
  })
  .superRefine(
    (params, ctx) => {
      // Laravel's required_if, reported alongside every other invalid field.
      const messenger = params.messenger as string;
      if (!Object.hasOwn(ID_PARAMS, messenger)) return;
      const { key, alias } = ID_PARAMS[messenger as Messenger];
      const raw = params as Record<string, unknown>;
      if (raw[key] == null && (alias === undefined || raw[alias] == null)) {
        addIssue(ctx, [key], "contacts.required_if", { other: "messenger", value: messenger });
      }
    },
    { when: () => true },
  );
export type CreateOrUpdateContactParams = z.output<typeof CreateOrUpdateContactParamsSchema>;

function messengerIdOf(params: CreateOrUpdateContactParams): string {
  switch (params.messenger) {
    case "telegram":
      return String(params.telegram_id);
    case "max":
      return String(params.max_id ?? params.max_user_id);
    case "vk":
      return String(params.vk_id ?? params.vk_user_id);
    case "viber":
      return params.viber_id as string;
  }
}

const withoutAt = (username: string | undefined) => (username === undefined ? undefined : username.replace(/^@/, "") || undefined);

/**
 * createOrUpdateContact: 201 `{data}` when created, 200 `{data}` when the live contact
 * with that messenger id in the bot was updated; 404 with `errors.bot_id` when the bot
 * is not the holder's.
 */
export const createOrUpdateContact = defineMethod({
  verbs: GET_POST,
  params: CreateOrUpdateContactParamsSchema,
  responses: { 200: dataOf(Contact), 201: dataOf(Contact), 404: NotFoundBody },
  async handle({ db, holder, t }, params) {
    const result = await upsertContact(
      db,
      holder.id,
      {
        botId: params.bot_id,
        messenger: params.messenger,
        messengerId: messengerIdOf(params),
        name: params.name,
        telegramUsername: withoutAt(params.telegram_username),
        maxUsername: withoutAt(params.max_username),
        phone: params.phone?.slice(1),
        email: params.email,
        address: params.address,
        tags: params.tags === undefined ? undefined : [...new Set(params.tags)],
      },
      t,
    );
    return result.created ? created({ data: result.contact }) : ok({ data: result.contact });
  },
});
