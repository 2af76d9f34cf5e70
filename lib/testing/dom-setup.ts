import { afterEach } from "vitest";
import { cleanup } from "@testing-library/react";

// Testing Library unmounts after each test only when the runner has globals; ours has none.
afterEach(cleanup);

// jsdom has no modal dialogs (components/ui/modal.tsx opens one with showModal): only the browser's two methods
// are stubbed, the dialog's open attribute as the browser sets it.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute("open", "");
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute("open");
};
