CREATE TABLE "dashboard"."platform_connections" (
	"id" smallint PRIMARY KEY NOT NULL,
	"base_url" text,
	"api_key_encrypted" text NOT NULL,
	"api_key_last4" varchar(4) NOT NULL,
	"updated_by_user_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard"."request_budgets" (
	"key_hash" varchar(64) PRIMARY KEY NOT NULL,
	"limit_per_window" integer,
	"remaining" integer,
	"window_reset_at" timestamp with time zone,
	"paused_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard"."sign_in_throttles" (
	"scope" varchar(320) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard"."users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;