"use client";

import dynamic from "next/dynamic";
import { island } from "@/components/ui/island";

// The settings forms, rendered on the server and interactive when their code (react-hook-form, the team table) arrives,
// right after the page's own: that code is not part of the page's first load.

export const LazyTeamSection = dynamic(() => import("./team-section").then((module) => island(module.TeamSection, "team")));

export const LazyConnectionForm = dynamic(() => import("./connection-form").then((module) => island(module.ConnectionForm, "connection")));

export const LazySecurityRulesForm = dynamic(() => import("./security-rules-form").then((module) => island(module.SecurityRulesForm, "security-rules")));
