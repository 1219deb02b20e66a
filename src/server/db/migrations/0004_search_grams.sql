-- Search that stays fast on 100,000 tracks (docs/decisions/0006-search.md).
-- Trigram indexes cannot serve the 1- and 2-character terms that Japanese searches are full of (温泉,
-- 選挙, 茶). This index holds, per track, every character and every pair of adjacent characters of its
-- title, category and script (lower-cased): a term of 1 or 2 characters is found exactly with one
-- `@>` lookup, a longer one through all its pairs (then checked with ILIKE). GIN's array containment is
-- exact, so counting up to the cap never recomputes the function row by row.
CREATE OR REPLACE FUNCTION mugen_search_grams(title text, category text, script text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 1000 AS $$
  SELECT array_remove(string_to_array(
    regexp_replace(d, '(.)', '\1 ', 'g') || regexp_replace(d, '(..)', '\1 ', 'g') || regexp_replace(substr(d, 2), '(..)', '\1 ', 'g'),
    ' '), '')
  FROM (SELECT lower(coalesce(title, '') || ' ' || coalesce(category, '') || ' ' || coalesce(script, '')) AS d) AS x
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tracks_search_grams_idx" ON "tracks" USING gin (mugen_search_grams("title", "category", "script"));
--> statement-breakpoint
-- The names of a track's comma-separated categories, for the category tab and filter (`&&`).
CREATE INDEX IF NOT EXISTS "tracks_category_names_idx" ON "tracks" USING gin (regexp_split_to_array("category", '\s*,\s*'));
--> statement-breakpoint
-- The most played first, among visible tracks: how a search with more matches than the cap is walked.
CREATE INDEX IF NOT EXISTS "tracks_visible_plays_idx" ON "tracks" ("play_count" DESC, "id" DESC) WHERE "is_visible";
--> statement-breakpoint
-- Scripts are now served by the index above; this one only cost space and write time.
DROP INDEX IF EXISTS "tracks_script_trgm_idx";
