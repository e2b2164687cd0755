import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'calendarSeriesHorizon';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'calendarSeriesHorizon';
  CREATE TABLE "payload_jobs_stats" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"stats" jsonb,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  DROP INDEX "compound_index_idx";
  ALTER TABLE "events" ADD COLUMN "recurrence_rules" jsonb;
  ALTER TABLE "events" ADD COLUMN "recurrence_rdates" jsonb;
  ALTER TABLE "events" ADD COLUMN "recurrence_exdates" jsonb;
  ALTER TABLE "events" ADD COLUMN "recurrence_horizon" timestamp(3) with time zone;
  ALTER TABLE "events" ADD COLUMN "is_series" boolean DEFAULT false;
  ALTER TABLE "events" ADD COLUMN "series_id" numeric;
  ALTER TABLE "events" ADD COLUMN "occurrence" varchar;
  ALTER TABLE "events" ADD COLUMN "detached" boolean DEFAULT false;
  ALTER TABLE "events" ADD COLUMN "copied_from" varchar;
  ALTER TABLE "payload_jobs" ADD COLUMN "meta" jsonb;
  ALTER TABLE "events" ADD CONSTRAINT "events_series_id_events_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "events_is_series_idx" ON "events" USING btree ("is_series");
  CREATE INDEX "events_series_idx" ON "events" USING btree ("series_id");
  CREATE INDEX "series_occurrence_idx" ON "events" USING btree ("series_id","occurrence");
  CREATE INDEX "compound_index_idx" ON "events" USING btree ("start_date_local","end_date_local","status","hide_from_listings","deleted_at","published_at","is_series");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payload_jobs_stats" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "payload_jobs_stats" CASCADE;
  ALTER TABLE "events" DROP CONSTRAINT "events_series_id_events_id_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'calendarImport');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'calendarImport');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "events_is_series_idx";
  DROP INDEX "events_series_idx";
  DROP INDEX "series_occurrence_idx";
  DROP INDEX "compound_index_idx";
  CREATE INDEX "compound_index_idx" ON "events" USING btree ("start_date_local","end_date_local","status","hide_from_listings","deleted_at","published_at");
  ALTER TABLE "events" DROP COLUMN "recurrence_rules";
  ALTER TABLE "events" DROP COLUMN "recurrence_rdates";
  ALTER TABLE "events" DROP COLUMN "recurrence_exdates";
  ALTER TABLE "events" DROP COLUMN "recurrence_horizon";
  ALTER TABLE "events" DROP COLUMN "is_series";
  ALTER TABLE "events" DROP COLUMN "series_id";
  ALTER TABLE "events" DROP COLUMN "occurrence";
  ALTER TABLE "events" DROP COLUMN "detached";
  ALTER TABLE "events" DROP COLUMN "copied_from";
  ALTER TABLE "payload_jobs" DROP COLUMN "meta";`)
}
