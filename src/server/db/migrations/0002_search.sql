-- Search over titles, categories, scripts and poster names. Japanese has no spaces between words, so
-- matching is by substring; pg_trgm's GIN indexes serve substring (ILIKE) queries of 3 characters and
-- more, for every script (trigrams of kana and kanji are hashed).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tracks_title_trgm_idx" ON "tracks" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tracks_category_trgm_idx" ON "tracks" USING gin ("category" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tracks_script_trgm_idx" ON "tracks" USING gin ("script" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);
