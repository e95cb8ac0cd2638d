ALTER TABLE "users" ADD COLUMN "business_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "return_line1" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "return_line2" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "return_city" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "return_state" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "return_zip" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_return_address_whole" CHECK (num_nonnulls("users"."return_line1", "users"."return_city", "users"."return_state", "users"."return_zip") in (0, 4) and ("users"."return_line2" is null or "users"."return_line1" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_return_state_valid" CHECK ("users"."return_state" is null or "users"."return_state" in ('AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'PR', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY'));