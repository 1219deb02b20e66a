ALTER TABLE "creation_previews" ADD COLUMN "task_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "creation_previews_task_idx" ON "creation_previews" USING btree ("task_id");