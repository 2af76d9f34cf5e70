CREATE TABLE "dashboard"."platform_cache" (
	"key_hash" varchar(64) NOT NULL,
	"name" varchar(255) NOT NULL,
	"value" jsonb,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "platform_cache_key_hash_name_pk" PRIMARY KEY("key_hash","name")
);
