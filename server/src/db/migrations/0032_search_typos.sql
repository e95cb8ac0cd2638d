-- A search word's typos are found by bounded edit distance (fuzzystrmatch's levenshtein_less_equal) among the known
-- words with its first letter and a length near its own, which this index reads as one range
-- (modules/catalog/search.ts, docs/decisions/0032-search-typos-and-synonyms.md). PGlite loads the extension too
-- (db/connect.ts).
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE INDEX "search_words_first_letter_idx" ON "search_words" USING btree (left("word", 1),length("word"),"word");
