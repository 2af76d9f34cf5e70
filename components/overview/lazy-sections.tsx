"use client";

import dynamic from "next/dynamic";
import { island } from "@/components/ui/island";

// The overview's parts that read data in the browser (react-query, polling), rendered on the server and live when their
// code arrives, right after the page's own: react-query is not part of the overview's first load.

/** How much of this minute's request budget is used (BudgetUsage). */
export const LazyBudgetUsage = dynamic(() => import("./budget-usage").then((module) => island(module.BudgetUsage, "budget-usage")));

/** The member's latest exports (ExportList). */
export const LazyExportList = dynamic(() => import("@/components/contacts/export-list").then((module) => island(module.ExportList, "export-list")));
