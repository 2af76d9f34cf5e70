import { test as setup, expect } from "@playwright/test";
import { emailOf, signInOverHttp, storageStateOf, type Role } from "./helpers";

/** One sign-in per role over HTTP; every test reuses the saved cookies. */
for (const role of ["owner", "lead", "support"] as Role[]) {
  setup(`sign in as ${role}`, async ({ request }) => {
    const response = await signInOverHttp(request, emailOf(role));
    expect(response.status()).toBe(200);
    const me = await request.get("/api/dashboard/me");
    expect(me.status()).toBe(200);
    expect((await me.json()).role).toBe(role);
    await request.storageState({ path: storageStateOf(role) });
  });
}
