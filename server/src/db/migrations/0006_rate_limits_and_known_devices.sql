CREATE TABLE "known_devices" (
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_devices_token_hash_user_id_pk" PRIMARY KEY("token_hash","user_id")
);
--> statement-breakpoint
-- Unlogged (edited by hand; drizzle-kit has no such option): the counters need no durability, and every write
-- from one address updates the same row, so waiting for a WAL flush while holding its lock would queue them all.
-- A crash empties the table, which only starts every window afresh.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;