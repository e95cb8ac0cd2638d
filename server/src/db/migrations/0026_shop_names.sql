-- Shop names become unique whatever their case (docs/decisions/0024-storefronts.md). A name two sellers already
-- share stays with the first to sign up; each later one gets its username after it, so no name is lost.
UPDATE "users" AS u SET "business_name" = u."business_name" || ' (' || u."username" || ')'
WHERE u."business_name" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "users" AS o WHERE lower(o."business_name") = lower(u."business_name") AND o."id" < u."id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_business_name_lower_key" ON "users" USING btree (lower("business_name"));
