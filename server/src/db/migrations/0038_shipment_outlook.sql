ALTER TABLE "shipments" ADD COLUMN "ship_on" date;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "arrive_from" date;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "arrive_to" date;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "held_until" date;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "heat_pack" boolean DEFAULT false NOT NULL;