import type { Translate } from "@/lib/i18n/translate";
import { buttonClass } from "@/components/ui/button";

/** The Activity page's downloads: the filtered trail as CSV, and the same for Excel. */
export function ActivityExport({ hrefs, t }: { hrefs: { csv: string; excel: string }; t: Translate }) {
  return (
    <div className="flex flex-wrap gap-2">
      <a className={buttonClass("secondary")} href={hrefs.csv} download data-testid="activity-export">
        {t("audit.export")}
      </a>
      <a className={buttonClass("ghost")} href={hrefs.excel} download>
        {t("audit.export_excel")}
      </a>
    </div>
  );
}
