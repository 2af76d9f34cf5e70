import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { getContacts, getNumberOfContacts } from "@/lib/api";
import { loadFromPlatform } from "@/lib/dashboard/platform";
import { formatCount, formatTimestamp, parsePage } from "@/lib/dashboard/format";
import { getLocale, getTranslator } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui/card";
import { Table, td, th } from "@/components/ui/table";
import { PlatformProblem } from "@/components/platform-problem";
import { Pagination } from "@/components/pagination";

const PER_PAGE = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("contacts.title") };
}

/** The first look at contacts: the total and one page, straight from the platform. */
export default async function ContactsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [user, t, locale, params] = await Promise.all([requireUser(), getTranslator(), getLocale(), searchParams]);
  const page = parsePage(params.page);
  const result = await loadFromPlatform(async (api) => {
    const [total, contacts] = await Promise.all([getNumberOfContacts(api), getContacts(api, { page, count: PER_PAGE })]);
    return { total, contacts };
  });
  if (!result.ok) {
    return (
      <>
        <PageHeader title={t("contacts.title")} />
        <PlatformProblem error={result.error} canConfigure={can(user.role, "settings.manage")} t={t} />
      </>
    );
  }
  const { total, contacts } = result.data;
  return (
    <>
      <PageHeader title={t("contacts.title")}>
        <span data-testid="contacts-total">{t("contacts.total", { count: formatCount(total, locale) })}</span>
      </PageHeader>
      {contacts.data.length === 0 ? (
        <p className="rounded-lg border border-border bg-surface p-6 text-muted">{t("contacts.empty")}</p>
      ) : (
        <Table
          caption={t("contacts.table", { page: contacts.meta.current_page })}
          head={
            <>
              <th scope="col" className={th}>{t("contacts.id")}</th>
              <th scope="col" className={th}>{t("contacts.name")}</th>
              <th scope="col" className={th}>{t("contacts.messenger")}</th>
              <th scope="col" className={th}>{t("contacts.phone")}</th>
              <th scope="col" className={th}>{t("contacts.created")}</th>
            </>
          }
        >
          {contacts.data.map((contact) => (
            <tr key={contact.id}>
              <td className={`${td} font-mono`}>{contact.id}</td>
              <td className={td}>{contact.name || t("common.none")}</td>
              <td className={td}>{contact.messenger}</td>
              <td className={`${td} font-mono`}>{contact.phone ?? t("common.none")}</td>
              <td className={`${td} whitespace-nowrap`}>{formatTimestamp(contact.created_at, locale)}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pagination page={contacts.meta.current_page} pages={contacts.meta.last_page} hrefFor={(p) => `/contacts?page=${p}`} t={t} />
    </>
  );
}
