CREATE TABLE "seller_certificates" (
	"seller_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"expires_on" date NOT NULL,
	CONSTRAINT "seller_certificates_seller_id_kind_pk" PRIMARY KEY("seller_id","kind"),
	CONSTRAINT "seller_certificates_kind_valid" CHECK ("seller_certificates"."kind" in ('ca-nematode', 'az-nursery-inspection', 'fl-inspection', 'tx-phytosanitary'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ship_from_state" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "licence" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_states" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_certificates" ADD CONSTRAINT "seller_certificates_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ship_from_state_valid" CHECK ("users"."ship_from_state" is null or "users"."ship_from_state" in ('AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'PR', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_blocked_states_valid" CHECK ("users"."blocked_states" <@ array['AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'PR', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY']::text[]);--> statement-breakpoint
-- Hand-written: a seller whose location ends with a state's name ("Homestead, Florida") ships from that state until
-- they say otherwise on their profile; any other seller has no ship-from state, and the dashboard asks for it.
UPDATE "users" SET "ship_from_state" = s.code
FROM (VALUES ('Alabama', 'AL'), ('Alaska', 'AK'), ('Arizona', 'AZ'), ('Arkansas', 'AR'), ('California', 'CA'), ('Colorado', 'CO'), ('Connecticut', 'CT'), ('Delaware', 'DE'), ('District of Columbia', 'DC'), ('Florida', 'FL'), ('Georgia', 'GA'), ('Hawaii', 'HI'), ('Idaho', 'ID'), ('Illinois', 'IL'), ('Indiana', 'IN'), ('Iowa', 'IA'), ('Kansas', 'KS'), ('Kentucky', 'KY'), ('Louisiana', 'LA'), ('Maine', 'ME'), ('Maryland', 'MD'), ('Massachusetts', 'MA'), ('Michigan', 'MI'), ('Minnesota', 'MN'), ('Mississippi', 'MS'), ('Missouri', 'MO'), ('Montana', 'MT'), ('Nebraska', 'NE'), ('Nevada', 'NV'), ('New Hampshire', 'NH'), ('New Jersey', 'NJ'), ('New Mexico', 'NM'), ('New York', 'NY'), ('North Carolina', 'NC'), ('North Dakota', 'ND'), ('Ohio', 'OH'), ('Oklahoma', 'OK'), ('Oregon', 'OR'), ('Pennsylvania', 'PA'), ('Puerto Rico', 'PR'), ('Rhode Island', 'RI'), ('South Carolina', 'SC'), ('South Dakota', 'SD'), ('Tennessee', 'TN'), ('Texas', 'TX'), ('Utah', 'UT'), ('Vermont', 'VT'), ('Virginia', 'VA'), ('Washington', 'WA'), ('West Virginia', 'WV'), ('Wisconsin', 'WI'), ('Wyoming', 'WY')) AS s(name, code)
WHERE "users"."is_seller" AND "users"."ship_from_state" IS NULL
  AND lower(trim("users"."location")) LIKE '%, ' || lower(s.name);