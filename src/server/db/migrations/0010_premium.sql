CREATE TABLE "demo_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	"period_end" timestamp with time zone,
	CONSTRAINT "demo_payment_intents_status_check" CHECK ("demo_payment_intents"."status" in ('requires_payment_method', 'succeeded', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "premium_payments" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "premium_subscriptions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text,
	"subscription_id" text,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"current_period_end" timestamp with time zone,
	"generation" integer DEFAULT 0 NOT NULL,
	"last_event_at" timestamp with time zone,
	"resume_notice_at" timestamp with time zone,
	"resume_task_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "premium_subscriptions_provider_check" CHECK ("premium_subscriptions"."provider" in ('stripe', 'demo')),
	CONSTRAINT "premium_subscriptions_status_check" CHECK ("premium_subscriptions"."status" in ('incomplete', 'active', 'cancelling', 'paused', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "premium_paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "premium_pause_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD CONSTRAINT "demo_payment_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_payments" ADD CONSTRAINT "premium_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_subscriptions" ADD CONSTRAINT "premium_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_payment_intents_user_idx" ON "demo_payment_intents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "premium_payments_user_idx" ON "premium_payments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "premium_subscriptions_subscription_idx" ON "premium_subscriptions" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "premium_subscriptions_customer_idx" ON "premium_subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "premium_subscriptions_status_idx" ON "premium_subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
CREATE INDEX "stripe_events_received_idx" ON "stripe_events" USING btree ("received_at");