import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cal_import_runs" ADD COLUMN "per_page" numeric;
  ALTER TABLE "cal_import_runs" ADD COLUMN "runner" varchar;
  ALTER TABLE "cal_import_runs" ADD COLUMN "heartbeat_at" timestamp(3) with time zone;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cal_import_runs" DROP COLUMN "per_page";
  ALTER TABLE "cal_import_runs" DROP COLUMN "runner";
  ALTER TABLE "cal_import_runs" DROP COLUMN "heartbeat_at";`)
}
