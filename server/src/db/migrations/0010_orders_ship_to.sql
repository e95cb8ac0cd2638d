ALTER TABLE "orders" ADD COLUMN "ship_to_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to_line1" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to_line2" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to_city" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to_zip" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to_phone" text;