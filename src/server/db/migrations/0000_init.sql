CREATE TABLE "borrowers" (
	"id" serial PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"lang" text NOT NULL,
	"name" text NOT NULL,
	"telephone" text NOT NULL,
	"email" text,
	"suggestion" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"device_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_configs" (
	"market" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"brand_colour" text DEFAULT '#0DCC86' NOT NULL,
	"app_name" text NOT NULL,
	"policy_url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "borrowers_market_phone_uq" ON "borrowers" USING btree ("market","phone");--> statement-breakpoint
CREATE INDEX "contact_messages_market_created_idx" ON "contact_messages" USING btree ("market","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_borrower_idx" ON "sessions" USING btree ("borrower_id");