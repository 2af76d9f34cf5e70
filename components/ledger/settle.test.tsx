import { describe, expect, test } from "vitest";
import type { ActionError } from "@/lib/core/actions/result";
import type { LedgerFailure } from "@/lib/features/ledger/types";
import type { Placement } from "./describe";
import { settle, type SettleSteps } from "./settle";
import type { Settled } from "./use-ledger-submission";

/** Every step records its call, so a test reads the order in which the form was told. */
function recorder(options: { place?: Placement; placed?: number; handlesRefusal?: boolean } = {}) {
  const calls: string[] = [];
  const steps: SettleSteps = {
    connectionLost: () => calls.push("connectionLost"),
    answered: () => calls.push("answered"),
    refused: (error) => {
      calls.push(`refused ${error.code ?? error.kind}`);
      return options.handlesRefusal;
    },
    succeeded: (outcome) => calls.push(`succeeded ${outcome.balanceAfter}`),
    unknown: (reason) => calls.push(`unknown ${reason}`),
    failed: () => calls.push("failed"),
    place: (error) => {
      calls.push(`place ${error.code}`);
      return options.place ?? { on: "form", text: "placed text" };
    },
    pageError: (message) => calls.push(`pageError ${message}`),
    notice: (message) => calls.push(`notice ${message}`),
    fields: (fieldErrors, { shouldFocus }) => {
      calls.push(`fields ${Object.keys(fieldErrors).join(",")} focus=${shouldFocus}`);
      return options.placed ?? 1;
    },
  };
  return { calls, steps };
}

const refusal = (error: Partial<ActionError>): Settled => ({
  kind: "refused",
  error: { kind: "validation", message: "refused text", fieldErrors: {}, ...error },
});
const failure = (error: Partial<LedgerFailure> = {}): Settled => ({
  kind: "outcome",
  outcome: {
    status: "failed",
    operation: "debit",
    requestId: "r",
    replayed: false,
    error: { code: "insufficient_funds", status: 422, message: "platform text", fieldErrors: {}, ...error },
  },
});

describe("settle: one order for every ledger form", () => {
  test("a second click that sent nothing does nothing", () => {
    const { calls, steps } = recorder();
    settle(null, steps);
    expect(calls).toEqual([]);
  });

  test("no answer: only the lost connection is said, the key is kept", () => {
    const { calls, steps } = recorder();
    settle({ kind: "connection_lost" }, steps);
    expect(calls).toEqual(["connectionLost"]);
  });

  test("a refusal: field errors where they belong, else the notice; not found is the page's", () => {
    let run = recorder();
    settle(refusal({ fieldErrors: { amount: ["too big"] } }), run.steps);
    expect(run.calls).toEqual(["answered", "refused validation", "fields amount focus=false"]);

    run = recorder({ placed: 0 });
    settle(refusal({ fieldErrors: { other: ["x"] } }), run.steps);
    expect(run.calls).toEqual(["answered", "refused validation", "fields other focus=false", "notice refused text"]);

    run = recorder();
    settle(refusal({ kind: "not_found", message: "gone" }), run.steps);
    expect(run.calls).toEqual(["answered", "refused not_found", "pageError gone"]);
  });

  test("a refusal the form deals with itself (a step-up prompt) goes no further", () => {
    const { calls, steps } = recorder({ handlesRefusal: true });
    settle(refusal({ kind: "forbidden", code: "step_up_required" }), steps);
    expect(calls).toEqual(["answered", "refused step_up_required"]);
  });

  test("success and a lost answer reach their own steps", () => {
    let run = recorder();
    settle(
      { kind: "outcome", outcome: { status: "succeeded", operation: "top_up", account: null, balanceAfter: "1250", requestId: "r", replayed: false } },
      run.steps,
    );
    expect(run.calls).toEqual(["answered", "succeeded 1250"]);

    run = recorder();
    settle({ kind: "outcome", outcome: { status: "unknown", operation: "top_up", reason: "timeout", requestId: "r", replayed: false } }, run.steps);
    expect(run.calls).toEqual(["answered", "unknown timeout"]);
  });

  test("a failure is placed after the form has reacted: on the page, the form, or the fields (focused)", () => {
    let run = recorder({ place: { on: "page", text: "no access" } });
    settle(failure({ code: "forbidden", status: 403 }), run.steps);
    expect(run.calls).toEqual(["answered", "failed", "place forbidden", "pageError no access"]);

    run = recorder({ place: { on: "form", text: "blocked" } });
    settle(failure({ code: "account_blocked" }), run.steps);
    expect(run.calls).toEqual(["answered", "failed", "place account_blocked", "notice blocked"]);

    run = recorder({ place: { on: "fields", fieldErrors: { amount: ["over"] } } });
    settle(failure(), run.steps);
    expect(run.calls).toEqual(["answered", "failed", "place insufficient_funds", "fields amount focus=true"]);

    run = recorder({ place: { on: "fields", fieldErrors: { amount: ["over"] } }, placed: 0 });
    settle(failure(), run.steps);
    expect(run.calls.at(-1)).toBe("notice platform text");
  });

  test("a form without a field step shows field failures as the notice", () => {
    const { calls, steps } = recorder({ place: { on: "fields", fieldErrors: { amount: ["over"] } } });
    delete steps.fields;
    settle(failure(), steps);
    expect(calls).toEqual(["answered", "failed", "place insufficient_funds", "notice platform text"]);
  });
});
