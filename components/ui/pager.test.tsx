import { describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { I18nProvider } from "@/components/shell/i18n-provider";
import { messages } from "@/lib/i18n/messages";
import { Pager } from "./pager";

const inEnglish = (ui: ReactNode) =>
  render(
    <I18nProvider locale="en" dictionary={messages.en} timeZone="UTC">
      {ui}
    </I18nProvider>,
  );
const inRussian = (ui: ReactNode) =>
  render(
    <I18nProvider locale="ru" dictionary={messages.ru} timeZone="UTC">
      {ui}
    </I18nProvider>,
  );

describe("Pager", () => {
  it("buttons: each calls onPage with its page", async () => {
    const onPage = vi.fn();
    inEnglish(<Pager page={3} pages={5} firstLast onPage={onPage} />);
    const user = userEvent.setup();
    for (const [name, page] of [
      ["First", 1],
      ["Previous", 2],
      ["Next", 4],
      ["Last", 5],
    ] as const) {
      await user.click(screen.getByRole("button", { name }));
      expect(onPage).toHaveBeenLastCalledWith(page);
    }
    expect(onPage).toHaveBeenCalledTimes(4);
  });

  it("buttons: disabled at the ends, so nothing is called there", async () => {
    const onPage = vi.fn();
    const { rerender } = inEnglish(<Pager page={1} pages={4} firstLast onPage={onPage} />);
    expect((screen.getByRole("button", { name: "First" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(false);
    await userEvent.setup().click(screen.getByRole("button", { name: "Previous" }));
    expect(onPage).not.toHaveBeenCalled();
    rerender(
      <I18nProvider locale="en" dictionary={messages.en} timeZone="UTC">
        <Pager page={4} pages={4} firstLast onPage={onPage} />
      </I18nProvider>,
    );
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Last" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("buttons: a page past the last goes back to the last page", async () => {
    const onPage = vi.fn();
    inEnglish(<Pager page={9} pages={6} onPage={onPage} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Previous" }));
    expect(onPage).toHaveBeenCalledWith(6);
  });

  it("links: prev and next point at the neighbouring pages with rel, and the ends are disabled links", () => {
    inEnglish(<Pager page={1} pages={3} firstLast hrefFor={(page) => `/activity?page=${page}`} />);
    const next = screen.getByRole("link", { name: "Next" });
    expect(next.getAttribute("href")).toBe("/activity?page=2");
    expect(next.getAttribute("rel")).toBe("next");
    expect(screen.getByRole("link", { name: "Last" }).getAttribute("href")).toBe("/activity?page=3");
    const previous = screen.getByRole("link", { name: "Previous" });
    expect(previous.getAttribute("aria-disabled")).toBe("true");
    expect(previous.hasAttribute("href")).toBe(false);
    expect(screen.getByRole("link", { name: "First" }).getAttribute("aria-disabled")).toBe("true");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("links: in the middle both neighbours are links", () => {
    inEnglish(<Pager page={2} pages={3} hrefFor={(page) => `/lists?page=${page}`} />);
    expect(screen.getByRole("link", { name: "Previous" }).getAttribute("href")).toBe("/lists?page=1");
    expect(screen.getByRole("link", { name: "Previous" }).getAttribute("rel")).toBe("prev");
    expect(screen.getByRole("link", { name: "Next" }).getAttribute("href")).toBe("/lists?page=3");
  });

  it("names its navigation (Pagination by default, or the label given) and keeps the test ids and total", () => {
    const { unmount } = inEnglish(<Pager page={2} pages={3} onPage={() => {}} testId="contacts" total={55} />);
    const nav = screen.getByRole("navigation", { name: "Pagination" });
    expect(nav.getAttribute("data-total")).toBe("55");
    expect(nav.getAttribute("data-testid")).toBe("contacts-pager");
    expect(within(nav).getByTestId("contacts-page").textContent).toBe("Page 2 of 3");
    unmount();
    inEnglish(<Pager page={2} pages={3} onPage={() => {}} label="Journal pages" />);
    expect(screen.getByRole("navigation", { name: "Journal pages" })).toBeTruthy();
  });

  it("writes the numbers in the viewer's locale", () => {
    inRussian(<Pager page={1200} pages={3400} onPage={() => {}} />);
    // Russian groups thousands with a no-break space.
    expect(screen.getByText(/^Страница 1\s200 из 3\s400$/)).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Страницы" })).toBeTruthy();
  });

  it("is not shown for a single page", () => {
    inEnglish(<Pager page={1} pages={1} onPage={() => {}} />);
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});
