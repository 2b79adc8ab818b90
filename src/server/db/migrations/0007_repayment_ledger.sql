CREATE TABLE "gateway_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_no" text NOT NULL,
	"order_id" integer NOT NULL,
	"borrower_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"pay_type" integer NOT NULL,
	"pay_code" text NOT NULL,
	"specific_num" integer DEFAULT 0 NOT NULL,
	"is_default" integer DEFAULT 1 NOT NULL,
	"vcode" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_codes_amount_positive" CHECK (amount_minor > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"period" integer,
	"component" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_positive" CHECK (amount_minor > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_payment_id" text NOT NULL,
	"event_id" text NOT NULL,
	"vcode" text NOT NULL,
	"pay_code_id" integer,
	"order_id" integer,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"utr" text,
	"paid_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"review_reason" text,
	"resolved_by" integer,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utr_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"utr" text NOT NULL,
	"pay_code_id" integer NOT NULL,
	"borrower_id" integer NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "extension_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_codes" ADD CONSTRAINT "pay_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pay_code_id_pay_codes_id_fk" FOREIGN KEY ("pay_code_id") REFERENCES "public"."pay_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utr_submissions" ADD CONSTRAINT "utr_submissions_pay_code_id_pay_codes_id_fk" FOREIGN KEY ("pay_code_id") REFERENCES "public"."pay_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_outbox_event_uq" ON "gateway_outbox" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "gateway_outbox_due_idx" ON "gateway_outbox" USING btree ("next_attempt_at") WHERE delivered_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_codes_bill_no_uq" ON "pay_codes" USING btree ("bill_no");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_codes_vcode_uq" ON "pay_codes" USING btree ("vcode");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_codes_open_uq" ON "pay_codes" USING btree ("order_id","purpose","amount_minor","pay_type","pay_code") WHERE state = 'open';--> statement-breakpoint
CREATE INDEX "pay_codes_order_idx" ON "pay_codes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_order_idx" ON "payment_allocations" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_uq" ON "payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_review_idx" ON "payments" USING btree ("created_at") WHERE state = 'review';--> statement-breakpoint
CREATE UNIQUE INDEX "utr_submissions_utr_uq" ON "utr_submissions" USING btree ("utr");