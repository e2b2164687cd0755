import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_cal_import_runs_type" AS ENUM('events', 'venues', 'organizers');
  ALTER TYPE "public"."enum_cal_import_runs_format" ADD VALUE 'csv';
  ALTER TABLE "cal_import_runs" ADD COLUMN "type" "enum_cal_import_runs_type";
  ALTER TABLE "cal_import_runs" ADD COLUMN "csv" varchar;
  ALTER TABLE "cal_import_runs" ADD COLUMN "mapping" jsonb;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cal_import_runs" ALTER COLUMN "format" SET DATA TYPE text;
  ALTER TABLE "cal_import_runs" ALTER COLUMN "format" SET DEFAULT 'v1'::text;
  DROP TYPE "public"."enum_cal_import_runs_format";
  CREATE TYPE "public"."enum_cal_import_runs_format" AS ENUM('v1', 'ical');
  ALTER TABLE "cal_import_runs" ALTER COLUMN "format" SET DEFAULT 'v1'::"public"."enum_cal_import_runs_format";
  ALTER TABLE "cal_import_runs" ALTER COLUMN "format" SET DATA TYPE "public"."enum_cal_import_runs_format" USING "format"::"public"."enum_cal_import_runs_format";
  ALTER TABLE "cal_import_runs" DROP COLUMN "type";
  ALTER TABLE "cal_import_runs" DROP COLUMN "csv";
  ALTER TABLE "cal_import_runs" DROP COLUMN "mapping";
  DROP TYPE "public"."enum_cal_import_runs_type";`)
}
