import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_cal_import_mappings_resource" AS ENUM('venues', 'organizers', 'categories', 'tags', 'events', 'images');
  CREATE TYPE "public"."enum_cal_import_runs_format" AS ENUM('v1', 'ical');
  CREATE TYPE "public"."enum_cal_import_runs_language" AS ENUM('fr', 'es');
  CREATE TYPE "public"."enum_cal_import_runs_state" AS ENUM('queued', 'running', 'done', 'failed', 'cancelled');
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'calendarImport');
  CREATE TYPE "public"."enum_payload_jobs_log_state" AS ENUM('failed', 'succeeded');
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'calendarImport');
  CREATE TABLE "cal_import_mappings" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"source" varchar NOT NULL,
  	"resource" "enum_cal_import_mappings_resource" NOT NULL,
  	"source_id" varchar NOT NULL,
  	"target_id" numeric NOT NULL,
  	"modified" varchar,
  	"translations" jsonb,
  	"recurrence" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "cal_import_runs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"format" "enum_cal_import_runs_format" DEFAULT 'v1',
  	"from" varchar,
  	"ics" varchar,
  	"header" varchar,
  	"language" "enum_cal_import_runs_language",
  	"dry_run" boolean DEFAULT false,
  	"prune" boolean DEFAULT false,
  	"concurrency" numeric,
  	"state" "enum_cal_import_runs_state" DEFAULT 'queued',
  	"cancel" boolean DEFAULT false,
  	"progress" jsonb,
  	"failures" jsonb,
  	"error" varchar,
  	"job" varchar,
  	"started_by_id" numeric,
  	"finished_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_jobs_log" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"executed_at" timestamp(3) with time zone NOT NULL,
  	"completed_at" timestamp(3) with time zone NOT NULL,
  	"task_slug" "enum_payload_jobs_log_task_slug" NOT NULL,
  	"task_i_d" varchar NOT NULL,
  	"input" jsonb,
  	"output" jsonb,
  	"state" "enum_payload_jobs_log_state" NOT NULL,
  	"error" jsonb
  );
  
  CREATE TABLE "payload_jobs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"input" jsonb,
  	"completed_at" timestamp(3) with time zone,
  	"total_tried" numeric DEFAULT 0,
  	"has_error" boolean DEFAULT false,
  	"error" jsonb,
  	"task_slug" "enum_payload_jobs_task_slug",
  	"queue" varchar DEFAULT 'default',
  	"wait_until" timestamp(3) with time zone,
  	"processing" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "cal_import_mappings_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "cal_import_runs_id" integer;
  ALTER TABLE "cal_import_runs" ADD CONSTRAINT "cal_import_runs_started_by_id_users_id_fk" FOREIGN KEY ("started_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_jobs_log" ADD CONSTRAINT "payload_jobs_log_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."payload_jobs"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "cal_import_mappings_source_idx" ON "cal_import_mappings" USING btree ("source");
  CREATE INDEX "cal_import_mappings_updated_at_idx" ON "cal_import_mappings" USING btree ("updated_at");
  CREATE INDEX "cal_import_mappings_created_at_idx" ON "cal_import_mappings" USING btree ("created_at");
  CREATE UNIQUE INDEX "source_resource_sourceId_idx" ON "cal_import_mappings" USING btree ("source","resource","source_id");
  CREATE INDEX "cal_import_runs_started_by_idx" ON "cal_import_runs" USING btree ("started_by_id");
  CREATE INDEX "cal_import_runs_updated_at_idx" ON "cal_import_runs" USING btree ("updated_at");
  CREATE INDEX "cal_import_runs_created_at_idx" ON "cal_import_runs" USING btree ("created_at");
  CREATE INDEX "payload_jobs_log_order_idx" ON "payload_jobs_log" USING btree ("_order");
  CREATE INDEX "payload_jobs_log_parent_id_idx" ON "payload_jobs_log" USING btree ("_parent_id");
  CREATE INDEX "payload_jobs_completed_at_idx" ON "payload_jobs" USING btree ("completed_at");
  CREATE INDEX "payload_jobs_total_tried_idx" ON "payload_jobs" USING btree ("total_tried");
  CREATE INDEX "payload_jobs_has_error_idx" ON "payload_jobs" USING btree ("has_error");
  CREATE INDEX "payload_jobs_task_slug_idx" ON "payload_jobs" USING btree ("task_slug");
  CREATE INDEX "payload_jobs_queue_idx" ON "payload_jobs" USING btree ("queue");
  CREATE INDEX "payload_jobs_wait_until_idx" ON "payload_jobs" USING btree ("wait_until");
  CREATE INDEX "payload_jobs_processing_idx" ON "payload_jobs" USING btree ("processing");
  CREATE INDEX "payload_jobs_updated_at_idx" ON "payload_jobs" USING btree ("updated_at");
  CREATE INDEX "payload_jobs_created_at_idx" ON "payload_jobs" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_cal_import_mappings_fk" FOREIGN KEY ("cal_import_mappings_id") REFERENCES "public"."cal_import_mappings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_cal_import_runs_fk" FOREIGN KEY ("cal_import_runs_id") REFERENCES "public"."cal_import_runs"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_cal_import_mappings_id_idx" ON "payload_locked_documents_rels" USING btree ("cal_import_mappings_id");
  CREATE INDEX "payload_locked_documents_rels_cal_import_runs_id_idx" ON "payload_locked_documents_rels" USING btree ("cal_import_runs_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cal_import_mappings" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cal_import_runs" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payload_jobs_log" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payload_jobs" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "cal_import_mappings" CASCADE;
  DROP TABLE "cal_import_runs" CASCADE;
  DROP TABLE "payload_jobs_log" CASCADE;
  DROP TABLE "payload_jobs" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_cal_import_mappings_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_cal_import_runs_fk";
  
  DROP INDEX "payload_locked_documents_rels_cal_import_mappings_id_idx";
  DROP INDEX "payload_locked_documents_rels_cal_import_runs_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "cal_import_mappings_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "cal_import_runs_id";
  DROP TYPE "public"."enum_cal_import_mappings_resource";
  DROP TYPE "public"."enum_cal_import_runs_format";
  DROP TYPE "public"."enum_cal_import_runs_language";
  DROP TYPE "public"."enum_cal_import_runs_state";
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  DROP TYPE "public"."enum_payload_jobs_log_state";
  DROP TYPE "public"."enum_payload_jobs_task_slug";`)
}
