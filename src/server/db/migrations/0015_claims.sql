CREATE TABLE "script_checks" (
	"user_id" text NOT NULL,
	"script_hash" text NOT NULL,
	"claims" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "script_checks_user_id_script_hash_pk" PRIMARY KEY("user_id","script_hash")
);
--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "claims" jsonb;--> statement-breakpoint
ALTER TABLE "script_checks" ADD CONSTRAINT "script_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "script_checks_created_idx" ON "script_checks" USING btree ("created_at");