import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";

// The one way client code reaches zod (eslint.config.mjs forbids `zod` in "use client" modules). In the browser zod
// runs without `new Function` (its compiled fast path): the Content-Security-Policy has no 'unsafe-eval', and zod's
// probe for it would be reported as a violation. Set before anything here can parse; the server keeps the fast path.
if (typeof window !== "undefined") z.config({ jitless: true });

export { zodResolver };
