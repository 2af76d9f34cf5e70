import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { WithI18n } from "@/components/testing/with-i18n";
import { RecordsEmpty } from "./records-empty";

describe("RecordsEmpty", () => {
  it("a member who may write: how records arrive, and the button above that adds one", () => {
    render(
      <WithI18n>
        <RecordsEmpty canAdd />
      </WithI18n>,
    );
    expect(screen.getByTestId("records-empty").textContent).toBe(
      "No records yet. Records arrive when a bot writes them through the platform, or when you add one with “Add a record” above.",
    );
  });

  it("a member who may not: how records arrive and who may add them, no button to press", () => {
    render(
      <WithI18n locale="ru">
        <RecordsEmpty canAdd={false} />
      </WithI18n>,
    );
    expect(screen.getByTestId("records-empty").textContent).toContain("владельцы и руководители могут добавить их и здесь");
    expect(screen.queryByRole("button")).toBeNull();
  });
});
