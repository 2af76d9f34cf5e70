"use client";

import { useState, type ComponentProps } from "react";
import dynamic from "next/dynamic";
import type { ConfirmDialog } from "./confirm-dialog";

const ConfirmDialogView = dynamic(() => import("./confirm-dialog").then((module) => module.ConfirmDialog));

/**
 * ConfirmDialog whose code (the dialog, its form and typed-text input) loads on its first opening instead of with the
 * page: a confirmation only ever opens after a click. Once opened it stays mounted, so closing returns focus as the
 * dialog does.
 */
export function LazyConfirmDialog(props: ComponentProps<typeof ConfirmDialog>) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  return used ? <ConfirmDialogView {...props} /> : null;
}
