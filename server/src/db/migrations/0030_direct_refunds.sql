-- A refund a nursery paid directly gives back itself (docs/decisions/0027-direct-refunds.md): when it was sent and
-- the nursery's note, on the part's settlement; the ledger's refunded_by_seller written once per part; the buyer's
-- new notification kind. Refunds the marketplace already sent by card take their date from their ledger entry.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_valid";--> statement-breakpoint
ALTER TABLE "shipment_settlements" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipment_settlements" ADD COLUMN "refund_note" text;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_one_refund_by_seller_idx" ON "ledger_entries" USING btree ("shipment_id") WHERE "ledger_entries"."kind" = 'refunded_by_seller';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_valid" CHECK ("notifications"."kind" in ('order-placed', 'shipment-shipped', 'shipment-cancelled', 'shipment-delivered', 'payment-received', 'refund-sent', 'order-received', 'order-paid', 'ship-reminder', 'mail-digest'));--> statement-breakpoint
ALTER TABLE "shipment_settlements" ADD CONSTRAINT "shipment_settlements_refund_note_length" CHECK ("shipment_settlements"."refund_note" is null or char_length("shipment_settlements"."refund_note") <= 500);--> statement-breakpoint
UPDATE "shipment_settlements" ss SET "refunded_at" = (
  SELECT min(l."created_at") FROM "ledger_entries" l WHERE l."shipment_id" = ss."shipment_id" AND l."kind" = 'refund'
) WHERE ss."refund_state" = 'sent';