CREATE TABLE "bank_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"market" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_code" text NOT NULL,
	"masked_no" text NOT NULL,
	"provider_token" text NOT NULL,
	"needs_sms" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_cards_masked_no" CHECK (masked_no ~ '^[*]{8,15}[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "card_repayments" (
	"id" serial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"need_valid" boolean NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"pay_code_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"charged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_repayments_amount_positive" CHECK (amount_minor > 0)
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"subject" text NOT NULL,
	"phone_key" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_repayments" ADD CONSTRAINT "card_repayments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_repayments" ADD CONSTRAINT "card_repayments_card_id_bank_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."bank_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_repayments" ADD CONSTRAINT "card_repayments_pay_code_id_pay_codes_id_fk" FOREIGN KEY ("pay_code_id") REFERENCES "public"."pay_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_cards_borrower_idx" ON "bank_cards" USING btree ("borrower_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_provider_token_uq" ON "bank_cards" USING btree ("provider_token");--> statement-breakpoint
CREATE UNIQUE INDEX "card_repayments_open_uq" ON "card_repayments" USING btree ("order_id") WHERE state in ('pending', 'charging');--> statement-breakpoint
CREATE INDEX "card_repayments_borrower_idx" ON "card_repayments" USING btree ("borrower_id");--> statement-breakpoint
CREATE INDEX "sms_codes_subject_idx" ON "sms_codes" USING btree ("purpose","subject","id");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("phone_key","created_at");