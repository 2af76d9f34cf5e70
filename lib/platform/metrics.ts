import { counter, histogram } from "@/lib/core/metrics.mjs";

/** The platform API's metrics (lib/core/metrics.mjs): `method` is a method of the registry or "unknown", never a free text. */
export const apiRequests = counter("chatbot_api_requests_total", "Platform API requests answered, by API method and HTTP status.", ["method", "status"]);
export const apiRequestDuration = histogram("chatbot_api_request_duration_seconds", "Time to answer a platform API request, by API method.", ["method"]);
export const apiRateLimitRefusals = counter(
  "chatbot_api_rate_limit_refusals_total",
  "Platform API requests refused with 429 because their key holder's rate limit was reached, by API method.",
  ["method"],
);
/** too_large (413), malformed_json, malformed_form, too_deep (400). */
export const apiBodyRejections = counter(
  "chatbot_api_request_body_rejections_total",
  "Platform API request bodies refused before any method ran, by reason (too_large, malformed_json, malformed_form, too_deep).",
  ["reason"],
);
