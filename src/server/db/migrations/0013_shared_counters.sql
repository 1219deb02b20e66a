CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_counters_reset_idx" ON "rate_counters" USING btree ("reset_at");--> statement-breakpoint
CREATE FUNCTION "mugen_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mugen_session_ended', OLD.id::text);
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_ended" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "mugen_session_ended"();
