-- No two members shown by names that read alike (docs/decisions/0030-display-names.md): display_names holds the key
-- of every name a member is shown by, its primary key the rule. A username's key is its lower case (usernames are
-- ASCII), which the trigger below writes for every user inserted, by whatever writer; this migration writes it for
-- the users there are. A shop name's key needs Unicode's NFKC and case folding as the app computes them
-- (displayNameKey), so the app writes it: sign-up and the profile's save, and the first start-up after this
-- migration (DisplayNames.rebuild, display_names_state empty), which renames a shop name that reads as another's
-- the way 0026 did, "Name (username)".
CREATE TABLE "display_names" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "display_names_kind_valid" CHECK ("display_names"."kind" in ('username', 'shop'))
);
--> statement-breakpoint
CREATE TABLE "display_names_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"key_version" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "display_names_state_one_row" CHECK ("display_names_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "display_names" ADD CONSTRAINT "display_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "display_names_user_kind_key" ON "display_names" USING btree ("user_id","kind");--> statement-breakpoint
CREATE FUNCTION display_names_add_usernames() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO display_names (key, user_id, kind) SELECT lower(u.username), u.id, 'username' FROM new_users u;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_display_names_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_users FOR EACH STATEMENT EXECUTE FUNCTION display_names_add_usernames();--> statement-breakpoint
INSERT INTO display_names (key, user_id, kind) SELECT lower(u.username), u.id, 'username' FROM users u;
