CREATE TABLE "dashboard"."contact_names" (
	"contact_id" bigint PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard"."audit_entries" ADD COLUMN "contact_name" varchar(255);