"use client";

import dynamic from "next/dynamic";
import { island } from "@/components/ui/island";

/**
 * The contact browser, rendered on the server (the filters and the first page of the table as the URL asks) and
 * interactive when its code arrives, right after the page's own: its code (react-query, the table, filters, saved views
 * and exports) is not part of the page's first load.
 */
export const LazyContactBrowser = dynamic(() => import("./contact-browser").then((module) => island(module.ContactBrowser, "contact-browser")));
