import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Trigram indexes on the texts the v1 archive searches (endpoints/events/archive.ts `searchWhere`:
 * ILIKE '%word%' on the title, the description and the excerpt). Written by hand: Payload's
 * collections cannot declare them. They let PostgreSQL estimate how many events a word matches
 * (without them it guessed from a sample, and chose by chance between walking the date window in
 * order and reading every text) and find the events of a rare word without reading every text
 * (issue #27, docs/benchmark.md). `pg_trgm` ships with PostgreSQL and a database's owner may
 * create it; where that is refused, the migration leaves searching as it was (no index).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  DO $$
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN insufficient_privilege OR undefined_file THEN
    RAISE NOTICE 'pg_trgm is not available: the v1 search runs without trigram indexes';
  END
  $$;`)
  await db.execute(sql`
  DO $$
  BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
      CREATE INDEX IF NOT EXISTS "events_locales_title_trgm_idx" ON "events_locales" USING gin ("title" gin_trgm_ops);
      CREATE INDEX IF NOT EXISTS "events_locales_description_html_trgm_idx" ON "events_locales" USING gin ("description_html" gin_trgm_ops);
      CREATE INDEX IF NOT EXISTS "events_locales_excerpt_html_trgm_idx" ON "events_locales" USING gin ("excerpt_html" gin_trgm_ops);
    END IF;
  END
  $$;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX IF EXISTS "events_locales_title_trgm_idx";
  DROP INDEX IF EXISTS "events_locales_description_html_trgm_idx";
  DROP INDEX IF EXISTS "events_locales_excerpt_html_trgm_idx";`)
}
