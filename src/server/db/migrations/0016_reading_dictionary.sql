CREATE TABLE "reading_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"surface" text NOT NULL,
	"reading" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_entries_surface_unique" UNIQUE("surface")
);
--> statement-breakpoint
CREATE TABLE "reading_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"track_id" integer NOT NULL,
	"line" integer NOT NULL,
	"text" text NOT NULL,
	"note" text,
	"user_id" text,
	"task_id" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reading_reports" ADD CONSTRAINT "reading_reports_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_reports" ADD CONSTRAINT "reading_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_reports" ADD CONSTRAINT "reading_reports_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reading_reports_member_line_idx" ON "reading_reports" USING btree ("track_id","line","user_id");--> statement-breakpoint
CREATE INDEX "reading_reports_open_idx" ON "reading_reports" USING btree ("created_at") WHERE "reading_reports"."resolved_at" is null;