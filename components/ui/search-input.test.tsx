import { describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { contactBrowserParsers } from "@/lib/features/contacts/browser-params";
import { useUrlState } from "@/lib/core/url-state/use-url-state";
import { WithAppRouter } from "@/components/testing/with-app-router";
import { SEARCH_DELAY_MS, SearchInput } from "./search-input";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("SearchInput", () => {
  it("applies the text once typing pauses: one search for a word, not one per keystroke; trimmed", async () => {
    const onSearch = vi.fn();
    render(<SearchInput aria-label="Search" value={null} onSearch={onSearch} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox", { name: "Search" }), " ivan ");
    expect(onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith("ivan"));
    await pause(SEARCH_DELAY_MS + 100);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it("Enter applies at once; Escape clears and applies no search", async () => {
    const onSearch = vi.fn();
    function Harness() {
      const [value, setValue] = useState<string | null>(null);
      return (
        <SearchInput
          aria-label="Search"
          value={value}
          onSearch={(search) => {
            onSearch(search);
            setValue(search);
          }}
        />
      );
    }
    render(<Harness />);
    const user = userEvent.setup();
    const box = screen.getByRole("searchbox", { name: "Search" });
    await user.type(box, "+7 999{Enter}");
    expect(onSearch).toHaveBeenCalledExactlyOnceWith("+7 999");
    await user.type(box, "{Escape}");
    expect(box).toHaveProperty("value", "");
    expect(onSearch).toHaveBeenLastCalledWith(null);
    await act(() => pause(SEARCH_DELAY_MS + 100));
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it("shows a search applied from outside (Back, Clear filters) without applying it again", async () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchInput aria-label="Search" value="ivan" onSearch={onSearch} />);
    const box = screen.getByRole("searchbox", { name: "Search" });
    expect(box).toHaveProperty("value", "ivan");
    rerender(<SearchInput aria-label="Search" value={null} onSearch={onSearch} />);
    expect(box).toHaveProperty("value", "");
    rerender(<SearchInput aria-label="Search" value="maria" onSearch={onSearch} />);
    expect(box).toHaveProperty("value", "maria");
    await pause(SEARCH_DELAY_MS + 100);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it("in the contact browser's URL: q is written once typing pauses, and the page goes back to 1", async () => {
    function Harness() {
      const [params, setParams] = useUrlState(contactBrowserParsers);
      return <SearchInput aria-label="Search" value={params.q} onSearch={(q) => void setParams({ q, page: null })} />;
    }
    window.history.replaceState(null, "", "/contacts?bot=5&page=3");
    render(
      <WithAppRouter search="?bot=5&page=3" router={{ visited: [] }}>
        <Harness />
      </WithAppRouter>,
    );
    const replaceState = vi.spyOn(window.history, "replaceState");
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "ivan");
    await waitFor(() => expect(replaceState).toHaveBeenCalled());
    await act(() => pause(SEARCH_DELAY_MS + 100));
    expect(replaceState).toHaveBeenCalledOnce();
    expect(window.location.search).toBe("?bot=5&q=ivan");
    replaceState.mockRestore();
    window.history.replaceState(null, "", "/");
  });
});
