import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_events_event_status" AS ENUM('scheduled', 'canceled', 'postponed', 'rescheduled', 'moved_online');
  CREATE TYPE "public"."enum_events_attendance_mode" AS ENUM('offline', 'online', 'mixed');
  ALTER TABLE "events" ADD COLUMN "event_status" "enum_events_event_status" DEFAULT 'scheduled';
  ALTER TABLE "events" ADD COLUMN "previous_start_date" timestamp(3) with time zone;
  ALTER TABLE "events" ADD COLUMN "attendance_mode" "enum_events_attendance_mode" DEFAULT 'offline';
  ALTER TABLE "events" ADD COLUMN "online_url" varchar;
  ALTER TABLE "events_locales" ADD COLUMN "event_status_reason" varchar;
  ALTER TABLE "events_locales" ADD COLUMN "online_details" varchar;
  CREATE INDEX "events_event_status_idx" ON "events" USING btree ("event_status");
  CREATE INDEX "events_attendance_mode_idx" ON "events" USING btree ("attendance_mode");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "events_event_status_idx";
  DROP INDEX "events_attendance_mode_idx";
  ALTER TABLE "events" DROP COLUMN "event_status";
  ALTER TABLE "events" DROP COLUMN "previous_start_date";
  ALTER TABLE "events" DROP COLUMN "attendance_mode";
  ALTER TABLE "events" DROP COLUMN "online_url";
  ALTER TABLE "events_locales" DROP COLUMN "event_status_reason";
  ALTER TABLE "events_locales" DROP COLUMN "online_details";
  DROP TYPE "public"."enum_events_event_status";
  DROP TYPE "public"."enum_events_attendance_mode";`)
}
