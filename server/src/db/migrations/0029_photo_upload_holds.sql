-- UNLOGGED by hand, as rate_limits: a hold lives for minutes, and one lost in a crash is an upload that died with it.
CREATE UNLOGGED TABLE "photo_upload_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_upload_holds" ADD CONSTRAINT "photo_upload_holds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_upload_holds_product_idx" ON "photo_upload_holds" USING btree ("product_id","expires_at");