"use client";

import dynamic from "next/dynamic";

/**
 * BudgetUsage, rendered on the server (its loading line) and reading the budget when its code (react-query) arrives,
 * right after the page's own: react-query is not part of the overview's first load.
 */
export const LazyBudgetUsage = dynamic(() => import("./budget-usage").then((module) => module.BudgetUsage));
