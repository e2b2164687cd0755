import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_events_translations_source" AS ENUM('en', 'fr', 'es');
  CREATE TYPE "public"."enum_events_translations_en_status" AS ENUM('source', 'missing', 'partial', 'outdated', 'complete');
  CREATE TYPE "public"."enum_events_translations_fr_status" AS ENUM('source', 'missing', 'partial', 'outdated', 'complete');
  CREATE TYPE "public"."enum_events_translations_es_status" AS ENUM('source', 'missing', 'partial', 'outdated', 'complete');
  CREATE TYPE "public"."enum_venues_translations_source" AS ENUM('en', 'fr', 'es');
  CREATE TYPE "public"."enum_venues_translations_en_status" AS ENUM('source', 'missing', 'partial', 'outdated', 'complete');
  CREATE TYPE "public"."enum_venues_translations_fr_status" AS ENUM('source', 'missing', 'partial', 'outdated', 'complete');
  CREATE TYPE "public"."enum_venues_translations_es_status" AS ENUM('source', 'missing', 'partial', 'outdated', 'complete');
  CREATE TYPE "public"."enum_organizers_translations_source" AS ENUM('en', 'fr', 'es');
  CREATE TYPE "public"."enum_organizers_translations_en_status" AS ENUM('source', 'missing', 'partial', 'outdated', 'complete');
  CREATE TYPE "public"."enum_organizers_translations_fr_status" AS ENUM('source', 'missing', 'partial', 'outdated', 'complete');
  CREATE TYPE "public"."enum_organizers_translations_es_status" AS ENUM('source', 'missing', 'partial', 'outdated', 'complete');
  CREATE TYPE "public"."enum_event_categories_translations_source" AS ENUM('en', 'fr', 'es');
  CREATE TYPE "public"."enum_event_categories_translations_en_status" AS ENUM('source', 'missing', 'partial', 'outdated', 'complete');
  CREATE TYPE "public"."enum_event_categories_translations_fr_status" AS ENUM('source', 'missing', 'partial', 'outdated', 'complete');
  CREATE TYPE "public"."enum_event_categories_translations_es_status" AS ENUM('source', 'missing', 'partial', 'outdated', 'complete');
  CREATE TYPE "public"."enum_event_tags_translations_source" AS ENUM('en', 'fr', 'es');
  CREATE TYPE "public"."enum_event_tags_translations_en_status" AS ENUM('source', 'missing', 'partial', 'outdated', 'complete');
  CREATE TYPE "public"."enum_event_tags_translations_fr_status" AS ENUM('source', 'missing', 'partial', 'outdated', 'complete');
  CREATE TYPE "public"."enum_event_tags_translations_es_status" AS ENUM('source', 'missing', 'partial', 'outdated', 'complete');
  ALTER TABLE "events" ADD COLUMN "translations_source" "enum_events_translations_source";
  ALTER TABLE "events" ADD COLUMN "translations_en_status" "enum_events_translations_en_status";
  ALTER TABLE "events" ADD COLUMN "translations_fr_status" "enum_events_translations_fr_status";
  ALTER TABLE "events" ADD COLUMN "translations_es_status" "enum_events_translations_es_status";
  ALTER TABLE "events" ADD COLUMN "translations_written" jsonb;
  ALTER TABLE "venues" ADD COLUMN "translations_source" "enum_venues_translations_source";
  ALTER TABLE "venues" ADD COLUMN "translations_en_status" "enum_venues_translations_en_status";
  ALTER TABLE "venues" ADD COLUMN "translations_fr_status" "enum_venues_translations_fr_status";
  ALTER TABLE "venues" ADD COLUMN "translations_es_status" "enum_venues_translations_es_status";
  ALTER TABLE "venues" ADD COLUMN "translations_written" jsonb;
  ALTER TABLE "organizers" ADD COLUMN "translations_source" "enum_organizers_translations_source";
  ALTER TABLE "organizers" ADD COLUMN "translations_en_status" "enum_organizers_translations_en_status";
  ALTER TABLE "organizers" ADD COLUMN "translations_fr_status" "enum_organizers_translations_fr_status";
  ALTER TABLE "organizers" ADD COLUMN "translations_es_status" "enum_organizers_translations_es_status";
  ALTER TABLE "organizers" ADD COLUMN "translations_written" jsonb;
  ALTER TABLE "event_categories" ADD COLUMN "translations_source" "enum_event_categories_translations_source";
  ALTER TABLE "event_categories" ADD COLUMN "translations_en_status" "enum_event_categories_translations_en_status";
  ALTER TABLE "event_categories" ADD COLUMN "translations_fr_status" "enum_event_categories_translations_fr_status";
  ALTER TABLE "event_categories" ADD COLUMN "translations_es_status" "enum_event_categories_translations_es_status";
  ALTER TABLE "event_categories" ADD COLUMN "translations_written" jsonb;
  ALTER TABLE "event_tags" ADD COLUMN "translations_source" "enum_event_tags_translations_source";
  ALTER TABLE "event_tags" ADD COLUMN "translations_en_status" "enum_event_tags_translations_en_status";
  ALTER TABLE "event_tags" ADD COLUMN "translations_fr_status" "enum_event_tags_translations_fr_status";
  ALTER TABLE "event_tags" ADD COLUMN "translations_es_status" "enum_event_tags_translations_es_status";
  ALTER TABLE "event_tags" ADD COLUMN "translations_written" jsonb;
  CREATE INDEX "events_translations_translations_source_idx" ON "events" USING btree ("translations_source");
  CREATE INDEX "events_translations_translations_en_status_idx" ON "events" USING btree ("translations_en_status");
  CREATE INDEX "events_translations_translations_fr_status_idx" ON "events" USING btree ("translations_fr_status");
  CREATE INDEX "events_translations_translations_es_status_idx" ON "events" USING btree ("translations_es_status");
  CREATE INDEX "venues_translations_translations_source_idx" ON "venues" USING btree ("translations_source");
  CREATE INDEX "venues_translations_translations_en_status_idx" ON "venues" USING btree ("translations_en_status");
  CREATE INDEX "venues_translations_translations_fr_status_idx" ON "venues" USING btree ("translations_fr_status");
  CREATE INDEX "venues_translations_translations_es_status_idx" ON "venues" USING btree ("translations_es_status");
  CREATE INDEX "organizers_translations_translations_source_idx" ON "organizers" USING btree ("translations_source");
  CREATE INDEX "organizers_translations_translations_en_status_idx" ON "organizers" USING btree ("translations_en_status");
  CREATE INDEX "organizers_translations_translations_fr_status_idx" ON "organizers" USING btree ("translations_fr_status");
  CREATE INDEX "organizers_translations_translations_es_status_idx" ON "organizers" USING btree ("translations_es_status");
  CREATE INDEX "event_categories_translations_translations_source_idx" ON "event_categories" USING btree ("translations_source");
  CREATE INDEX "event_categories_translations_translations_en_status_idx" ON "event_categories" USING btree ("translations_en_status");
  CREATE INDEX "event_categories_translations_translations_fr_status_idx" ON "event_categories" USING btree ("translations_fr_status");
  CREATE INDEX "event_categories_translations_translations_es_status_idx" ON "event_categories" USING btree ("translations_es_status");
  CREATE INDEX "event_tags_translations_translations_source_idx" ON "event_tags" USING btree ("translations_source");
  CREATE INDEX "event_tags_translations_translations_en_status_idx" ON "event_tags" USING btree ("translations_en_status");
  CREATE INDEX "event_tags_translations_translations_fr_status_idx" ON "event_tags" USING btree ("translations_fr_status");
  CREATE INDEX "event_tags_translations_translations_es_status_idx" ON "event_tags" USING btree ("translations_es_status");`)
  // The data step (every existing record's status, judged from the texts it has) is not run here:
  // the plugin's init fills the status of every record still without one (fillTranslationStatus,
  // src/plugin.ts), and a migration imports no live plugin code (.dependency-cruiser.cjs).
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "events_translations_translations_source_idx";
  DROP INDEX "events_translations_translations_en_status_idx";
  DROP INDEX "events_translations_translations_fr_status_idx";
  DROP INDEX "events_translations_translations_es_status_idx";
  DROP INDEX "venues_translations_translations_source_idx";
  DROP INDEX "venues_translations_translations_en_status_idx";
  DROP INDEX "venues_translations_translations_fr_status_idx";
  DROP INDEX "venues_translations_translations_es_status_idx";
  DROP INDEX "organizers_translations_translations_source_idx";
  DROP INDEX "organizers_translations_translations_en_status_idx";
  DROP INDEX "organizers_translations_translations_fr_status_idx";
  DROP INDEX "organizers_translations_translations_es_status_idx";
  DROP INDEX "event_categories_translations_translations_source_idx";
  DROP INDEX "event_categories_translations_translations_en_status_idx";
  DROP INDEX "event_categories_translations_translations_fr_status_idx";
  DROP INDEX "event_categories_translations_translations_es_status_idx";
  DROP INDEX "event_tags_translations_translations_source_idx";
  DROP INDEX "event_tags_translations_translations_en_status_idx";
  DROP INDEX "event_tags_translations_translations_fr_status_idx";
  DROP INDEX "event_tags_translations_translations_es_status_idx";
  ALTER TABLE "events" DROP COLUMN "translations_source";
  ALTER TABLE "events" DROP COLUMN "translations_en_status";
  ALTER TABLE "events" DROP COLUMN "translations_fr_status";
  ALTER TABLE "events" DROP COLUMN "translations_es_status";
  ALTER TABLE "events" DROP COLUMN "translations_written";
  ALTER TABLE "venues" DROP COLUMN "translations_source";
  ALTER TABLE "venues" DROP COLUMN "translations_en_status";
  ALTER TABLE "venues" DROP COLUMN "translations_fr_status";
  ALTER TABLE "venues" DROP COLUMN "translations_es_status";
  ALTER TABLE "venues" DROP COLUMN "translations_written";
  ALTER TABLE "organizers" DROP COLUMN "translations_source";
  ALTER TABLE "organizers" DROP COLUMN "translations_en_status";
  ALTER TABLE "organizers" DROP COLUMN "translations_fr_status";
  ALTER TABLE "organizers" DROP COLUMN "translations_es_status";
  ALTER TABLE "organizers" DROP COLUMN "translations_written";
  ALTER TABLE "event_categories" DROP COLUMN "translations_source";
  ALTER TABLE "event_categories" DROP COLUMN "translations_en_status";
  ALTER TABLE "event_categories" DROP COLUMN "translations_fr_status";
  ALTER TABLE "event_categories" DROP COLUMN "translations_es_status";
  ALTER TABLE "event_categories" DROP COLUMN "translations_written";
  ALTER TABLE "event_tags" DROP COLUMN "translations_source";
  ALTER TABLE "event_tags" DROP COLUMN "translations_en_status";
  ALTER TABLE "event_tags" DROP COLUMN "translations_fr_status";
  ALTER TABLE "event_tags" DROP COLUMN "translations_es_status";
  ALTER TABLE "event_tags" DROP COLUMN "translations_written";
  DROP TYPE "public"."enum_events_translations_source";
  DROP TYPE "public"."enum_events_translations_en_status";
  DROP TYPE "public"."enum_events_translations_fr_status";
  DROP TYPE "public"."enum_events_translations_es_status";
  DROP TYPE "public"."enum_venues_translations_source";
  DROP TYPE "public"."enum_venues_translations_en_status";
  DROP TYPE "public"."enum_venues_translations_fr_status";
  DROP TYPE "public"."enum_venues_translations_es_status";
  DROP TYPE "public"."enum_organizers_translations_source";
  DROP TYPE "public"."enum_organizers_translations_en_status";
  DROP TYPE "public"."enum_organizers_translations_fr_status";
  DROP TYPE "public"."enum_organizers_translations_es_status";
  DROP TYPE "public"."enum_event_categories_translations_source";
  DROP TYPE "public"."enum_event_categories_translations_en_status";
  DROP TYPE "public"."enum_event_categories_translations_fr_status";
  DROP TYPE "public"."enum_event_categories_translations_es_status";
  DROP TYPE "public"."enum_event_tags_translations_source";
  DROP TYPE "public"."enum_event_tags_translations_en_status";
  DROP TYPE "public"."enum_event_tags_translations_fr_status";
  DROP TYPE "public"."enum_event_tags_translations_es_status";`)
}
