ALTER TABLE "tracks" ADD COLUMN "voiced_by" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "voice_credit" text;