CREATE TABLE "account_closures" (
	"borrower_id" integer PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"retain_until" timestamp with time zone NOT NULL,
	"retained" jsonb NOT NULL,
	"basis" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_rights_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"market" text NOT NULL,
	"kind" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"handled_by" integer,
	"started_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_closures" ADD CONSTRAINT "account_closures_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_rights_requests" ADD CONSTRAINT "data_rights_requests_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_rights_open_uq" ON "data_rights_requests" USING btree ("borrower_id","kind") WHERE status in ('received', 'in_progress');--> statement-breakpoint
CREATE INDEX "data_rights_borrower_idx" ON "data_rights_requests" USING btree ("borrower_id","created_at");--> statement-breakpoint
CREATE INDEX "data_rights_queue_idx" ON "data_rights_requests" USING btree ("market","status","deadline_at");