CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_counters_reset_idx" ON "rate_counters" USING btree ("reset_at");--> statement-breakpoint
CREATE FUNCTION "mugen_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A session ends when its row goes, or when its member is deleted (user_id set null).
  IF TG_OP = 'DELETE' OR (OLD.user_id IS NOT NULL AND NEW.user_id IS NULL) THEN
    PERFORM pg_notify('mugen_session_ended', OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_ended" AFTER DELETE OR UPDATE OF "user_id" ON "sessions" FOR EACH ROW EXECUTE FUNCTION "mugen_session_ended"();
