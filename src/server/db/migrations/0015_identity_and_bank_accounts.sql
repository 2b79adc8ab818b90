CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"market" text NOT NULL,
	"bank_code" text NOT NULL,
	"account_sealed" text NOT NULL,
	"account_last4" text NOT NULL,
	"account_lookup" text NOT NULL,
	"holder_name" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"provider_ref" text,
	"verified_at" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_status" CHECK (status in ('verified', 'review', 'refused', 'replaced')),
	CONSTRAINT "bank_accounts_last4" CHECK (account_last4 ~ '^[0-9]{4}$'),
	CONSTRAINT "bank_accounts_sealed" CHECK (account_sealed ~ '^v1\.')
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"text_version" text NOT NULL,
	"granted" boolean NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_purpose" CHECK (purpose in ('location', 'device'))
);
--> statement-breakpoint
CREATE TABLE "verification_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"step" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"actor" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"market" text NOT NULL,
	"step" text NOT NULL,
	"status" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sealed" text,
	"masked" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_steps_step" CHECK (step in ('base', 'identity', 'personal', 'job', 'extra', 'bank')),
	CONSTRAINT "verification_steps_status" CHECK (status in ('done', 'review', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout_account_id" integer;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_events" ADD CONSTRAINT "verification_events_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_steps" ADD CONSTRAINT "verification_steps_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_borrower_idx" ON "bank_accounts" USING btree ("borrower_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_current_uq" ON "bank_accounts" USING btree ("borrower_id") WHERE status in ('verified', 'review');--> statement-breakpoint
CREATE INDEX "bank_accounts_lookup_idx" ON "bank_accounts" USING btree ("account_lookup");--> statement-breakpoint
CREATE INDEX "consents_borrower_idx" ON "consents" USING btree ("borrower_id","purpose","id");--> statement-breakpoint
CREATE INDEX "verification_events_borrower_idx" ON "verification_events" USING btree ("borrower_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_steps_borrower_step_uq" ON "verification_steps" USING btree ("borrower_id","step");--> statement-breakpoint
CREATE INDEX "verification_steps_review_idx" ON "verification_steps" USING btree ("market","updated_at") WHERE status = 'review';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payout_account_id_bank_accounts_id_fk" FOREIGN KEY ("payout_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;