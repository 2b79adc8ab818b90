CREATE TABLE "borrower_signups" (
	"borrower_id" integer PRIMARY KEY NOT NULL,
	"template_id" integer,
	"user_from" text DEFAULT '' NOT NULL,
	"app_from" text DEFAULT '' NOT NULL,
	"utm_tag" text DEFAULT '' NOT NULL,
	"invite_code" text DEFAULT '' NOT NULL,
	"device_id" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"sid" text PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"template_id" integer NOT NULL,
	"answer_hash" text NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"phone_key" text,
	"ip" text NOT NULL,
	"draws" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"name" text NOT NULL,
	"headline" text NOT NULL,
	"subline" text DEFAULT '' NOT NULL,
	"banner_url" text DEFAULT '' NOT NULL,
	"theme_primary" text DEFAULT '#087a50' NOT NULL,
	"theme_background" text DEFAULT '#e8f8f1' NOT NULL,
	"android_url" text DEFAULT '' NOT NULL,
	"ios_url" text DEFAULT '' NOT NULL,
	"app_name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"kind" text NOT NULL,
	"user_from" text DEFAULT '' NOT NULL,
	"app_from" text DEFAULT '' NOT NULL,
	"utm_tag" text DEFAULT '' NOT NULL,
	"client_type" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "borrower_signups" ADD CONSTRAINT "borrower_signups_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captchas_ip_idx" ON "captchas" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "captchas_expiry_idx" ON "captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "promo_events_template_idx" ON "promo_events" USING btree ("template_id","created_at");