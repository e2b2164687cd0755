import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "cal_record_forms" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"resource" varchar NOT NULL,
  	"record" numeric NOT NULL,
  	"body" varchar NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "cal_record_forms_id" integer;
  CREATE UNIQUE INDEX "cal_record_forms_key_idx" ON "cal_record_forms" USING btree ("key");
  CREATE INDEX "cal_record_forms_record_idx" ON "cal_record_forms" USING btree ("record");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_cal_record_forms_fk" FOREIGN KEY ("cal_record_forms_id") REFERENCES "public"."cal_record_forms"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_cal_record_forms_id_idx" ON "payload_locked_documents_rels" USING btree ("cal_record_forms_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cal_record_forms" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "cal_record_forms" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_cal_record_forms_fk";
  
  DROP INDEX "payload_locked_documents_rels_cal_record_forms_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "cal_record_forms_id";`)
}
