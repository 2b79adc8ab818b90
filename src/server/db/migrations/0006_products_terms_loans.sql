CREATE TABLE "order_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"charge_day" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_ratings" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"score" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "disbursed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "terms" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "copy" jsonb DEFAULT '{"en":{"description":"","tags":[]},"id":{"description":"","tags":[]}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "daily_quota" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_charges" ADD CONSTRAINT "order_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_events" ADD CONSTRAINT "product_events_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_charges_order_kind_day_uq" ON "order_charges" USING btree ("order_id","kind","charge_day");--> statement-breakpoint
CREATE INDEX "product_events_product_idx" ON "product_events" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_request_key_uq" ON "orders" USING btree ("borrower_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_pending_per_product_uq" ON "orders" USING btree ("borrower_id","product_id") WHERE status in (21, 151);--> statement-breakpoint
CREATE INDEX "orders_product_created_idx" ON "orders" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_live_due_idx" ON "orders" USING btree ("due_at") WHERE status in (170, 174, 180);