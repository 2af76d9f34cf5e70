CREATE TABLE "dashboard"."one_time_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" bigint NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "one_time_links_purpose_ck" CHECK ("dashboard"."one_time_links"."purpose" IN ('invite', 'reset'))
);
--> statement-breakpoint
CREATE TABLE "dashboard"."recovery_codes" (
	"user_id" bigint NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "recovery_codes_user_id_code_hash_pk" PRIMARY KEY("user_id","code_hash")
);
--> statement-breakpoint
CREATE TABLE "dashboard"."security_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"require_two_factor" boolean DEFAULT false NOT NULL,
	"step_up_thresholds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by_user_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard"."sessions" ADD COLUMN "step_up_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dashboard"."users" ADD COLUMN "password_set" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard"."users" ADD COLUMN "totp_secret_encrypted" text;--> statement-breakpoint
ALTER TABLE "dashboard"."users" ADD COLUMN "totp_enrolled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dashboard"."users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "dashboard"."one_time_links" ADD CONSTRAINT "one_time_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "dashboard"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard"."recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "dashboard"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_links_token_uq" ON "dashboard"."one_time_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "one_time_links_user_idx" ON "dashboard"."one_time_links" USING btree ("user_id");