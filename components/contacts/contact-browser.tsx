"use client";

import { useCallback, useId, useState, useTransition, type ReactNode } from "react";
import { useI18n } from "@/components/shell/i18n-provider";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/types";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import {
  contactBrowserParsers,
  DEFAULT_CONTACT_SORT,
  hasFilters,
  NO_FILTERS,
  PAGE_SIZES,
  viewQueryOf,
  type PageSize,
  type ContactBrowserParams,
} from "@/lib/features/contacts/browser-params";
import type { SavedView } from "@/lib/features/contacts/saved-views/forms";
import type { ContactColumn } from "@/lib/features/contacts/columns";
import type { ContactPageView } from "@/lib/features/contacts/rows";
import type { ActionError } from "@/lib/core/actions/result";
import { saveHiddenColumnsAction } from "@/lib/features/contacts/actions";
import { ContactFilters, type BotOption } from "./contact-filters";
import { ContactsTable } from "./contacts-table";
import { ExportPanel, ExportsSection } from "./export-panel";
import { SavedViews } from "./saved-views";
import { describeFilters, formatNumber } from "./format";
import { ApiError } from "@/lib/core/actions/fetch-json";
import { useContactPage } from "@/lib/features/contacts/use-contacts";
import { useUrlState } from "@/lib/core/url-state/use-url-state";
import { MAX_SELECTED_CONTACTS } from "@/lib/features/contacts/export/limits";
import { callAction } from "@/lib/core/actions/call-action";

const NOTHING_SELECTED: ReadonlySet<string> = new Set();

export interface ContactBrowserProps {
  /** What the server rendered with: the URL as its loader parsed it, the zone of the `tz` cookie, and the page (or the failure). */
  initial: { params: ContactBrowserParams; timeZone: string; data: ContactPageView | null; error: ActionError | null };
  hiddenColumns: ContactColumn[];
  /** From getMe; null when the platform does not list its bots (then a bot id is typed). */
  bots: BotOption[] | null;
  /** Whether the platform searches text (the `search` extension, lib/api hasContactSearch). */
  searchSupported: boolean;
  /** Why the member may not export (their role), or null when they may. */
  exportDenied: string | null;
  /** The member's saved views (dashboard.saved_views). */
  savedViews: SavedView[];
  /** When the platform data was fetched ("As of 12:03 · Refresh"), shown beside the count. */
  stamp?: ReactNode;
}

/**
 * The contact browser: the URL is the state (useUrlState, with the parser map the
 * server loader uses), react-query loads each page through the route handler
 * and keeps the previous page on screen while the next one loads.
 */
