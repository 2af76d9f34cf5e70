CREATE SEQUENCE "platform"."contact_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "platform"."contact_bot_stats" (
	"bot_id" bigint PRIMARY KEY NOT NULL,
	"visible" bigint DEFAULT 0 NOT NULL,
	"max_id" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform"."contact_cursors" (
	"filter_hash" varchar(64) NOT NULL,
	"position" bigint NOT NULL,
	"last_id" bigint NOT NULL,
	"bot_ids" bigint[] NOT NULL,
	"versions" bigint[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contact_cursors_filter_hash_position_pk" PRIMARY KEY("filter_hash","position")
);
--> statement-breakpoint
CREATE TABLE "platform"."contact_hour_counts" (
	"bot_id" bigint NOT NULL,
	"hour" bigint NOT NULL,
	"visible" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "contact_hour_counts_bot_id_hour_pk" PRIMARY KEY("bot_id","hour")
);
--> statement-breakpoint
DROP INDEX "platform"."contacts_bot_messenger_id_uq";--> statement-breakpoint
CREATE INDEX "contact_cursors_expires_idx" ON "platform"."contact_cursors" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_bot_messenger_id_uq" ON "platform"."contacts" USING btree ("bot_id","messenger","messenger_id") WHERE NOT "platform"."contacts"."preview" AND NOT "platform"."contacts"."deleted";