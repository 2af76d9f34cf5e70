import { describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import type { SameFileView } from "@/lib/features/adjustments/views";
import { descriptionOf } from "@/components/testing/aria";
import { WithI18n } from "@/components/testing/with-i18n";
import { DuplicatesNote, SameFileNote } from "./notes";

const EARLIER: SameFileView[] = [
  { id: "b-12", fileName: "promo-may.csv", createdBy: "Anna Petrova", createdAt: "2026-11-20T09:00:00Z", status: "finished", ok: 2998 },
  { id: "b-9", fileName: "promo.csv", createdBy: "Boris", createdAt: "2026-11-19T09:00:00Z", status: "cancelled", ok: 1 },
];

describe("DuplicatesNote", () => {
  it("lists the groups of identical lines and how many more there are", () => {
    render(
      <WithI18n>
        <DuplicatesNote duplicates={{ items: [{ lines: [3, 7, 12] }, { lines: [1001, 1002] }], total: 5 }} />
      </WithI18n>,
    );
    expect(screen.getByText("5 groups of identical rows")).toBeTruthy();
    expect(screen.getAllByTestId("duplicate-group").map((item) => item.textContent)).toEqual(["Lines 3, 7, and 12", "Lines 1,001 and 1,002"]);
    expect(screen.getByText("…and 3 more groups.")).toBeTruthy();
  });

  it("nothing without duplicates", () => {
    const { container } = render(
      <WithI18n>
        <DuplicatesNote duplicates={{ items: [], total: 0 }} />
      </WithI18n>,
    );
    expect(container.textContent).toBe("");
  });
});

describe("SameFileNote", () => {
  it("links each earlier batch by id, and the checkbox's state is the page's", async () => {
    const onChange = vi.fn();
    function Page() {
      const [acknowledged, setAcknowledged] = useState(false);
      return (
        <SameFileNote
          earlier={EARLIER}
          acknowledged={acknowledged}
          onAcknowledgedChange={(value) => {
            onChange(value);
            setAcknowledged(value);
          }}
        />
      );
    }
    render(
      <WithI18n>
        <Page />
      </WithI18n>,
    );
    const items = screen.getAllByTestId("same-file-batch");
    expect(within(items[0]).getByRole("link", { name: "promo-may.csv" }).getAttribute("href")).toBe("/adjustments/b-12");
    expect(items[0].textContent).toBe("promo-may.csv Finished by Anna Petrova, Nov 20, 2026, 9:00 AM UTC, 2,998 rows applied");
    expect(items[1].textContent).toContain("Cancelled by Boris, Nov 19, 2026, 9:00 AM UTC, 1 row applied");
    const box = screen.getByRole("checkbox", { name: "Upload it anyway" }) as HTMLInputElement;
    expect(descriptionOf(box)).toBe("Running this batch applies its rows again, in addition to the earlier ones.");
    expect(box.checked).toBe(false);
    await userEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(box.checked).toBe(true);
  });

  it("nothing when no earlier upload has the same bytes", () => {
    const { container } = render(
      <WithI18n>
        <SameFileNote earlier={[]} acknowledged={false} onAcknowledgedChange={() => {}} />
      </WithI18n>,
    );
    expect(container.textContent).toBe("");
  });
});
