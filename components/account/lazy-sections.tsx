"use client";

import dynamic from "next/dynamic";
import { island } from "@/components/ui/island";

// The password form, rendered on the server and interactive when its code (react-hook-form) arrives, right after the
// page's own: that code is not part of the page's first load. Its inputs wait, disabled, until then.

export const LazyPasswordForm = dynamic(() => import("./password-form").then((module) => island(module.PasswordForm, "password")));

// The two-factor section: its forms and the recovery-code list arrive after the page, like the password form.
export const LazyTwoFactorSection = dynamic(() => import("./two-factor-section").then((module) => island(module.TwoFactorSection, "two-factor")));
