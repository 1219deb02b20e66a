CREATE TABLE "segues" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_track_id" integer NOT NULL,
	"to_track_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage_key" text,
	"duration" real DEFAULT 0 NOT NULL,
	"file_size" integer DEFAULT 0 NOT NULL,
	"script" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segues_status_check" CHECK ("segues"."status" in ('pending', 'ready'))
);
--> statement-breakpoint
ALTER TABLE "segues" ADD CONSTRAINT "segues_from_track_id_tracks_id_fk" FOREIGN KEY ("from_track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segues" ADD CONSTRAINT "segues_to_track_id_tracks_id_fk" FOREIGN KEY ("to_track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "segues_pair_idx" ON "segues" USING btree ("from_track_id",coalesce("to_track_id", 0));--> statement-breakpoint
CREATE INDEX "segues_to_idx" ON "segues" USING btree ("to_track_id");