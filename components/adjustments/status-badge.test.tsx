import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import type { BatchStatus } from "@/lib/features/adjustments/views";
import type { Locale } from "@/lib/i18n/config";
import { WithI18n } from "@/components/testing/with-i18n";
import { BatchStatusBadge } from "./status-badge";

const STATUSES: BatchStatus[] = ["uploaded", "validated", "checking", "checked", "running", "finished", "cancelled", "failed"];

describe("BatchStatusBadge", () => {
  it.each(["en", "ru"] as const)("%s: every status in words of its own, coloured by how it stands", (locale: Locale) => {
    render(
      <WithI18n locale={locale}>
        {STATUSES.map((status) => (
          <BatchStatusBadge key={status} status={status} />
        ))}
      </WithI18n>,
    );
    const words = screen.getAllByTestId("batch-status").map((badge) => badge.textContent ?? "");
    expect(words.every((text) => text.length > 0 && !text.startsWith("adjustments."))).toBe(true);
    expect(new Set(words).size).toBe(STATUSES.length);
    const toneOf = (status: BatchStatus) => screen.getAllByTestId("batch-status").find((badge) => badge.dataset.status === status)!.parentElement!.className;
    expect(toneOf("finished")).toContain("text-success");
    expect(toneOf("failed")).toContain("text-danger");
    expect(toneOf("cancelled")).toContain("text-warning");
  });
});
