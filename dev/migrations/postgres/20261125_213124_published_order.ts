import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE INDEX "publishedAt_id_idx" ON "events" USING btree ("published_at","id");
  CREATE INDEX "publishedAt_id_1_idx" ON "venues" USING btree ("published_at","id");
  CREATE INDEX "publishedAt_id_2_idx" ON "organizers" USING btree ("published_at","id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "publishedAt_id_idx";
  DROP INDEX "publishedAt_id_1_idx";
  DROP INDEX "publishedAt_id_2_idx";`)
}
