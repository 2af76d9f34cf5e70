"use client";

import dynamic from "next/dynamic";

// The settings forms, rendered on the server and interactive when their code (react-hook-form, the team table) arrives,
// right after the page's own: that code is not part of the page's first load.

export const LazyTeamSection = dynamic(() => import("./team-section").then((module) => module.TeamSection));

export const LazyConnectionForm = dynamic(() => import("./connection-form").then((module) => module.ConnectionForm));

export const LazySecurityRulesForm = dynamic(() => import("./security-rules-form").then((module) => module.SecurityRulesForm));
