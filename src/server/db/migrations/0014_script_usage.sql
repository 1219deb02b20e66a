CREATE TABLE "script_usage" (
	"user_id" text PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"day_count" integer DEFAULT 0 NOT NULL,
	"minute" integer NOT NULL,
	"minute_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "script_usage_counts_check" CHECK ("script_usage"."day_count" >= 0 and "script_usage"."minute_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "script_usage" ADD CONSTRAINT "script_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;