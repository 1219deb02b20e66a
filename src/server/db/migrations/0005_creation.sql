CREATE TABLE "creation_previews" (
	"filename" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"script" text NOT NULL,
	"duration" real NOT NULL,
	"speaking_rate" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creation_usage" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creation_usage_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "creation_usage_count_check" CHECK ("creation_usage"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "transcript" jsonb;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "hq_filename" text;--> statement-breakpoint
ALTER TABLE "creation_previews" ADD CONSTRAINT "creation_previews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creation_usage" ADD CONSTRAINT "creation_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creation_previews_user_idx" ON "creation_previews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "creation_previews_expires_idx" ON "creation_previews" USING btree ("expires_at");