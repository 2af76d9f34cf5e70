import { config } from "@/lib/core/config.mjs";

/** Where the dashboard is reached: NEXTAUTH_URL, else this instance on localhost (a link printed by the CLI, a mail). */
function publicOrigin(): string {
  const { dashboard, port } = config();
  return (dashboard.authUrl ?? `http://localhost:${port}`).replace(/\/+$/, "");
}

/** The page a link opens: /welcome/<token>. */
export const linkPath = (token: string): string => `/welcome/${token}`;

export const linkUrl = (token: string, origin = publicOrigin()): string => `${origin}${linkPath(token)}`;
