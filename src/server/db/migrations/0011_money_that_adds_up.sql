CREATE TABLE "ledger_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"orders_checked" integer DEFAULT 0 NOT NULL,
	"breaches" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"terms_version" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"term_days" integer NOT NULL,
	"quote" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"version" integer NOT NULL,
	"terms" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_repayments" DROP CONSTRAINT "card_repayments_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "card_repayments" DROP CONSTRAINT "card_repayments_card_id_bank_cards_id_fk";
--> statement-breakpoint
ALTER TABLE "order_charges" DROP CONSTRAINT "order_charges_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_borrower_id_borrowers_id_fk";
--> statement-breakpoint
ALTER TABLE "pay_codes" DROP CONSTRAINT "pay_codes_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_allocations" DROP CONSTRAINT "payment_allocations_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_allocations" DROP CONSTRAINT "payment_allocations_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "utr_submissions" DROP CONSTRAINT "utr_submissions_pay_code_id_pay_codes_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_version" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "terms_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_quotes" ADD CONSTRAINT "loan_quotes_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_quotes" ADD CONSTRAINT "loan_quotes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_checks_started_idx" ON "ledger_checks" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "loan_quotes_borrower_idx" ON "loan_quotes" USING btree ("borrower_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_versions_product_version_uq" ON "product_versions" USING btree ("product_id","version");--> statement-breakpoint
ALTER TABLE "card_repayments" ADD CONSTRAINT "card_repayments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_repayments" ADD CONSTRAINT "card_repayments_card_id_bank_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."bank_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_charges" ADD CONSTRAINT "order_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_codes" ADD CONSTRAINT "pay_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utr_submissions" ADD CONSTRAINT "utr_submissions_pay_code_id_pay_codes_id_fk" FOREIGN KEY ("pay_code_id") REFERENCES "public"."pay_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_quote_uq" ON "orders" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "payments_received_idx" ON "payments" USING btree ("created_at") WHERE state = 'received';--> statement-breakpoint
-- Every product offered before versions existed: its terms are version 1.
INSERT INTO "product_versions" ("product_id", "version", "terms") SELECT "id", 1, "terms" FROM "products" WHERE "terms" IS NOT NULL;