export function ContactBrowser({ initial, hiddenColumns, bots, searchSupported, exportDenied, savedViews, stamp }: ContactBrowserProps) {
  const { t, locale, timeZone } = useI18n();
  const [params, setParams] = useUrlState(contactBrowserParsers, { history: "push" });
  const { query, isInitialPage } = useContactPage(params, timeZone, initial);
  const filters = { q: params.q, bot: params.bot, from: params.from, to: params.to };
  const botName = useCallback((id: number) => bots?.find((bot) => bot.id === id)?.label ?? String(id), [bots]);
  const data = query.data;
  const error =
    query.error instanceof ApiError
      ? query.error.error
      : query.error
        ? ({ kind: "server", message: t("contacts.load_failed"), fieldErrors: {} } as ActionError)
        : null;
  const shownError = error ?? (!data && isInitialPage ? initial.error : null);
  const loadingNext = query.isFetching && (query.isPlaceholderData || !data);
  const reversed = params.from !== null && params.to !== null && params.from > params.to;

  const clearFilters = () => void setParams({ ...NO_FILTERS, page: null });
  // Rows picked for an export, kept across pages and sizes; a change of filters starts a new selection.
  const filterKey = JSON.stringify(filters);
  const [picked, setPicked] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: filterKey, ids: new Set() });
  const selected = picked.key === filterKey ? picked.ids : NOTHING_SELECTED;
  const selectedIds = [...selected].map(Number);
  const setSelected = (ids: ReadonlySet<string>) => setPicked({ key: filterKey, ids });
  const [hidden, setHidden] = useState(hiddenColumns);
  const [, startSaving] = useTransition();
  const changeHidden = (next: ContactColumn[]) => {
    setHidden(next);
    startSaving(async () => {
      // A preference: when it does not get through, the columns stay as chosen on this page and nothing else is lost.
      await callAction(saveHiddenColumnsAction, { hidden: next }, t);
    });
  };

  return (
    <div className="space-y-3" data-testid="contact-browser">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="min-w-0 text-xl font-semibold tracking-tight wrap-anywhere sm:text-2xl">{t("contacts.title")}</h1>
        <SavedViews initialViews={savedViews} currentQuery={viewQueryOf(params)} />
        <div className="ml-auto">
          <ExportPanel
            filters={filters}
            timeZone={timeZone}
            total={reversed ? 0 : (data?.exportTotal ?? null)}
            withSearch={data?.search?.applied === "platform"}
            denied={exportDenied}
            botName={botName}
            selected={selectedIds}
            onExported={() => setSelected(NOTHING_SELECTED)}
          />
        </div>
      </div>
      <ContactFilters
        filters={filters}
        searchSupported={searchSupported}
        onSearch={(q) => void setParams({ q, page: null })}
        bots={bots}
        timeZone={timeZone}
        hiddenColumns={hidden}
        onHiddenColumns={changeHidden}
        onFilters={(next) => void setParams({ ...next, page: null })}
        onClear={clearFilters}
        botName={botName}
      />
      <div className="flex min-h-5 flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <p className="font-medium" data-testid="contacts-total" aria-live="polite">
          {data ? countText(data, t, locale) : "\u00a0"}
        </p>
        {stamp}
        {data?.search && data.search.applied !== "platform" ? (
          <p className="text-muted" data-testid="contacts-search-note">
            {data.search.applied === "id" ? t("contacts.search_by_id", { query: data.search.text }) : t("contacts.search_not_applied")}
          </p>
        ) : null}
        {data && !data.sortable && params.sort !== DEFAULT_CONTACT_SORT ? (
          <p className="text-muted" data-testid="contacts-sort-note">
            {t("contacts.sort_not_available")}
          </p>
        ) : null}
        {selected.size > 0 ? (
          <p className="flex flex-wrap items-center gap-x-2" data-testid="contacts-selected">
            <span>{t("contacts.select.count", { count: formatNumber(selected.size, locale) })}</span>
            <button type="button" className="underline" onClick={() => setSelected(NOTHING_SELECTED)}>
              {t("contacts.select.clear")}
            </button>
          </p>
        ) : null}
        <p className="text-muted" role="status" aria-live="polite">
          {loadingNext ? t("contacts.loading_page") : ""}
        </p>
        <PageSizeSelect size={params.size} onSize={(size) => void setParams({ size, page: null })} />
      </div>
      {shownError ? (
        <Alert tone="danger" title={t("contacts.load_failed")} live>
          <p>{shownError.message}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
            {t("contacts.retry")}
          </Button>
        </Alert>
      ) : null}
      {data ? (
        data.rows.length > 0 ? (
          <ContactsTable
            view={data}
            hiddenColumns={hidden}
            timeZone={timeZone}
            bots={bots}
            busy={loadingNext}
            sort={data.sortable ? params.sort : DEFAULT_CONTACT_SORT}
            onSort={data.sortable ? (sort) => void setParams({ sort, page: null }) : undefined}
            onPage={(page) => void setParams({ page: page === 1 ? null : page })}
            selection={
              data.selectable && exportDenied === null
                ? {
                    selected,
                    onChange: setSelected,
                    full: selected.size >= MAX_SELECTED_CONTACTS ? t("contacts.select.full", { max: formatNumber(MAX_SELECTED_CONTACTS, locale) }) : null,
                  }
                : undefined
            }
          />
        ) : (
          <EmptyResult
            reason={reversed ? "reversed" : params.page > data.lastPage && data.total > 0 ? "page" : hasFilters(filters) ? "filtered" : "none"}
            summary={describeFilters(filters, t, locale, botName) ?? ""}
            page={params.page}
            lastPage={data.lastPage}
            onClear={clearFilters}
            onFirstPage={() => void setParams({ page: null })}
          />
        )
      ) : null}
      {exportDenied === null ? <ExportsSection botName={botName} /> : null}
    </div>
  );
}

/** How many rows a page has, at the end of the count's line (beside what it counts). */
function PageSizeSelect({ size, onSize }: { size: PageSize; onSize: (size: PageSize) => void }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <Field id={id} label={t("contacts.page_size")} hideLabel className="ml-auto">
      <Select className="w-auto! py-1!" value={String(size)} onChange={(event) => onSize(Number(event.target.value) as PageSize)}>
        {PAGE_SIZES.map((value) => (
          <option key={value} value={value}>
            {t("contacts.page_size_option", { count: value })}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** "12,345 contacts", or with a search the platform (or an id lookup) applied, "12 contacts match “ivan”". */
function countText(data: ContactPageView, t: Translate, locale: Locale): string {
  const count = formatNumber(data.total, locale);
  return data.search && data.search.applied !== "none" ? t("contacts.matches", { count, query: data.search.text }) : t("contacts.total", { count });
}

function EmptyResult({
  reason,
  summary,
  page,
  lastPage,
  onClear,
  onFirstPage,
}: {
  reason: "reversed" | "page" | "filtered" | "none";
  summary: string;
  page: number;
  lastPage: number;
  onClear: () => void;
  onFirstPage: () => void;
}) {
  const { t } = useI18n();
  const text =
    reason === "reversed"
      ? t("contacts.empty_range_reversed")
      : reason === "page"
        ? t("contacts.empty_page", { page, last: lastPage })
        : reason === "filtered"
          ? t("contacts.empty_filtered", { summary })
          : t("contacts.empty");
  return (
    <div className="rounded-lg border border-border bg-surface p-6" data-testid="contacts-empty" data-reason={reason}>
      <p>{text}</p>
      {reason === "page" ? (
        <Button variant="secondary" className="mt-3" onClick={onFirstPage}>
          {t("contacts.first_page")}
        </Button>
      ) : reason === "none" ? null : (
        <Button variant="secondary" className="mt-3" onClick={onClear}>
          {t("contacts.filter.clear")}
        </Button>
      )}
    </div>
  );
}
