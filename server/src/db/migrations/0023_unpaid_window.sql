ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_valid";--> statement-breakpoint
ALTER TABLE "shipments" DROP CONSTRAINT "shipments_cancelled_by_valid";--> statement-breakpoint
CREATE INDEX "shipments_pending_idx" ON "shipments" USING btree ("order_id") WHERE "shipments"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_valid" CHECK ("notifications"."kind" in ('order-placed', 'shipment-shipped', 'shipment-cancelled', 'shipment-delivered', 'payment-received', 'order-received', 'ship-reminder', 'mail-digest'));--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_cancelled_by_valid" CHECK ("shipments"."cancelled_by" is null or "shipments"."cancelled_by" in ('buyer', 'seller', 'system'));