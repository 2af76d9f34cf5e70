"use client";

import dynamic from "next/dynamic";
import { island } from "@/components/ui/island";

// Parts of the lists' pages rendered on the server and interactive when their code arrives, right after the page's own:
// that code is not part of the page's first load. Each marks itself `data-ready` once React runs it.

/** The list designer (react-hook-form, the field rows). */
export const LazyListDesigner = dynamic(() => import("./list-designer").then((module) => island(module.ListDesigner, "list-designer")));

/** A list's records (react-query, paging, the record form). */
export const LazyRecordsPanel = dynamic(() => import("./records-panel").then((module) => island(module.RecordsPanel, "records")));

/** Deleting a list, at the foot of its page. */
export const LazyDeleteListPanel = dynamic(() => import("./delete-list-panel").then((module) => island(module.DeleteListPanel, "delete-list")));
