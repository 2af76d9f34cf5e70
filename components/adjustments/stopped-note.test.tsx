import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import type { BatchProgressView } from "@/lib/features/adjustments/views";
import { WithI18n } from "@/components/testing/with-i18n";
import { BatchStatusBadge } from "./status-badge";
import { StoppedNote } from "./stopped-note";

const PROGRESS: BatchProgressView = { total: 3000, done: 1200, ok: 1195, failed: 5, unknown: 0, cancelled: 0 };

describe("StoppedNote", () => {
  it.each([
    ["confirmer_removed", "The member who confirmed it was removed from the team."],
    ["confirmer_role", "The role of the member who confirmed it no longer allows these top-ups or debits."],
    [
      "confirmer_session_ended",
      "The session it was confirmed in was ended (by an owner, or with all of the member's sessions: a new role, password or two-factor).",
    ],
  ] as const)("stopped (%s): the reason in words and the rows never sent", (reason, text) => {
    render(
      <WithI18n>
        <StoppedNote summary={{ status: "stopped", stopReason: reason, progress: PROGRESS }} />
      </WithI18n>,
    );
    expect(screen.getByText("The run was stopped")).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByText("1,800 rows were not sent and never will be: to make them, upload them in a new file.")).toBeTruthy();
  });

  it("in Russian, with the status badge", () => {
    render(
      <WithI18n locale="ru">
        <BatchStatusBadge status="stopped" />
        <StoppedNote summary={{ status: "stopped", stopReason: "confirmer_role", progress: { ...PROGRESS, done: 2999 } }} />
      </WithI18n>,
    );
    expect(screen.getByTestId("batch-status").textContent).toBe("Остановлен");
    expect(screen.getByText("Выполнение остановлено")).toBeTruthy();
    expect(screen.getByText("Роль участника, подтвердившего пакет, больше не позволяет эти начисления или списания.")).toBeTruthy();
    expect(screen.getByText("1 строка не отправлена и уже не будет: чтобы выполнить её, загрузите её в новом файле.")).toBeTruthy();
  });

  it("a batch that was not stopped shows nothing", () => {
    const { container } = render(
      <WithI18n>
        <StoppedNote summary={{ status: "finished", stopReason: null, progress: PROGRESS }} />
      </WithI18n>,
    );
    expect(container.textContent).toBe("");
  });
});
