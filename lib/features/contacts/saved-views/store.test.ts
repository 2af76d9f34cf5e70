import { describe, expect, test } from "vitest";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { createUser, removeUser } from "@/lib/auth/users";
import { DashboardError } from "@/lib/core/actions/errors";
import { MAX_SAVED_VIEWS, RenameViewSchema, SaveViewSchema } from "./forms";
import { createSavedView, deleteSavedView, listSavedViews, renameSavedView } from "./store";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();

const member = async () => (await createUser(database.db, { email: `viewer${uniqueId()}@example.com`, role: "support" })).user.id;
const save = (userId: number, name: string, query = "?q=ivan") => createSavedView(database.db, userId, SaveViewSchema.parse({ name, query }));

async function refusal(promise: Promise<unknown>): Promise<{ code: string; field?: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DashboardError) return { code: error.code, ...(error.field ? { field: error.field } : {}) };
    throw error;
  }
  throw new Error("expected a DashboardError");
}

describe("saved views", () => {
  test("saved views: the query is stored as the browser's serializer writes it, without the page or unknown parameters", async () => {
    const userId = await member();
    const view = await save(userId, "  Newest Ivans  ", "?page=3&q=ivan&bogus=1&sort=-created_at&size=50&bot=abc");
    expect(view).toEqual({ id: view.id, name: "Newest Ivans", query: "?q=ivan&sort=-created_at&size=50" });
    expect((await save(userId, "Everything", "")).query).toBe("");
    expect(await listSavedViews(database.db, userId)).toEqual([
      { id: expect.any(Number), name: "Everything", query: "" },
      { id: view.id, name: "Newest Ivans", query: "?q=ivan&sort=-created_at&size=50" },
    ]);
  });

  test("saved views: one member never lists, renames or deletes another's", async () => {
    const [anna, boris] = [await member(), await member()];
    const annas = await save(anna, "Mine");
    await save(boris, "Mine");
    expect((await listSavedViews(database.db, boris)).map((view) => view.id)).not.toContain(annas.id);
    expect(await refusal(renameSavedView(database.db, boris, RenameViewSchema.parse({ id: annas.id, name: "Stolen" })))).toEqual({ code: "views.not_found" });
    expect(await refusal(deleteSavedView(database.db, boris, annas.id))).toEqual({ code: "views.not_found" });
    expect(await listSavedViews(database.db, anna)).toEqual([annas]);
  });

  test("saved views: a name is unique per member, ignoring case; another member may use it; renaming checks it too", async () => {
    const [anna, boris] = [await member(), await member()];
    const vip = await save(anna, "VIP");
    const other = await save(anna, "Other");
    expect(await refusal(save(anna, "vip"))).toEqual({ code: "views.duplicate", field: "name" });
    expect(await save(boris, "vip")).toMatchObject({ name: "vip" });
    expect(await refusal(renameSavedView(database.db, anna, { id: other.id, name: "Vip" }))).toEqual({ code: "views.duplicate", field: "name" });
    // A view may take another case of its own name.
    expect(await renameSavedView(database.db, anna, { id: vip.id, name: "vip" })).toEqual({ ...vip, name: "vip" });
    await deleteSavedView(database.db, anna, vip.id);
    expect(await save(anna, "VIP")).toMatchObject({ name: "VIP" });
  });

  test(`saved views: at most ${MAX_SAVED_VIEWS} per member, also when saves race at the limit`, async () => {
    const userId = await member();
    for (let i = 1; i < MAX_SAVED_VIEWS; i++) await save(userId, `View ${i}`);
    const racing = await Promise.allSettled([save(userId, "Race A"), save(userId, "Race B"), save(userId, "Race C")]);
    expect(racing.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of racing) {
      if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "views.limit", field: "name", params: { max: MAX_SAVED_VIEWS } });
    }
    expect(await listSavedViews(database.db, userId)).toHaveLength(MAX_SAVED_VIEWS);
    expect(await refusal(save(userId, "One more"))).toEqual({ code: "views.limit", field: "name" });
    // Another member is not limited by this one's views.
    expect(await save(await member(), "View 1")).toMatchObject({ name: "View 1" });
  });

  test("saved views: a removed member's views go with them", async () => {
    const userId = await member();
    await save(userId, "Gone soon");
    await removeUser(database.db, userId);
    expect(await listSavedViews(database.db, userId)).toEqual([]);
    expect(await refusal(save(userId, "After"))).toEqual({ code: "views.not_found" });
  });

  test("saved views: the name form refuses blank and too long names with the form's keys", () => {
    expect(SaveViewSchema.safeParse({ name: "   ", query: "" }).error?.issues[0]).toMatchObject({ path: ["name"], message: "form.required" });
    expect(SaveViewSchema.safeParse({ name: "x".repeat(81), query: "" }).error?.issues[0]).toMatchObject({ path: ["name"], message: "form.too_long" });
    expect(SaveViewSchema.safeParse({ name: "x".repeat(80), query: "" }).success).toBe(true);
  });
});
