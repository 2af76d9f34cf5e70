import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { translator } from "@/lib/i18n/translate";
import { REQUIRED_COLUMNS } from "@/lib/features/adjustments/mapping";
import { ADJUSTMENT_COLUMNS } from "@/lib/features/adjustments/types";
import { FileColumns } from "./file-columns";

describe("FileColumns", () => {
  it("lists every column the reader takes, in its order, required or optional as the reader decides", () => {
    render(<FileColumns t={translator("en")} />);
    const items = screen.getAllByTestId("adjustment-column");
    expect(items.map((item) => item.getAttribute("data-column"))).toEqual([...ADJUSTMENT_COLUMNS]);
    for (const item of items) {
      const column = item.getAttribute("data-column")!;
      const required = (REQUIRED_COLUMNS as readonly string[]).includes(column);
      expect(within(item).getByText(required ? "Required" : "Optional")).toBeTruthy();
    }
    expect(items.find((item) => item.getAttribute("data-column") === "direction")?.getAttribute("data-required")).toBe("false");
  });

  it("says what each holds, the other names it is read by and an example from the sample file", () => {
    render(<FileColumns t={translator("en")} />);
    const direction = screen.getAllByTestId("adjustment-column").find((item) => item.getAttribute("data-column") === "direction")!;
    expect(direction.textContent).toContain("top_up (also top-up, topup, credit, deposit, +, пополнение, зачисление) or debit (also withdraw");
    expect(direction.textContent).toContain("Example: top_up");
    expect(direction.textContent).toContain("Also read: type, kind, operation");
    const description = screen.getAllByTestId("adjustment-column").find((item) => item.getAttribute("data-column") === "description")!;
    expect(description.textContent).toContain("up to 255 characters");
    expect(description.textContent).toContain("Example: Welcome bonus");
  });

  it("in Russian: the same columns, in Russian words", () => {
    render(<FileColumns t={translator("ru")} />);
    const amount = screen.getAllByTestId("adjustment-column").find((item) => item.getAttribute("data-column") === "amount")!;
    expect(amount.textContent).toContain("Обязательный");
    expect(amount.textContent).toContain("Пример: 25.00");
    expect(amount.textContent).toContain("Читается и как: sum, сумма");
  });
});
