ALTER TABLE "tracks" ADD COLUMN "score_base" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "tracks_score_idx" ON "tracks" USING btree ("score_base" DESC NULLS FIRST,"id") WHERE "tracks"."is_visible";--> statement-breakpoint
-- The recommendation score without its clock, kept with every change of a counter or of the upload
-- time (issue 16): (plays + likes*2 + impressions*0.5) * exp((uploaded - 2025-01-01) / 30 days).
CREATE OR REPLACE FUNCTION tracks_score_base() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.score_base := (NEW.play_count + NEW.like_count * 2 + NEW.impression_count * 0.5)
    * exp((extract(epoch from NEW.uploaded_at) - 1735689600) / 2592000.0);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER tracks_score_base_trigger BEFORE INSERT OR UPDATE OF play_count, like_count, impression_count, uploaded_at ON tracks
  FOR EACH ROW EXECUTE FUNCTION tracks_score_base();--> statement-breakpoint
UPDATE tracks SET score_base = (play_count + like_count * 2 + impression_count * 0.5)
  * exp((extract(epoch from uploaded_at) - 1735689600) / 2592000.0);
