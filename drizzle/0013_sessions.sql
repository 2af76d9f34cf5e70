CREATE TABLE "dashboard"."sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"session_version" integer NOT NULL,
	"address" varchar(64) NOT NULL,
	"user_agent" varchar(512) DEFAULT '' NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" varchar(32)
);
--> statement-breakpoint
ALTER TABLE "dashboard"."sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "dashboard"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_live_idx" ON "dashboard"."sessions" USING btree ("user_id","last_seen_at") WHERE "dashboard"."sessions"."ended_at" IS NULL;