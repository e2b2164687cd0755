import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "cal_changes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"sequence" numeric NOT NULL,
  	"resource" varchar NOT NULL,
  	"record" numeric NOT NULL,
  	"kind" varchar NOT NULL,
  	"was_public" boolean DEFAULT false,
  	"is_public" boolean DEFAULT false,
  	"author" numeric,
  	"locales" varchar,
  	"claim" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "cal_changes_id" integer;
  CREATE UNIQUE INDEX "cal_changes_sequence_idx" ON "cal_changes" USING btree ("sequence");
  CREATE UNIQUE INDEX "cal_changes_claim_idx" ON "cal_changes" USING btree ("claim");
  CREATE INDEX "cal_changes_updated_at_idx" ON "cal_changes" USING btree ("updated_at");
  CREATE INDEX "cal_changes_created_at_idx" ON "cal_changes" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_cal_changes_fk" FOREIGN KEY ("cal_changes_id") REFERENCES "public"."cal_changes"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_cal_changes_id_idx" ON "payload_locked_documents_rels" USING btree ("cal_changes_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cal_changes" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "cal_changes" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_cal_changes_fk";
  
  DROP INDEX "payload_locked_documents_rels_cal_changes_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "cal_changes_id";`)
}
