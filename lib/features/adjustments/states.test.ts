import { describe, expect, test } from "vitest";
import { stepOf, type BatchAction, type Step } from "./states";
import { BATCH_STATUSES, type BatchStatus } from "./types";

/** Every action in every status: the whole table, so that a change to one cell is seen. */
const TABLE: Record<BatchAction, Record<BatchStatus, Step>> = {
  validate: {
    uploaded: { to: "validated" },
    validated: { to: "validated" },
    checking: { refused: "adjustments.batch.not_editable" },
    checked: { to: "validated" },
    running: { refused: "adjustments.batch.not_editable" },
    finished: { refused: "adjustments.batch.not_editable" },
    cancelled: { refused: "adjustments.batch.not_editable" },
    failed: { refused: "adjustments.batch.not_editable" },
    stopped: { refused: "adjustments.batch.not_editable" },
  },
  dry_run: {
    uploaded: { refused: "adjustments.batch.dry_run_needed" },
    validated: { to: "checking" },
    checking: { stay: true },
    checked: { to: "checking" },
    running: { refused: "adjustments.batch.already_run" },
    finished: { refused: "adjustments.batch.already_run" },
    cancelled: { refused: "adjustments.batch.ended" },
    failed: { refused: "adjustments.batch.ended" },
    stopped: { refused: "adjustments.batch.ended" },
  },
  confirm: {
    uploaded: { refused: "adjustments.batch.dry_run_needed" },
    validated: { refused: "adjustments.batch.dry_run_needed" },
    checking: { refused: "adjustments.batch.checking" },
    checked: { to: "running" },
    running: { refused: "adjustments.batch.already_run" },
    finished: { refused: "adjustments.batch.already_run" },
    cancelled: { refused: "adjustments.batch.ended" },
    failed: { refused: "adjustments.batch.ended" },
    stopped: { refused: "adjustments.batch.ended" },
  },
  cancel: {
    uploaded: { to: "cancelled" },
    validated: { to: "cancelled" },
    checking: { to: "cancelled" },
    checked: { to: "cancelled" },
    running: { flag: "cancel" },
    finished: { refused: "adjustments.batch.not_cancellable" },
    cancelled: { refused: "adjustments.batch.not_cancellable" },
    failed: { refused: "adjustments.batch.not_cancellable" },
    stopped: { refused: "adjustments.batch.not_cancellable" },
  },
};

describe("a batch's state machine", () => {
  for (const action of Object.keys(TABLE) as BatchAction[]) {
    test(`${action} in each status`, () => {
      for (const status of BATCH_STATUSES) expect([status, stepOf(status, action)]).toEqual([status, TABLE[action][status]]);
    });
  }
});
