import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`payload_jobs_stats\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`stats\` text,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`DROP INDEX \`compound_index_idx\`;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`recurrence_rules\` text;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`recurrence_rdates\` text;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`recurrence_exdates\` text;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`recurrence_horizon\` text;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`is_series\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`series_id\` numeric REFERENCES events(id);`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`occurrence\` text;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`detached\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`copied_from\` text;`)
  await db.run(sql`CREATE INDEX \`events_is_series_idx\` ON \`events\` (\`is_series\`);`)
  await db.run(sql`CREATE INDEX \`events_series_idx\` ON \`events\` (\`series_id\`);`)
  await db.run(
    sql`CREATE INDEX \`series_occurrence_idx\` ON \`events\` (\`series_id\`,\`occurrence\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`compound_index_idx\` ON \`events\` (\`start_date_local\`,\`end_date_local\`,\`status\`,\`hide_from_listings\`,\`deleted_at\`,\`published_at\`,\`is_series\`);`,
  )
  await db.run(sql`ALTER TABLE \`payload_jobs\` ADD \`meta\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`payload_jobs_stats\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_events\` (
  	\`id\` numeric PRIMARY KEY NOT NULL,
  	\`start_date\` text NOT NULL,
  	\`end_date\` text NOT NULL,
  	\`timezone\` text,
  	\`all_day\` integer DEFAULT false,
  	\`start_date_local\` text,
  	\`end_date_local\` text,
  	\`venue_id\` numeric,
  	\`currency_symbol\` text,
  	\`currency_code\` text,
  	\`currency_position\` text,
  	\`website\` text,
  	\`show_map\` integer DEFAULT true,
  	\`show_map_link\` integer DEFAULT true,
  	\`hide_from_listings\` integer DEFAULT false,
  	\`sticky\` integer DEFAULT false,
  	\`featured\` integer DEFAULT false,
  	\`ticketed\` integer DEFAULT false,
  	\`parent_id\` numeric,
  	\`slug\` text,
  	\`status\` text DEFAULT 'draft' NOT NULL,
  	\`published_at\` text,
  	\`author_id\` numeric,
  	\`image_id\` numeric,
  	\`image_url\` text,
  	\`password\` text,
  	\`has_password\` integer DEFAULT false,
  	\`sequence\` numeric DEFAULT 0,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`deleted_at\` text,
  	FOREIGN KEY (\`venue_id\`) REFERENCES \`venues\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`author_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_events\`("id", "start_date", "end_date", "timezone", "all_day", "start_date_local", "end_date_local", "venue_id", "currency_symbol", "currency_code", "currency_position", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured", "ticketed", "parent_id", "slug", "status", "published_at", "author_id", "image_id", "image_url", "password", "has_password", "sequence", "updated_at", "created_at", "deleted_at") SELECT "id", "start_date", "end_date", "timezone", "all_day", "start_date_local", "end_date_local", "venue_id", "currency_symbol", "currency_code", "currency_position", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured", "ticketed", "parent_id", "slug", "status", "published_at", "author_id", "image_id", "image_url", "password", "has_password", "sequence", "updated_at", "created_at", "deleted_at" FROM \`events\`;`,
  )
  await db.run(sql`DROP TABLE \`events\`;`)
  await db.run(sql`ALTER TABLE \`__new_events\` RENAME TO \`events\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`events_start_date_idx\` ON \`events\` (\`start_date\`);`)
  await db.run(sql`CREATE INDEX \`events_end_date_idx\` ON \`events\` (\`end_date\`);`)
  await db.run(
    sql`CREATE INDEX \`events_start_date_local_idx\` ON \`events\` (\`start_date_local\`);`,
  )
  await db.run(sql`CREATE INDEX \`events_end_date_local_idx\` ON \`events\` (\`end_date_local\`);`)
  await db.run(sql`CREATE INDEX \`events_venue_idx\` ON \`events\` (\`venue_id\`);`)
  await db.run(
    sql`CREATE INDEX \`events_hide_from_listings_idx\` ON \`events\` (\`hide_from_listings\`);`,
  )
  await db.run(sql`CREATE INDEX \`events_featured_idx\` ON \`events\` (\`featured\`);`)
  await db.run(sql`CREATE INDEX \`events_ticketed_idx\` ON \`events\` (\`ticketed\`);`)
  await db.run(sql`CREATE INDEX \`events_parent_idx\` ON \`events\` (\`parent_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`events_slug_idx\` ON \`events\` (\`slug\`);`)
  await db.run(sql`CREATE INDEX \`events_status_idx\` ON \`events\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`events_published_at_idx\` ON \`events\` (\`published_at\`);`)
  await db.run(sql`CREATE INDEX \`events_author_idx\` ON \`events\` (\`author_id\`);`)
  await db.run(sql`CREATE INDEX \`events_image_idx\` ON \`events\` (\`image_id\`);`)
  await db.run(sql`CREATE INDEX \`events_updated_at_idx\` ON \`events\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`events_created_at_idx\` ON \`events\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`events_deleted_at_idx\` ON \`events\` (\`deleted_at\`);`)
  await db.run(
    sql`CREATE INDEX \`status_publishedAt_idx\` ON \`events\` (\`status\`,\`published_at\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`startDateLocal_id_idx\` ON \`events\` (\`start_date_local\`,\`id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`compound_index_idx\` ON \`events\` (\`start_date_local\`,\`end_date_local\`,\`status\`,\`hide_from_listings\`,\`deleted_at\`,\`published_at\`);`,
  )
  await db.run(sql`ALTER TABLE \`payload_jobs\` DROP COLUMN \`meta\`;`)
}
