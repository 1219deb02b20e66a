CREATE TABLE "listens" (
	"track_id" integer NOT NULL,
	"day" text NOT NULL,
	"user_id" text NOT NULL,
	"reached" real NOT NULL,
	"completed" boolean NOT NULL,
	"seconds" real NOT NULL,
	CONSTRAINT "listens_track_id_day_user_id_pk" PRIMARY KEY("track_id","day","user_id")
);
--> statement-breakpoint
ALTER TABLE "segues" DROP CONSTRAINT "segues_status_check";--> statement-breakpoint
DROP INDEX "segues_pair_idx";--> statement-breakpoint
ALTER TABLE "segues" ALTER COLUMN "from_track_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "segues" ADD COLUMN "seconds" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
-- A closing made before talk had lengths was spoken at about 8 s (issue 40.1).
UPDATE "segues" SET "seconds" = 8 WHERE "to_track_id" IS NULL;--> statement-breakpoint
ALTER TABLE "listens" ADD CONSTRAINT "listens_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listens" ADD CONSTRAINT "listens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listens_user_idx" ON "listens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "segues_talk_idx" ON "segues" USING btree (coalesce("from_track_id", 0),coalesce("to_track_id", 0),"seconds");--> statement-breakpoint
CREATE INDEX "segues_from_idx" ON "segues" USING btree ("from_track_id");--> statement-breakpoint
ALTER TABLE "segues" ADD CONSTRAINT "segues_status_check" CHECK ("segues"."status" in ('pending', 'ready', 'failed'));--> statement-breakpoint
-- The listens of the history recorded so far (issue 40.3): one per track, Japan day and member.
INSERT INTO "listens" ("track_id", "day", "user_id", "reached", "completed", "seconds")
SELECT "track_id", to_char("created_at" AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD'), "user_id",
  max("progress_percent"), bool_or("completed"), sum("duration")
FROM "listening_history" GROUP BY 1, 2, 3;
