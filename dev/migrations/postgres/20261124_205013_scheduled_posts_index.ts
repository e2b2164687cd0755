import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE INDEX "status_publishedAt_idx" ON "events" USING btree ("status","published_at");
  CREATE INDEX "status_publishedAt_1_idx" ON "venues" USING btree ("status","published_at");
  CREATE INDEX "status_publishedAt_2_idx" ON "organizers" USING btree ("status","published_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "status_publishedAt_idx";
  DROP INDEX "status_publishedAt_1_idx";
  DROP INDEX "status_publishedAt_2_idx";`)
}
