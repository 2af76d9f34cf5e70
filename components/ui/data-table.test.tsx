import { describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type ReactNode } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { I18nProvider } from "@/components/shell/i18n-provider";
import { messages } from "@/lib/i18n/messages";
import { DataTable, type DataTableProps } from "./data-table";

interface Person {
  id: number;
  name: string;
  email: string;
  balance: string;
}

const PEOPLE: Person[] = [
  { id: 1, name: "Anna", email: "anna@example.com", balance: "10.00" },
  { id: 2, name: "Boris", email: "boris@example.com", balance: "0.50" },
  { id: 3, name: "Vera", email: "vera@example.com", balance: "7.25" },
];

const columns: ColumnDef<Person, unknown>[] = [
  { id: "name", header: "Name", enableHiding: false, cell: ({ row }) => row.original.name },
  { id: "email", header: "Email", cell: ({ row }) => row.original.email },
  { id: "balance", header: () => <em>Balance</em>, meta: { label: "Balance", className: "text-right tabular-nums" }, cell: ({ row }) => row.original.balance },
];

const inEnglish = (ui: ReactNode) =>
  render(
    <I18nProvider locale="en" dictionary={messages.en} timeZone="UTC">
      {ui}
    </I18nProvider>,
  );

function People(props: Partial<DataTableProps<Person, unknown>>) {
  return <DataTable columns={columns} data={PEOPLE} getRowId={(person) => String(person.id)} caption="People" {...props} />;
}

const headers = () => screen.getAllByRole("columnheader").map((header) => header.textContent);

async function openChooser(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await user.click(screen.getByText("Columns", { selector: "summary" }));
  return screen.getByRole("group", { name: "Columns" });
}

/** The chooser's checkboxes by their labels, in order. */
const chooserLabels = (chooser: HTMLElement) =>
  within(chooser)
    .getAllByRole("checkbox")
    .map((box) => box.parentElement?.textContent);

