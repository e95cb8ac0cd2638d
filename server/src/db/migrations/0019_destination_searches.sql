CREATE TABLE "destination_searches" (
	"state" text NOT NULL,
	"day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "destination_searches_state_day_pk" PRIMARY KEY("state","day")
);
