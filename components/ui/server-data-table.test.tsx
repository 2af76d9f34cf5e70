import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { translator } from "@/lib/i18n/translate";
import { ServerDataTable } from "./server-data-table";

interface Person {
  id: number;
  name: string;
  balance: string;
}

const PEOPLE: Person[] = [
  { id: 1, name: "Anna", balance: "10.00" },
  { id: 2, name: "Boris", balance: "0.50" },
];

const columns: ColumnDef<Person, unknown>[] = [
  { id: "name", header: "Name", enableSorting: true, cell: ({ row }) => row.original.name },
  {
    id: "balance",
    header: () => <em>Balance</em>,
    meta: { label: "Balance", className: "text-right" },
    enableSorting: true,
    sortDescFirst: true,
    cell: ({ row }) => row.original.balance,
  },
  { accessorKey: "id" },
];

const en = translator("en");
/** The table of PEOPLE in English, with whatever else a test gives it. */
function People(props: Partial<ComponentProps<typeof ServerDataTable<Person>>>) {
  return <ServerDataTable t={en} locale="en" columns={columns} data={PEOPLE} getRowId={(person) => String(person.id)} caption="People" {...props} />;
}

const headers = () => screen.getAllByRole("columnheader").map((header) => header.textContent);

describe("ServerDataTable", () => {
  it("draws the rows with the engine's columns: cells, classes, card labels, TanStack's default header and cell, row attributes", () => {
    render(<People rowProps={(person) => ({ "data-testid": "person-row", "data-person": person.id })} />);
    expect(screen.getByRole("region", { name: "People" }).contains(screen.getByRole("table", { name: "People" }))).toBe(true);
    expect(headers()).toEqual(["Name", "Balance", "id"]);
    const rows = screen.getAllByTestId("person-row");
    expect(rows.map((row) => row.getAttribute("data-person"))).toEqual(["1", "2"]);
    expect(
      within(rows[1])
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Boris", "0.50", "2"]);
    const balance = within(rows[1]).getByText("0.50");
    expect([balance.className.includes("text-right"), balance.getAttribute("data-label")]).toEqual([true, "Balance"]);
    // Without sort links the headers only show the order.
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("sort links: the next order of each sortable column, aria-sort on the sorted one", () => {
    render(<People sorting={[{ id: "name", desc: false }]} sortHref={(id, desc) => `/people?sort=${id}&dir=${desc ? "desc" : "asc"}`} />);
    expect(screen.getAllByRole("columnheader").map((header) => header.getAttribute("aria-sort"))).toEqual(["ascending", null, null]);
    expect(screen.getByRole("link", { name: "Name" }).getAttribute("href")).toBe("/people?sort=name&dir=desc");
    expect(screen.getByRole("link", { name: "Balance" }).getAttribute("href")).toBe("/people?sort=balance&dir=desc");
    expect(screen.getAllByRole("link")).toHaveLength(2);
  });

  it("the link pager under the table, in the locale given; the empty message by default", () => {
    const { unmount } = render(<People t={translator("ru")} locale="ru" pager={{ page: 2, pages: 3, hrefFor: (page) => `/people?page=${page}` }} />);
    const pager = screen.getByRole("navigation");
    expect(
      within(pager)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/people?page=1", "/people?page=3"]);
    expect(pager.textContent).toContain(translator("ru")("common.page_of", { page: "2", pages: "3" }));
    unmount();
    render(<People data={[]} />);
    const message = screen.getByText("Nothing to show.");
    expect(message.closest("td")?.colSpan).toBe(3);
  });
});
