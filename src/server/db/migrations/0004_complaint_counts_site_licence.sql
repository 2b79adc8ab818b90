CREATE TABLE "complaint_counts" (
	"borrower_id" integer PRIMARY KEY NOT NULL,
	"processing" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"rating_due" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_configs" ADD COLUMN "licence" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_configs" ADD COLUMN "store_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "complaint_counts" ADD CONSTRAINT "complaint_counts_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept in the transaction of every change to a complaint: a complaint filed, answered, rated or deleted
-- moves its borrower's counts at once, whichever code path (borrower, back office, a future job) made it.
CREATE FUNCTION "complaint_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.borrower_id = NEW.borrower_id AND OLD.status = NEW.status
     AND OLD.rating_due = NEW.rating_due THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "complaint_counts"
       SET "processing" = "processing" - (OLD.status = 'processing')::int,
           "processed" = "processed" - (OLD.status = 'processed')::int,
           "rating_due" = "rating_due" - OLD.rating_due::int
     WHERE "borrower_id" = OLD.borrower_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "complaint_counts" AS c ("borrower_id", "processing", "processed", "rating_due")
    VALUES (NEW.borrower_id, (NEW.status = 'processing')::int, (NEW.status = 'processed')::int,
            NEW.rating_due::int)
    ON CONFLICT ("borrower_id") DO UPDATE
       SET "processing" = c."processing" + excluded."processing",
           "processed" = c."processed" + excluded."processed",
           "rating_due" = c."rating_due" + excluded."rating_due";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "complaint_counts_trg" AFTER INSERT OR DELETE OR UPDATE OF "status", "rating_due", "borrower_id"
  ON "complaints" FOR EACH ROW EXECUTE FUNCTION "complaint_counts_apply"();
--> statement-breakpoint
INSERT INTO "complaint_counts" ("borrower_id", "processing", "processed", "rating_due")
SELECT "borrower_id", count(*) FILTER (WHERE "status" = 'processing'), count(*) FILTER (WHERE "status" = 'processed'),
       count(*) FILTER (WHERE "rating_due")
  FROM "complaints" GROUP BY "borrower_id";
