CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id"),
	CONSTRAINT "payment_events_provider_valid" CHECK ("payment_events"."provider" in ('direct', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "seller_payout_accounts" (
	"seller_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_ref" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requirements" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_payout_accounts_provider_valid" CHECK ("seller_payout_accounts"."provider" in ('direct', 'stripe')),
	CONSTRAINT "seller_payout_accounts_status_valid" CHECK ("seller_payout_accounts"."status" in ('pending', 'active', 'restricted'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_valid";--> statement-breakpoint
ALTER TABLE "seller_payout_accounts" ADD CONSTRAINT "seller_payout_accounts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_payout_accounts_account_ref_key" ON "seller_payout_accounts" USING btree ("provider","account_ref");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_valid" CHECK ("notifications"."kind" in ('order-placed', 'shipment-shipped', 'shipment-cancelled', 'shipment-delivered', 'payment-received', 'order-received', 'order-paid', 'ship-reminder', 'mail-digest'));