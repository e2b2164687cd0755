import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_cal_import_runs_format" ADD VALUE 'translate';
  ALTER TYPE "public"."enum_cal_import_runs_language" ADD VALUE 'en' BEFORE 'fr';
  ALTER TABLE "cal_import_runs" ALTER COLUMN "type" SET DATA TYPE text;
  DROP TYPE "public"."enum_cal_import_runs_type";
  CREATE TYPE "public"."enum_cal_import_runs_type" AS ENUM('venues', 'organizers', 'categories', 'tags', 'events');
  ALTER TABLE "cal_import_runs" ALTER COLUMN "type" SET DATA TYPE "public"."enum_cal_import_runs_type" USING "type"::"public"."enum_cal_import_runs_type";
  ALTER TABLE "cal_import_runs" ADD COLUMN "records" jsonb;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cal_import_runs" ALTER COLUMN "format" SET DATA TYPE text;
  ALTER TABLE "cal_import_runs" ALTER COLUMN "format" SET DEFAULT 'v1'::text;
  DROP TYPE "public"."enum_cal_import_runs_format";
  CREATE TYPE "public"."enum_cal_import_runs_format" AS ENUM('v1', 'ical', 'csv');
  ALTER TABLE "cal_import_runs" ALTER COLUMN "format" SET DEFAULT 'v1'::"public"."enum_cal_import_runs_format";
  ALTER TABLE "cal_import_runs" ALTER COLUMN "format" SET DATA TYPE "public"."enum_cal_import_runs_format" USING "format"::"public"."enum_cal_import_runs_format";
  ALTER TABLE "cal_import_runs" ALTER COLUMN "type" SET DATA TYPE text;
  DROP TYPE "public"."enum_cal_import_runs_type";
  CREATE TYPE "public"."enum_cal_import_runs_type" AS ENUM('events', 'venues', 'organizers');
  ALTER TABLE "cal_import_runs" ALTER COLUMN "type" SET DATA TYPE "public"."enum_cal_import_runs_type" USING "type"::"public"."enum_cal_import_runs_type";
  ALTER TABLE "cal_import_runs" ALTER COLUMN "language" SET DATA TYPE text;
  DROP TYPE "public"."enum_cal_import_runs_language";
  CREATE TYPE "public"."enum_cal_import_runs_language" AS ENUM('fr', 'es');
  ALTER TABLE "cal_import_runs" ALTER COLUMN "language" SET DATA TYPE "public"."enum_cal_import_runs_language" USING "language"::"public"."enum_cal_import_runs_language";
  ALTER TABLE "cal_import_runs" DROP COLUMN "records";`)
}
