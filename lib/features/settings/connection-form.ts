import { z } from "zod";

/** Settings → platform connection. Empty base URL: the embedded platform; empty key: keep the stored one. */
export const ConnectionFormSchema = z.object({
  baseUrl: z
    .string()
    .trim()
    .max(2048)
    .refine((value) => value === "" || /^https?:\/\/[^\s/]+/i.test(value), "form.url")
    .refine((value) => value === "" || URL.canParse(value), "form.url"),
  apiKey: z.string().trim().max(512).default(""),
});
export type ConnectionForm = z.input<typeof ConnectionFormSchema>;
