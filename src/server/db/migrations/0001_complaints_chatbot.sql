CREATE TABLE "complaint_images" (
	"complaint_id" integer NOT NULL,
	"upload_id" text NOT NULL,
	"role" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "complaint_images_complaint_id_upload_id_pk" PRIMARY KEY("complaint_id","upload_id")
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"market" text NOT NULL,
	"order_no" text NOT NULL,
	"type_value" integer NOT NULL,
	"sub_type_value" integer DEFAULT 0 NOT NULL,
	"detail" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"reply_text" text DEFAULT '' NOT NULL,
	"replied_at" timestamp with time zone,
	"replied_by" integer,
	"rating_due" boolean DEFAULT false NOT NULL,
	"score" integer,
	"scored_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"borrower_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"market" text NOT NULL,
	"status" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"term_days" integer NOT NULL,
	"due_at" timestamp with time zone,
	"collection_allowed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"value" integer NOT NULL,
	"parent_value" integer,
	"title_en" text NOT NULL,
	"title_id" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"logo_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"title_en" text NOT NULL,
	"title_id" text NOT NULL,
	"alias_en" text,
	"alias_id" text,
	"icon" text,
	"action_type" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"market" text NOT NULL,
	"order_no" text DEFAULT '' NOT NULL,
	"type" integer NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"qa_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" integer NOT NULL,
	"stored_name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "complaint_images" ADD CONSTRAINT "complaint_images_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_images" ADD CONSTRAINT "complaint_images_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_records" ADD CONSTRAINT "qa_records_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "complaint_images_upload_uq" ON "complaint_images" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "complaints_borrower_idx" ON "complaints" USING btree ("borrower_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_market_status_idx" ON "complaints" USING btree ("market","status","deadline_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_uq" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_borrower_idx" ON "orders" USING btree ("borrower_id");--> statement-breakpoint
CREATE UNIQUE INDEX "problem_types_market_value_uq" ON "problem_types" USING btree ("market","value");--> statement-breakpoint
CREATE UNIQUE INDEX "products_market_code_uq" ON "products" USING btree ("market","code");--> statement-breakpoint
CREATE INDEX "qa_items_market_parent_idx" ON "qa_items" USING btree ("market","parent_id","sort");--> statement-breakpoint
CREATE INDEX "qa_records_borrower_idx" ON "qa_records" USING btree ("borrower_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_kind","owner_id");