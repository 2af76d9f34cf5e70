CREATE SCHEMA "platform";
--> statement-breakpoint
CREATE SCHEMA "dashboard";
--> statement-breakpoint
CREATE SEQUENCE "platform"."contact_account_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "platform"."contact_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "platform"."account_journal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"title" varchar(255) NOT NULL,
	"amount" bigint NOT NULL,
	"description" varchar(255) NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform"."bots" (
	"id" bigint PRIMARY KEY NOT NULL,
	"project_uuid" uuid NOT NULL,
	"name" varchar(255) NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"subscriber_count" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform"."contact_accounts" (
	"id" bigint PRIMARY KEY NOT NULL,
	"contact_id" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"blocked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform"."contact_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contact_id" bigint NOT NULL,
	"direction" varchar(16) DEFAULT 'system' NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform"."contact_variables" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contact_id" bigint NOT NULL,
	"name" varchar(255) NOT NULL,
	"value" text,
	"type" smallint DEFAULT 0 NOT NULL,
	"schema_id" varchar(64),
	"deletable" boolean DEFAULT true NOT NULL,
	"payload" jsonb
);
--> statement-breakpoint
CREATE TABLE "platform"."contacts" (
	"id" bigint PRIMARY KEY NOT NULL,
	"bot_id" bigint NOT NULL,
	"messenger" varchar(16) NOT NULL,
	"messenger_id" varchar(255) NOT NULL,
	"telegram_username" varchar(255),
	"max_username" varchar(255),
	"name" varchar(255) DEFAULT '' NOT NULL,
	"phone" varchar(32),
	"email" varchar(255),
	"address" varchar(255),
	"avatar" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"preview" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "platform"."deprecations" (
	"method" varchar(64) PRIMARY KEY NOT NULL,
	"sunset" timestamp with time zone NOT NULL,
	"replacement" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "platform"."key_holders" (
	"id" bigint PRIMARY KEY NOT NULL,
	"email" varchar(255) NOT NULL,
	"name" varchar(255) NOT NULL,
	"plan" varchar(16) DEFAULT 'pro' NOT NULL,
	"api_key_hash" char(64),
	"blocked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform"."list_fields" (
	"schema_id" uuid NOT NULL,
	"slug" varchar(255) NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"type" varchar(16) NOT NULL,
	"currency" char(3),
	"is_required" boolean DEFAULT true NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"is_encryptable" boolean DEFAULT false NOT NULL,
	CONSTRAINT "list_fields_schema_id_slug_pk" PRIMARY KEY("schema_id","slug")
);
--> statement-breakpoint
CREATE TABLE "platform"."list_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schema_id" uuid NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform"."list_schemas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_uuid" uuid NOT NULL,
	"bot_id" bigint,
	"name" varchar(255) NOT NULL,
	"is_menu" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform"."project_members" (
	"project_uuid" uuid NOT NULL,
	"key_holder_id" bigint NOT NULL,
	CONSTRAINT "project_members_project_uuid_key_holder_id_pk" PRIMARY KEY("project_uuid","key_holder_id")
);
--> statement-breakpoint
CREATE TABLE "platform"."projects" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform"."rate_limit_counters" (
	"bucket" varchar(64) NOT NULL,
	"window_start" bigint NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
CREATE TABLE "dashboard"."users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" varchar(255) NOT NULL,
	"name" varchar(255) DEFAULT '' NOT NULL,
	"role" varchar(16) NOT NULL,
	"password_hash" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform"."account_journal" ADD CONSTRAINT "account_journal_account_id_contact_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "platform"."contact_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform"."bots" ADD CONSTRAINT "bots_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "platform"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform"."contact_accounts" ADD CONSTRAINT "contact_accounts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "platform"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform"."contact_messages" ADD CONSTRAINT "contact_messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "platform"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform"."contact_variables" ADD CONSTRAINT "contact_variables_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "platform"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform"."contacts" ADD CONSTRAINT "contacts_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "platform"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform"."list_fields" ADD CONSTRAINT "list_fields_schema_id_list_schemas_id_fk" FOREIGN KEY ("schema_id") REFERENCES "platform"."list_schemas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform"."list_items" ADD CONSTRAINT "list_items_schema_id_list_schemas_id_fk" FOREIGN KEY ("schema_id") REFERENCES "platform"."list_schemas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform"."list_schemas" ADD CONSTRAINT "list_schemas_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "platform"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform"."list_schemas" ADD CONSTRAINT "list_schemas_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "platform"."bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform"."project_members" ADD CONSTRAINT "project_members_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "platform"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform"."project_members" ADD CONSTRAINT "project_members_key_holder_id_key_holders_id_fk" FOREIGN KEY ("key_holder_id") REFERENCES "platform"."key_holders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform"."projects" ADD CONSTRAINT "projects_owner_id_key_holders_id_fk" FOREIGN KEY ("owner_id") REFERENCES "platform"."key_holders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_journal_account_idx" ON "platform"."account_journal" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "bots_project_idx" ON "platform"."bots" USING btree ("project_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_accounts_contact_currency_uq" ON "platform"."contact_accounts" USING btree ("contact_id","currency");--> statement-breakpoint
CREATE INDEX "contact_messages_contact_idx" ON "platform"."contact_messages" USING btree ("contact_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_variables_contact_name_uq" ON "platform"."contact_variables" USING btree ("contact_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_bot_messenger_id_uq" ON "platform"."contacts" USING btree ("bot_id","messenger","messenger_id");--> statement-breakpoint
CREATE INDEX "contacts_visible_bot_id_idx" ON "platform"."contacts" USING btree ("bot_id","id") WHERE NOT "platform"."contacts"."preview" AND NOT "platform"."contacts"."deleted";--> statement-breakpoint
CREATE INDEX "contacts_visible_bot_created_idx" ON "platform"."contacts" USING btree ("bot_id","created_at","id") WHERE NOT "platform"."contacts"."preview" AND NOT "platform"."contacts"."deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "key_holders_api_key_hash_uq" ON "platform"."key_holders" USING btree ("api_key_hash");--> statement-breakpoint
CREATE INDEX "list_fields_order_idx" ON "platform"."list_fields" USING btree ("schema_id","position");--> statement-breakpoint
CREATE INDEX "list_items_schema_idx" ON "platform"."list_items" USING btree ("schema_id","created_at","id");--> statement-breakpoint
CREATE INDEX "list_schemas_project_idx" ON "platform"."list_schemas" USING btree ("project_uuid","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_owner_idx" ON "platform"."projects" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "dashboard"."users" USING btree ("email");