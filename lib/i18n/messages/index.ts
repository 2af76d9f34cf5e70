import { accountMessages } from "./account";
import { adjustmentBatchMessages } from "./adjustment-batches";
import { adjustmentMessages } from "./adjustments";
import { adjustmentPageMessages } from "./adjustments-pages";
import { apiDocsMessages } from "./api-docs";
import { authMessages } from "./auth";
import { contactMessages } from "./contacts";
import { errorMessages } from "./errors";
import { ledgerMessages } from "./ledger";
import { linkMessages } from "./links";
import { listMessages } from "./lists";
import { overviewMessages } from "./overview";
import { pageMessages } from "./pages";
import { paletteMessages } from "./palette";
import { permissionMessages } from "./permissions";
import { settingsMessages } from "./settings";
import { shellMessages } from "./shell";
import { twoFactorMessages } from "./two-factor";

/** Every area's texts; later areas add their file here. */
const areas = [
  shellMessages,
  authMessages,
  errorMessages,
  pageMessages,
  permissionMessages,
  settingsMessages,
  listMessages,
  ledgerMessages,
  contactMessages,
  paletteMessages,
  overviewMessages,
  adjustmentMessages,
  adjustmentPageMessages,
  adjustmentBatchMessages,
  apiDocsMessages,
  accountMessages,
  twoFactorMessages,
  linkMessages,
] as const;

type Union<T> = T extends readonly (infer A)[] ? A : never;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type EnglishOf<A> = A extends { en: infer E } ? E : never;
export type MessageKey = keyof UnionToIntersection<EnglishOf<Union<typeof areas>>> & string;

function merge(lang: "en" | "ru"): Record<MessageKey, string> {
  return Object.assign({}, ...areas.map((area) => area[lang])) as Record<MessageKey, string>;
}

export const messages = { en: merge("en"), ru: merge("ru") };
export const messageAreas = areas;
