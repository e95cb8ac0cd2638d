ALTER TABLE "users" ADD COLUMN "ship_seeds_first_cents" integer DEFAULT 1299 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ship_seeds_additional_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ship_cutting_first_cents" integer DEFAULT 1299 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ship_cutting_additional_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ship_bare_root_first_cents" integer DEFAULT 1299 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ship_bare_root_additional_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ship_potted_first_cents" integer DEFAULT 1299 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ship_potted_additional_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "free_shipping_over_cents" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_shipping_rates_range" CHECK (least("users"."ship_seeds_first_cents", "users"."ship_seeds_additional_cents", "users"."ship_cutting_first_cents", "users"."ship_cutting_additional_cents", "users"."ship_bare_root_first_cents", "users"."ship_bare_root_additional_cents", "users"."ship_potted_first_cents", "users"."ship_potted_additional_cents") >= 0 and greatest("users"."ship_seeds_first_cents", "users"."ship_seeds_additional_cents", "users"."ship_cutting_first_cents", "users"."ship_cutting_additional_cents", "users"."ship_bare_root_first_cents", "users"."ship_bare_root_additional_cents", "users"."ship_potted_first_cents", "users"."ship_potted_additional_cents") <= 100000);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_free_shipping_over_range" CHECK ("users"."free_shipping_over_cents" is null or "users"."free_shipping_over_cents" between 0 and 10000000);