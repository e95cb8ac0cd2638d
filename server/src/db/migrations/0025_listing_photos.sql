CREATE TABLE "photo_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder" text NOT NULL,
	"renditions" jsonb NOT NULL,
	"keys" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_photos_position_valid" CHECK ("product_photos"."position" >= 0),
	CONSTRAINT "product_photos_size_valid" CHECK ("product_photos"."width" > 0 and "product_photos"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cover_keys" text[];--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_photos_product_idx" ON "product_photos" USING btree ("product_id","position","id");--> statement-breakpoint
CREATE INDEX "product_photos_keys_idx" ON "product_photos" USING gin ("keys");--> statement-breakpoint
CREATE INDEX "order_items_cover_keys_idx" ON "order_items" USING gin ("cover_keys") WHERE cover_keys is not null;