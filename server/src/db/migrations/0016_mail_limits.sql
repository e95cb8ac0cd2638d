ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_valid";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_email_status_valid";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_mailed_idx" ON "notifications" USING btree ("user_id","mailed_at") WHERE "notifications"."mailed_at" is not null;--> statement-breakpoint
CREATE INDEX "notifications_held_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."email_status" = 'held';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_valid" CHECK ("notifications"."kind" in ('order-placed', 'shipment-shipped', 'shipment-cancelled', 'shipment-delivered', 'order-received', 'ship-reminder', 'mail-digest'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_email_status_valid" CHECK ("notifications"."email_status" in ('pending', 'sent', 'failed', 'off', 'held', 'digested'));