CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"ship_from_state" text,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"certificates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"delivered_by" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_status_valid" CHECK ("shipments"."status" in ('pending', 'shipped', 'delivered', 'cancelled')),
	CONSTRAINT "shipments_carrier_valid" CHECK ("shipments"."carrier" is null or "shipments"."carrier" in ('usps', 'ups', 'fedex', 'other')),
	CONSTRAINT "shipments_times_match_status" CHECK (("shipments"."status" in ('shipped', 'delivered')) = ("shipments"."shipped_at" is not null and "shipments"."cancelled_at" is null)
          and ("shipments"."status" = 'delivered') = ("shipments"."delivered_at" is not null)
          and ("shipments"."status" = 'cancelled') = ("shipments"."cancelled_at" is not null)),
	CONSTRAINT "shipments_delivered_by_valid" CHECK ("shipments"."delivered_by" is null or "shipments"."delivered_by" in ('buyer', 'auto')),
	CONSTRAINT "shipments_cancelled_by_valid" CHECK ("shipments"."cancelled_by" is null or "shipments"."cancelled_by" in ('buyer', 'seller'))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "shipment_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_seller_key" ON "shipments" USING btree ("order_id","seller_id");--> statement-breakpoint
CREATE INDEX "shipments_seller_status_idx" ON "shipments" USING btree ("seller_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "shipments_shipped_at_idx" ON "shipments" USING btree ("shipped_at") WHERE "shipments"."status" = 'shipped';--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_shipment_id_idx" ON "order_items" USING btree ("shipment_id");--> statement-breakpoint
-- Orders placed before shipments: one shipment per seller of each order, its status from its lines (cancelled when
-- all were, shipped when all were, else pending: something is left to ship). When they shipped or were cancelled
-- was not kept: now stands for it, so the 14-day delivery rule counts from this migration. Only buyers cancelled.
INSERT INTO "shipments" ("order_id", "seller_id", "status", "ship_from_state", "shipped_at", "cancelled_at", "cancelled_by", "created_at")
SELECT oi."order_id", p."seller_id",
       CASE WHEN bool_and(oi."status" = 'cancelled') THEN 'cancelled'
            WHEN bool_and(oi."status" = 'shipped') THEN 'shipped'
            ELSE 'pending' END,
       u."ship_from_state",
       CASE WHEN bool_and(oi."status" = 'shipped') THEN now() END,
       CASE WHEN bool_and(oi."status" = 'cancelled') THEN now() END,
       CASE WHEN bool_and(oi."status" = 'cancelled') THEN 'buyer' END,
       min(o."created_at")
FROM "order_items" oi
JOIN "orders" o ON o."id" = oi."order_id"
JOIN "products" p ON p."id" = oi."product_id"
JOIN "users" u ON u."id" = p."seller_id"
GROUP BY oi."order_id", p."seller_id", u."ship_from_state"
ORDER BY oi."order_id", min(oi."id");--> statement-breakpoint
UPDATE "order_items" oi SET "shipment_id" = s."id"
FROM "products" p, "shipments" s
WHERE p."id" = oi."product_id" AND s."order_id" = oi."order_id" AND s."seller_id" = p."seller_id";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "shipment_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "status";