describe("DataTable", () => {
  it("names the table by its caption, and its scroll box is a focusable region of the same name", () => {
    inEnglish(<People caption="People, page 1 of 1" />);
    const table = screen.getByRole("table", { name: "People, page 1 of 1" });
    expect(table.querySelector("caption")?.className).toContain("sr-only");
    const region = screen.getByRole("region", { name: "People, page 1 of 1" });
    expect(region.tabIndex).toBe(0);
    expect(region.contains(table)).toBe(true);
  });

  it("renders a row per item with its cells, the column's classes and its name for the card layout", () => {
    inEnglish(<People rowProps={(person) => ({ "data-testid": "person-row", "data-person": person.id })} />);
    const rows = screen.getAllByTestId("person-row");
    expect(rows.map((row) => row.getAttribute("data-person"))).toEqual(["1", "2", "3"]);
    expect(headers()).toEqual(["Name", "Email", "Balance"]);
    const balance = within(rows[1]).getByText("0.50");
    expect(balance.className).toContain("text-right");
    expect(balance.getAttribute("data-label")).toBe("Balance");
    expect(within(rows[1]).getByText("Boris").getAttribute("data-label")).toBe("Name");
  });

  it("column visibility: a hidden column's header and cells are absent", () => {
    inEnglish(<People hiddenColumns={["email"]} />);
    expect(headers()).toEqual(["Name", "Balance"]);
    expect(screen.queryByText("anna@example.com")).toBeNull();
    expect(screen.getByText("Anna")).toBeTruthy();
  });

  it("column chooser: lists only the hideable columns and toggles one off and on", async () => {
    inEnglish(<People columnChooser />);
    const user = userEvent.setup();
    const chooser = await openChooser(user);
    expect(chooserLabels(chooser)).toEqual(["Email", "Balance"]);
    await user.click(within(chooser).getByRole("checkbox", { name: "Email" }));
    expect(headers()).toEqual(["Name", "Balance"]);
    expect(screen.queryByText("boris@example.com")).toBeNull();
    await user.click(within(chooser).getByRole("checkbox", { name: "Email" }));
    expect(headers()).toEqual(["Name", "Email", "Balance"]);
    expect(screen.getByText("boris@example.com")).toBeTruthy();
  });

  it("column chooser: a press outside or Escape closes it", async () => {
    inEnglish(<People columnChooser />);
    const user = userEvent.setup();
    await openChooser(user);
    const details = screen.getByText("Columns", { selector: "summary" }).closest("details") as HTMLDetailsElement;
    expect(details.open).toBe(true);
    await user.click(within(screen.getByRole("group", { name: "Columns" })).getByRole("checkbox", { name: "Email" }));
    expect(details.open).toBe(true);
    await user.click(screen.getByText("Anna"));
    expect(details.open).toBe(false);
    await openChooser(user);
    await user.keyboard("{Escape}");
    expect(details.open).toBe(false);
  });

  it("column chooser, controlled: reports the new hidden columns in table order", async () => {
    const onHidden = vi.fn();
    function Controlled() {
      const [hidden, setHidden] = useState<string[]>(["balance"]);
      return (
        <People
          columnChooser={{ label: "Show columns" }}
          hiddenColumns={hidden}
          onHiddenColumnsChange={(next) => {
            onHidden(next);
            setHidden(next);
          }}
        />
      );
    }
    inEnglish(<Controlled />);
    const user = userEvent.setup();
    await user.click(screen.getByText("Show columns", { selector: "summary" }));
    expect((screen.getByRole("checkbox", { name: "Balance" }) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole("checkbox", { name: "Email" }));
    expect(onHidden).toHaveBeenLastCalledWith(["email", "balance"]);
    expect(headers()).toEqual(["Name"]);
  });

  it("column chooser, uncontrolled: the table keeps the choice and still reports it", async () => {
    const onHidden = vi.fn();
    inEnglish(<People columnChooser onHiddenColumnsChange={onHidden} />);
    const user = userEvent.setup();
    await user.click(screen.getByText("Columns", { selector: "summary" }));
    await user.click(screen.getByRole("checkbox", { name: "Balance" }));
    expect(onHidden).toHaveBeenLastCalledWith(["balance"]);
    await user.click(screen.getByRole("checkbox", { name: "Email" }));
    expect(onHidden).toHaveBeenLastCalledWith(["email", "balance"]);
    expect(headers()).toEqual(["Name"]);
    expect(screen.getAllByRole("row")).toHaveLength(1 + PEOPLE.length);
  });

  it("accessor columns: TanStack's defaults draw the key as the header and the value as text", () => {
    const accessors: ColumnDef<Person, unknown>[] = [
      { accessorKey: "name" },
      { accessorFn: (person) => person.balance, id: "balance", header: "Balance" },
      { accessorKey: "email", header: "Email", cell: (info) => String(info.getValue()).toUpperCase() },
    ];
    inEnglish(<People columns={accessors} />);
    expect(headers()).toEqual(["name", "Balance", "Email"]);
    const [, anna] = screen.getAllByRole("row");
    expect(
      within(anna)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Anna", "10.00", "ANNA@EXAMPLE.COM"]);
  });

  it("empty: says so in the table, with the message given or a default", () => {
    const { unmount } = inEnglish(<People data={[]} empty={<span data-testid="people-empty">No people yet.</span>} />);
    const message = screen.getByTestId("people-empty");
    expect(message.textContent).toBe("No people yet.");
    expect(message.closest("td")?.colSpan).toBe(3);
    unmount();
    inEnglish(<People data={[]} />);
    expect(screen.getByText("Nothing to show.")).toBeTruthy();
  });

  it("loading: the box is busy; without rows it shows placeholder rows, not the empty message", () => {
    const { container, unmount } = inEnglish(<People data={[]} loading empty="No people yet." />);
    expect(screen.getByRole("region", { name: "People" }).getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByText("No people yet.")).toBeNull();
    expect(container.querySelectorAll("tbody tr[data-skeleton]")).toHaveLength(3);
    unmount();
    inEnglish(<People loading />);
    expect(screen.getByRole("region", { name: "People" }).getAttribute("aria-busy")).toBe("true");
    expect(screen.getByText("Vera")).toBeTruthy();
  });

  it("not loading: the box is not busy", () => {
    inEnglish(<People />);
    expect(screen.getByRole("region", { name: "People" }).hasAttribute("aria-busy")).toBe(false);
  });

  it("paging with buttons: the pager under the table calls onPage", async () => {
    const onPage = vi.fn();
    inEnglish(<People pager={{ page: 2, pages: 3, onPage }} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(onPage).toHaveBeenLastCalledWith(1);
    expect(screen.getByRole("navigation", { name: "Pagination" }).textContent).toContain("Page 2 of 3");
  });

  it("paging with links: the pager renders the pages' addresses", () => {
    inEnglish(<People pager={{ page: 3, pages: 3, hrefFor: (page) => `/people?page=${page}` }} />);
    expect(screen.getByRole("link", { name: "Previous" }).getAttribute("href")).toBe("/people?page=2");
    expect(screen.getByRole("link", { name: "Next" }).getAttribute("aria-disabled")).toBe("true");
  });

  it("rows that open: one tab stop, arrow keys and Home/End move, Enter and a click open", async () => {
    const onOpen = vi.fn();
    inEnglish(<People onRowOpen={onOpen} rowLabel={(person) => `Open ${person.name}`} />);
    const rows = ["Anna", "Boris", "Vera"].map((name) => screen.getByRole("row", { name: `Open ${name}` }));
    expect(rows.map((row) => row.tabIndex)).toEqual([0, -1, -1]);
    const user = userEvent.setup();
    rows[0].focus();
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(rows[1]);
    expect(rows.map((row) => row.tabIndex)).toEqual([-1, 0, -1]);
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(rows[2]);
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(rows[2]);
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(rows[0]);
    await user.keyboard("{ArrowDown}{Enter}");
    expect(onOpen).toHaveBeenLastCalledWith(PEOPLE[1]);
    await user.click(screen.getByText("Vera"));
    expect(onOpen).toHaveBeenLastCalledWith(PEOPLE[2]);
  });

  it("rows without onRowOpen are not in the tab order", () => {
    inEnglish(<People rowProps={() => ({ "data-testid": "person-row" })} />);
    expect(screen.getAllByTestId("person-row").every((row) => !row.hasAttribute("tabindex"))).toBe(true);
  });

  describe("sortable headers", () => {
    const sortable: ColumnDef<Person, unknown>[] = [
      { id: "name", header: "Name", enableSorting: true, cell: ({ row }) => row.original.name },
      { id: "email", header: "Email", cell: ({ row }) => row.original.email },
      { id: "balance", header: "Balance", enableSorting: true, sortDescFirst: true, cell: ({ row }) => row.original.balance },
    ];

    it("a button in each sortable header asks for the other direction, or the column's first one; aria-sort marks the order", async () => {
      const onSort = vi.fn();
      inEnglish(<People columns={sortable} sorting={[{ id: "name", desc: false }]} sort={{ onSort }} />);
      const [name, email, balance] = screen.getAllByRole("columnheader");
      expect([name, email, balance].map((header) => header.getAttribute("aria-sort"))).toEqual(["ascending", null, null]);
      expect(within(email).queryByRole("button")).toBeNull();
      await userEvent.click(within(name).getByRole("button", { name: "Name" }));
      expect(onSort).toHaveBeenLastCalledWith("name", true);
      await userEvent.click(within(balance).getByRole("button", { name: "Balance" }));
      expect(onSort).toHaveBeenLastCalledWith("balance", true);
    });

    it("sorted descending: aria-sort descending, the button asks for ascending; the keyboard reaches it", async () => {
      const onSort = vi.fn();
      inEnglish(<People columns={sortable} sorting={[{ id: "balance", desc: true }]} sort={{ onSort }} />);
      expect(screen.getByRole("columnheader", { name: "Balance" }).getAttribute("aria-sort")).toBe("descending");
      screen.getByRole("button", { name: "Balance" }).focus();
      await userEvent.keyboard("{Enter}");
      expect(onSort).toHaveBeenLastCalledWith("balance", false);
    });

    it("the order is the caller's state: each click asks for the next order of what is shown now", async () => {
      const asked: string[] = [];
      function Sorted() {
        const [sorting, setSorting] = useState([{ id: "name", desc: false }]);
        return (
          <People
            columns={sortable}
            sorting={sorting}
            sort={{
              onSort: (id, desc) => {
                asked.push(`${id} ${desc ? "desc" : "asc"}`);
                setSorting([{ id, desc }]);
              },
            }}
          />
        );
      }
      inEnglish(<Sorted />);
      const user = userEvent.setup();
      await user.click(screen.getByRole("button", { name: "Name" }));
      await user.click(screen.getByRole("button", { name: "Name" }));
      await user.click(screen.getByRole("button", { name: "Balance" }));
      await user.click(screen.getByRole("button", { name: "Balance" }));
      expect(asked).toEqual(["name desc", "name asc", "balance desc", "balance asc"]);
      expect(screen.getByRole("columnheader", { name: "Balance" }).getAttribute("aria-sort")).toBe("ascending");
      expect(screen.getByRole("columnheader", { name: "Name" }).hasAttribute("aria-sort")).toBe(false);
      // The rows stay in the order they came in: the server sorts.
      expect(
        screen
          .getAllByRole("row")
          .slice(1)
          .map((row) => within(row).getAllByRole("cell")[0].textContent),
      ).toEqual(["Anna", "Boris", "Vera"]);
    });

    it("with hrefFor the headers are links to the orders; without a sort control they are plain text", () => {
      const { unmount } = inEnglish(
        <People
          columns={sortable}
          sorting={[{ id: "name", desc: true }]}
          sort={{ hrefFor: (id, desc) => `/people?sort=${id}&dir=${desc ? "desc" : "asc"}` }}
        />,
      );
      expect(screen.getByRole("link", { name: "Name" }).getAttribute("href")).toBe("/people?sort=name&dir=asc");
      expect(screen.getByRole("link", { name: "Balance" }).getAttribute("href")).toBe("/people?sort=balance&dir=desc");
      unmount();
      inEnglish(<People columns={sortable} sorting={[{ id: "name", desc: true }]} />);
      expect(screen.queryByRole("link")).toBeNull();
      expect(screen.queryByRole("button")).toBeNull();
      expect(screen.getByRole("columnheader", { name: "Name" }).getAttribute("aria-sort")).toBe("descending");
    });
  });
});

describe("DataTable row selection", () => {
  function Selectable({ initial = [], full = null, onOpen }: { initial?: string[]; full?: string | null; onOpen?: (person: Person) => void }) {
    const [selected, setSelected] = useState<ReadonlySet<string>>(new Set(initial));
    return (
      <>
        <output data-testid="selected">{[...selected].sort().join(",")}</output>
        <People
          onRowOpen={onOpen}
          selection={{ selected, onChange: setSelected, label: (person) => `Select ${person.name}`, pageLabel: "Select this page", full }}
        />
      </>
    );
  }

  it("a checkbox per row and one for the page: mixed when some rows are selected, all or none when clicked; the focus stays", async () => {
    const user = userEvent.setup();
    inEnglish(<Selectable initial={["2", "99"]} />);
    const page = screen.getByRole("checkbox", { name: "Select this page" }) as HTMLInputElement;
    expect(page.indeterminate).toBe(true);
    expect((screen.getByRole("checkbox", { name: "Select Boris" }) as HTMLInputElement).checked).toBe(true);
    await user.click(page);
    // Rows of other pages (99) stay selected.
    expect(screen.getByTestId("selected").textContent).toBe("1,2,3,99");
    expect(page.checked).toBe(true);
    await user.click(page);
    expect(screen.getByTestId("selected").textContent).toBe("99");
    const vera = screen.getByRole("checkbox", { name: "Select Vera" });
    await user.click(vera);
    expect(screen.getByTestId("selected").textContent).toBe("3,99");
    // The same elements stay (not mounted anew on each change), so the focus stays where the user is.
    expect(vera.isConnected && page.isConnected).toBe(true);
    expect(document.activeElement).toBe(vera);
  });

  it("the checkbox column cannot be hidden: the chooser does not list it, and hiding others keeps it", async () => {
    const user = userEvent.setup();
    function WithChooser() {
      const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
      return (
        <People columnChooser selection={{ selected, onChange: setSelected, label: (person) => `Select ${person.name}`, pageLabel: "Select this page" }} />
      );
    }
    inEnglish(<WithChooser />);
    const chooser = await openChooser(user);
    expect(chooserLabels(chooser)).toEqual(["Email", "Balance"]);
    await user.click(within(chooser).getByRole("checkbox", { name: "Email" }));
    expect(headers()).toEqual(["", "Name", "Balance"]);
    await user.click(screen.getByRole("checkbox", { name: "Select Boris" }));
    expect((screen.getByRole("checkbox", { name: "Select this page" }) as HTMLInputElement).indeterminate).toBe(true);
  });

  it("a new page of rows: the boxes show the selection of the rows now shown", async () => {
    const user = userEvent.setup();
    const OTHERS: Person[] = [{ id: 4, name: "Gleb", email: "gleb@example.com", balance: "1.00" }];
    function Paged() {
      const [selected, setSelected] = useState<ReadonlySet<string>>(new Set(["1", "2", "3"]));
      const [page, setPage] = useState(1);
      return (
        <>
          <output data-testid="selected">{[...selected].sort().join(",")}</output>
          <People
            data={page === 1 ? PEOPLE : OTHERS}
            pager={{ page, pages: 2, onPage: setPage }}
            selection={{ selected, onChange: setSelected, label: (person) => `Select ${person.name}`, pageLabel: "Select this page" }}
          />
        </>
      );
    }
    inEnglish(<Paged />);
    expect((screen.getByRole("checkbox", { name: "Select this page" }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("button", { name: "Next" }));
    const page = screen.getByRole("checkbox", { name: "Select this page" }) as HTMLInputElement;
    expect([page.checked, page.indeterminate]).toEqual([false, false]);
    await user.click(page);
    expect(screen.getByTestId("selected").textContent).toBe("1,2,3,4");
    expect((screen.getByRole("checkbox", { name: "Select Gleb" }) as HTMLInputElement).checked).toBe(true);
  });

  it("a checkbox does not open its row, by click or by key", async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    inEnglish(<Selectable onOpen={onOpen} />);
    const anna = screen.getByRole("checkbox", { name: "Select Anna" });
    await user.click(anna);
    anna.focus();
    await user.keyboard("{Enter}");
    expect(onOpen).not.toHaveBeenCalled();
    expect(screen.getByTestId("selected").textContent).toBe("1");
  });

  it("full: unselected rows cannot be added, with the reason as their title; selected ones can still be cleared", async () => {
    const user = userEvent.setup();
    inEnglish(<Selectable initial={["1"]} full="At most 1." />);
    const boris = screen.getByRole("checkbox", { name: "Select Boris" }) as HTMLInputElement;
    expect(boris.disabled).toBe(true);
    expect(boris.title).toBe("At most 1.");
    expect((screen.getByRole("checkbox", { name: "Select this page" }) as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole("checkbox", { name: "Select Anna" }));
    expect(screen.getByTestId("selected").textContent).toBe("");
  });
});
