CREATE TABLE "dashboard"."step_up_reservations" (
	"key" varchar(80) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"minor" varchar(40) NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "step_up_reservations_key_currency_pk" PRIMARY KEY("key","currency")
);
--> statement-breakpoint
CREATE INDEX "step_up_reservations_user_idx" ON "dashboard"."step_up_reservations" USING btree ("user_id","created_at");