ALTER TABLE "users" ADD COLUMN "ship_days" text[] DEFAULT '{mon,tue,wed}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "holiday_until" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "holiday_takes_orders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ship_days_valid" CHECK ("users"."ship_days" <@ array['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']::text[] and cardinality("users"."ship_days") between 1 and 7);