ALTER TABLE "tracks" ADD COLUMN "title_reading" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "category_reading" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "script_reading" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_reading" text;--> statement-breakpoint
CREATE INDEX "tracks_readings_missing_idx" ON "tracks" USING btree ("id") WHERE "tracks"."title_reading" is null or "tracks"."category_reading" is null or "tracks"."script_reading" is null;--> statement-breakpoint
CREATE INDEX "users_name_reading_missing_idx" ON "users" USING btree ("id") WHERE "users"."name_reading" is null;--> statement-breakpoint
-- Search by reading (issue 20, docs/decisions/0019-search-by-reading.md). The readings are kuromoji's
-- (the offline voice's tokenizer), so the app writes them (features/search/readings.ts): existing rows
-- start NULL and the app fills them in the background after this migration. A text changed without its
-- reading gets NULL again here, so no writer can leave a wrong reading behind; until the app fills it,
-- the track is still found by what is written.
CREATE OR REPLACE FUNCTION tracks_readings_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.title IS DISTINCT FROM OLD.title AND NEW.title_reading IS NOT DISTINCT FROM OLD.title_reading THEN
    NEW.title_reading := NULL;
  END IF;
  IF NEW.category IS DISTINCT FROM OLD.category AND NEW.category_reading IS NOT DISTINCT FROM OLD.category_reading THEN
    NEW.category_reading := NULL;
  END IF;
  IF NEW.script IS DISTINCT FROM OLD.script AND NEW.script_reading IS NOT DISTINCT FROM OLD.script_reading THEN
    NEW.script_reading := NULL;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER tracks_readings_stale_trigger BEFORE UPDATE OF title, category, script ON tracks
  FOR EACH ROW EXECUTE FUNCTION tracks_readings_stale();--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_name_reading_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name AND NEW.name_reading IS NOT DISTINCT FROM OLD.name_reading THEN
    NEW.name_reading := NULL;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_name_reading_stale_trigger BEFORE UPDATE OF name ON users
  FOR EACH ROW EXECUTE FUNCTION users_name_reading_stale();--> statement-breakpoint
-- The grams of migration 0004 over the texts and their readings: every character and every pair of
-- adjacent characters, lower-cased. A 1- or 2-character term, written or read, is one `@>` lookup.
CREATE OR REPLACE FUNCTION mugen_search_grams(title text, category text, script text, title_reading text, category_reading text, script_reading text)
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 2000 AS $$
  SELECT array_remove(string_to_array(
    regexp_replace(d, '(.)', '\1 ', 'g') || regexp_replace(d, '(..)', '\1 ', 'g') || regexp_replace(substr(d, 2), '(..)', '\1 ', 'g'),
    ' '), '')
  FROM (SELECT lower(coalesce(title, '') || ' ' || coalesce(category, '') || ' ' || coalesce(script, '') || ' '
    || coalesce(title_reading, '') || ' ' || coalesce(category_reading, '') || ' ' || coalesce(script_reading, '')) AS d) AS x
$$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tracks_search_reading_grams_idx" ON "tracks"
  USING gin (mugen_search_grams("title", "category", "script", "title_reading", "category_reading", "script_reading"));--> statement-breakpoint
DROP INDEX IF EXISTS "tracks_search_grams_idx";--> statement-breakpoint
-- Poster names of 3 characters or more, by reading, as users_name_trgm_idx serves them as written.
CREATE INDEX IF NOT EXISTS "users_name_reading_trgm_idx" ON "users" USING gin ("name_reading" gin_trgm_ops);
