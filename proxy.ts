import { withAuth } from "next-auth/middleware";

/**
 * Pages need a session: without a valid session cookie the visitor goes to
 * /login. This is the quick check; every page, action and route handler reads
 * the user (and the role) from the database again.
 */
export default withAuth({ pages: { signIn: "/login" } });

export const config = {
  // Not the APIs (the platform API has its own keys, dashboard APIs answer 401 themselves), assets and icons, the sign-in page,
  // the API reference (public: bot developers read it without an account), or a one-time link's page (its token entitles).
  matcher: ["/((?!api/|_next/|favicon\\.ico|icon\\.svg|apple-icon|robots\\.txt|login|welcome/|docs/api(?:/|$)).*)"],
};
