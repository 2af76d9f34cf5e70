import { describe, expect, it, vi } from "vitest";
import { act, configure, render, screen, waitFor, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import userEvent from "@testing-library/user-event";
import type { ActionResult } from "@/lib/core/actions/result";
import type { CreateListFormInput } from "@/lib/features/lists/forms/lists";
import type { SlugFromName } from "@/lib/features/lists/slug-loader";
import { slugFromName } from "@/lib/features/lists/slug";
import type { TargetDirectory } from "@/lib/features/lists/types";
import { descriptionOf } from "@/components/testing/aria";
import { WithAppRouter, type RecordedRouter } from "@/components/testing/with-app-router";
import { WithI18n } from "@/components/testing/with-i18n";
import { ListDesigner } from "./list-designer";

// The first check loads zod, and the first focus dnd-kit, by real imports (transformed on the spot): slow on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

const DIRECTORY: TargetDirectory = { projects: [{ uuid: "6f1b8a2e-3c4d-4e5f-8a9b-000000000001", name: "Online shop", bots: [] }] };
const LIST_ID = "0b7c1f52-6a41-4c55-9d0e-3f6f2b1a9c11";

type Sent = CreateListFormInput;

/**
 * The designer with the real slug suggester behind a loader the test releases: `release()` lets it arrive (as its chunk
 * would, late under load), `fail()` makes it fail to load. The action records what the form sends.
 */
function setup({ hydrate = false }: { hydrate?: boolean } = {}) {
  let release: () => void = () => {};
  let fail: () => void = () => {};
  const arrival = new Promise<SlugFromName>((resolve, reject) => {
    release = () => resolve(slugFromName);
    fail = () => reject(new Error("chunk failed"));
  });
  // Without a handler a failing load would be reported as unhandled before the designer's own handler is attached.
  arrival.catch(() => {});
  const loadSlugFromName = vi.fn(() => arrival);
  const action = vi.fn(async (_input: Sent | FormData): Promise<ActionResult<{ id: string; name: string }>> => ({
    ok: true,
    data: { id: LIST_ID, name: "Orders" },
  }));
  const router: RecordedRouter = { visited: [] };
  const designer = (
    <WithI18n>
      <WithAppRouter pathname="/lists/new" router={router}>
        <ListDesigner directory={DIRECTORY} action={action} loadSlugFromName={loadSlugFromName} />
      </WithAppRouter>
    </WithI18n>
  );
  if (hydrate) {
    // As on the page: rendered on the server, then hydrated in the browser.
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(designer);
    render(designer, { container, hydrate: true });
  } else render(designer);
  return { user: userEvent.setup(), release, fail, action, router, loadSlugFromName };
}

const row = (n: number) => screen.getByRole("group", { name: `Field ${n}` });
const input = (n: number, label: "Name" | "Slug") => within(row(n)).getByLabelText(label) as HTMLInputElement;
const sentFields = (action: ReturnType<typeof setup>["action"]) =>
  (action.mock.calls[0][0] as Sent).fields.map((field) => ({ name: field.name, slug: field.slug }));

describe("ListDesigner: slug suggestions that arrive late", () => {
  it("a click on Create list before the suggestion arrives waits for it, then sends the suggested slug", async () => {
    const { user, release, action, router } = setup();
    await user.type(screen.getByLabelText("List name"), "Orders");
    await user.type(input(1, "Name"), "Цена товара");
    expect(input(1, "Slug").value).toBe("");
    await user.click(screen.getByRole("button", { name: "Create list" }));
    // Waiting, and saying so: the button shows the pending state; nothing is sent with an empty slug, no error is shown.
    expect(screen.getByRole("button", { name: "Creating…" })).toBeTruthy();
    expect(action).not.toHaveBeenCalled();
    expect(input(1, "Slug").getAttribute("aria-invalid")).toBeNull();

    release();
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(sentFields(action)).toEqual([{ name: "Цена товара", slug: "tsena_tovara" }]);
    await waitFor(() => expect(router.visited).toEqual([`/lists/${LIST_ID}?created=1`]));
  });

  it("when the suggester fails to load, the click still answers: the empty slug is shown as missing on its row", async () => {
    const { user, fail, action } = setup();
    await user.type(screen.getByLabelText("List name"), "Orders");
    await user.type(input(1, "Name"), "Title");
    await user.click(screen.getByRole("button", { name: "Create list" }));
    fail();
    await waitFor(() => expect(input(1, "Slug").getAttribute("aria-invalid")).toBe("true"));
    expect(descriptionOf(input(1, "Slug"))).toContain("Fill in this field.");
    expect(screen.getByRole("button", { name: "Create list" })).toBeTruthy();
    expect(action).not.toHaveBeenCalled();
  });

  it("a suggestion lands on the row it was made for after the rows were reordered", async () => {
    const { user, release, action } = setup();
    await user.type(screen.getByLabelText("List name"), "Orders");
    await user.type(input(1, "Name"), "Alpha");
    await user.click(screen.getByRole("button", { name: "Add a field" }));
    await user.type(input(2, "Name"), "Beta");
    await user.click(screen.getByRole("button", { name: "Move field 2 up" }));
    await waitFor(() => expect(input(1, "Name").value).toBe("Beta"));

    release();
    await waitFor(() => expect(input(1, "Slug").value).toBe("beta"));
    expect(input(2, "Name").value).toBe("Alpha");
    expect(input(2, "Slug").value).toBe("alpha");

    await user.click(screen.getByRole("button", { name: "Create list" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(sentFields(action)).toEqual([
      { name: "Beta", slug: "beta" },
      { name: "Alpha", slug: "alpha" },
    ]);
  });

  it("a slug typed by hand before the suggestion arrives is kept", async () => {
    const { user, release, action } = setup();
    await user.type(screen.getByLabelText("List name"), "Orders");
    await user.type(input(1, "Name"), "Price");
    await user.type(input(1, "Slug"), "cost");
    await user.click(screen.getByRole("button", { name: "Create list" }));
    release();
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(sentFields(action)).toEqual([{ name: "Price", slug: "cost" }]);
    expect(input(1, "Slug").value).toBe("cost");
  });

  it("a suggestion is made against the slugs as they were when its name was typed: a later row's typed slug is the duplicate", async () => {
    const { user, release, action } = setup();
    await user.type(screen.getByLabelText("List name"), "Orders");
    await user.type(input(1, "Name"), "Code");
    await user.click(screen.getByRole("button", { name: "Add a field" }));
    await user.type(input(2, "Name"), "Other code");
    await user.type(input(2, "Slug"), "code");
    release();
    await waitFor(() => expect(input(1, "Slug").value).toBe("code"));
    await waitFor(() => expect(descriptionOf(input(2, "Slug"))).toContain("A field above already has this slug."));
    expect(descriptionOf(input(1, "Slug"))).not.toContain("A field above already has this slug.");
    await user.click(screen.getByRole("button", { name: "Create list" }));
    await waitFor(() => expect(input(2, "Slug").getAttribute("aria-invalid")).toBe("true"));
    expect(action).not.toHaveBeenCalled();
  });
});

describe("ListDesigner: drag and drop arriving while a name is typed", () => {
  it("after hydration the rows are sortable as drawn: the input being typed in is never replaced, and keeps its focus and text", async () => {
    // The server's rows carry other ids (useFieldArray makes them anew in the browser): React reports the mismatch.
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const { user } = setup({ hydrate: true });
      const first = input(1, "Name");
      expect(screen.getByRole("button", { name: "Drag field 1" }).getAttribute("aria-roledescription")).toBe("sortable");
      act(() => first.focus());
      await user.keyboard("Title");
      expect(input(1, "Name")).toBe(first);
      expect(document.activeElement).toBe(first);
      expect(first.value).toBe("Title");
    } finally {
      errors.mockRestore();
    }
    await act(async () => {});
  });
});
