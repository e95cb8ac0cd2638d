CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shipment_id" integer,
	"seller_id" integer,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_valid" CHECK ("ledger_entries"."kind" in ('charge', 'refund', 'transfer', 'transfer_reversal', 'commission', 'received_by_seller', 'refunded_by_seller')),
	CONSTRAINT "ledger_entries_amount_positive" CHECK ("ledger_entries"."amount_cents" > 0),
	CONSTRAINT "ledger_entries_provider_valid" CHECK ("ledger_entries"."provider" in ('direct', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"ref" text,
	"charge_ref" text,
	"redirect_url" text,
	"attempt" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_valid" CHECK ("payments"."provider" in ('direct', 'stripe')),
	CONSTRAINT "payments_amounts_valid" CHECK ("payments"."amount_cents" >= 0 and "payments"."captured_cents" between 0 and "payments"."amount_cents"
          and "payments"."refunded_cents" between 0 and "payments"."captured_cents")
);
--> statement-breakpoint
CREATE TABLE "shipment_settlements" (
	"shipment_id" integer PRIMARY KEY NOT NULL,
	"lines_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"commission_bp" integer NOT NULL,
	"commission_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"paid_at" timestamp with time zone,
	"transfer_state" text DEFAULT 'none' NOT NULL,
	"transfer_ref" text,
	"refund_state" text DEFAULT 'none' NOT NULL,
	"refund_ref" text,
	"lease_until" timestamp with time zone,
	CONSTRAINT "shipment_settlements_adds_up" CHECK ("shipment_settlements"."lines_cents" >= 0 and "shipment_settlements"."shipping_cents" >= 0 and "shipment_settlements"."gross_cents" = "shipment_settlements"."lines_cents" + "shipment_settlements"."shipping_cents"
          and "shipment_settlements"."commission_bp" between 0 and 5000 and "shipment_settlements"."commission_cents" >= 0
          and "shipment_settlements"."net_cents" + "shipment_settlements"."commission_cents" = "shipment_settlements"."gross_cents"),
	CONSTRAINT "shipment_settlements_transfer_state_valid" CHECK ("shipment_settlements"."transfer_state" in ('none', 'due', 'sending', 'sent', 'unresolved')),
	CONSTRAINT "shipment_settlements_refund_state_valid" CHECK ("shipment_settlements"."refund_state" in ('none', 'due', 'sending', 'sent', 'unresolved'))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_settlements" ADD CONSTRAINT "shipment_settlements_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_order_id_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_seller_id_idx" ON "ledger_entries" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_id_key" ON "payments" USING btree ("order_id");--> statement-breakpoint
-- The ledger is append-only: a money fact, once written, is never changed or removed (decision 0021).
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
-- Sums of bigint are numeric in PostgreSQL: every sum is cast back, so / and % stay whole-number arithmetic.
-- Orders placed before payments existed were settled between buyer and nursery: each shipment gets its settlement by
-- the rule of domain/payments/split.ts (shipping shared by the lines, the leftover cents to the largest remainders,
-- ties to the lower shipment id; no commission), paid when the order was placed, and each order a payment of the
-- default provider. No ledger entry is invented for them: what moved is not known.
INSERT INTO "shipment_settlements" ("shipment_id", "lines_cents", "shipping_cents", "gross_cents", "commission_bp",
                                    "commission_cents", "net_cents", "paid_at")
WITH w AS (
  SELECT s.id, s.order_id, o.shipping_cents::bigint AS sc, o.created_at,
         coalesce((SELECT sum(i.quantity::bigint * i.price_cents) FROM order_items i WHERE i.shipment_id = s.id), 0)::bigint
           AS lines
  FROM shipments s JOIN orders o ON o.id = s.order_id
), t AS (
  SELECT w.*, (sum(w.lines) OVER (PARTITION BY w.order_id))::bigint AS tot, count(*) OVER (PARTITION BY w.order_id) AS n
  FROM w
), f AS (
  SELECT t.*, CASE WHEN t.tot = 0 THEN 1 ELSE t.lines END AS wt, CASE WHEN t.tot = 0 THEN t.n ELSE t.tot END AS den
  FROM t
), g AS (
  SELECT f.*, (f.sc * f.wt) / f.den AS base, (f.sc * f.wt) % f.den AS rem FROM f
), h AS (
  SELECT g.*, g.sc - (sum(g.base) OVER (PARTITION BY g.order_id))::bigint AS leftover,
         row_number() OVER (PARTITION BY g.order_id ORDER BY g.rem DESC, g.id) AS rnk
  FROM g
), x AS (
  SELECT h.id, h.lines, h.base + CASE WHEN h.rnk <= h.leftover THEN 1 ELSE 0 END AS share, h.created_at FROM h
)
SELECT x.id, x.lines::int, x.share::int, (x.lines + x.share)::int, 0, 0, (x.lines + x.share)::int, x.created_at
FROM x;--> statement-breakpoint
INSERT INTO "payments" ("order_id", "provider", "amount_cents", "expires_at", "created_at")
SELECT o.id, 'direct', o.total_cents, o.created_at, o.created_at FROM orders o;
