import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_events_locales\` (
  	\`title\` text,
  	\`description\` text,
  	\`excerpt\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` numeric NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_events_locales\`("title", "description", "excerpt", "id", "_locale", "_parent_id") SELECT "title", "description", "excerpt", "id", "_locale", "_parent_id" FROM \`events_locales\`;`,
  )
  await db.run(sql`DROP TABLE \`events_locales\`;`)
  await db.run(sql`ALTER TABLE \`__new_events_locales\` RENAME TO \`events_locales\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(
    sql`CREATE UNIQUE INDEX \`events_locales_locale_parent_id_unique\` ON \`events_locales\` (\`_locale\`,\`_parent_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`events_locales_parent_lookup_idx\` ON \`events_locales\` (\`_parent_id\`);`,
  )
  await db.run(sql`CREATE TABLE \`__new_venues_locales\` (
  	\`name\` text,
  	\`description\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` numeric NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`venues\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_venues_locales\`("name", "description", "id", "_locale", "_parent_id") SELECT "name", "description", "id", "_locale", "_parent_id" FROM \`venues_locales\`;`,
  )
  await db.run(sql`DROP TABLE \`venues_locales\`;`)
  await db.run(sql`ALTER TABLE \`__new_venues_locales\` RENAME TO \`venues_locales\`;`)
  await db.run(
    sql`CREATE UNIQUE INDEX \`venues_locales_locale_parent_id_unique\` ON \`venues_locales\` (\`_locale\`,\`_parent_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`venues_locales_parent_lookup_idx\` ON \`venues_locales\` (\`_parent_id\`);`,
  )
  await db.run(sql`CREATE TABLE \`__new_organizers_locales\` (
  	\`name\` text,
  	\`description\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` numeric NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`organizers\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_organizers_locales\`("name", "description", "id", "_locale", "_parent_id") SELECT "name", "description", "id", "_locale", "_parent_id" FROM \`organizers_locales\`;`,
  )
  await db.run(sql`DROP TABLE \`organizers_locales\`;`)
  await db.run(sql`ALTER TABLE \`__new_organizers_locales\` RENAME TO \`organizers_locales\`;`)
  await db.run(
    sql`CREATE UNIQUE INDEX \`organizers_locales_locale_parent_id_unique\` ON \`organizers_locales\` (\`_locale\`,\`_parent_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`organizers_locales_parent_lookup_idx\` ON \`organizers_locales\` (\`_parent_id\`);`,
  )
  await db.run(sql`CREATE TABLE \`__new_event_categories_locales\` (
  	\`name\` text,
  	\`description\` text,
  	\`full_name\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` numeric NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`event_categories\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_event_categories_locales\`("name", "description", "full_name", "id", "_locale", "_parent_id") SELECT "name", "description", "full_name", "id", "_locale", "_parent_id" FROM \`event_categories_locales\`;`,
  )
  await db.run(sql`DROP TABLE \`event_categories_locales\`;`)
  await db.run(
    sql`ALTER TABLE \`__new_event_categories_locales\` RENAME TO \`event_categories_locales\`;`,
  )
  await db.run(
    sql`CREATE UNIQUE INDEX \`event_categories_locales_locale_parent_id_unique\` ON \`event_categories_locales\` (\`_locale\`,\`_parent_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`event_categories_locales_parent_lookup_idx\` ON \`event_categories_locales\` (\`_parent_id\`);`,
  )
  await db.run(sql`CREATE TABLE \`__new_event_tags_locales\` (
  	\`name\` text,
  	\`description\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` numeric NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`event_tags\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_event_tags_locales\`("name", "description", "id", "_locale", "_parent_id") SELECT "name", "description", "id", "_locale", "_parent_id" FROM \`event_tags_locales\`;`,
  )
  await db.run(sql`DROP TABLE \`event_tags_locales\`;`)
  await db.run(sql`ALTER TABLE \`__new_event_tags_locales\` RENAME TO \`event_tags_locales\`;`)
  await db.run(
    sql`CREATE UNIQUE INDEX \`event_tags_locales_locale_parent_id_unique\` ON \`event_tags_locales\` (\`_locale\`,\`_parent_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`event_tags_locales_parent_lookup_idx\` ON \`event_tags_locales\` (\`_parent_id\`);`,
  )
  await db.run(sql`ALTER TABLE \`users\` DROP COLUMN \`reset_password_requested_at\`;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_events_locales\` (
  	\`title\` text NOT NULL,
  	\`description\` text,
  	\`excerpt\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` numeric NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_events_locales\`("title", "description", "excerpt", "id", "_locale", "_parent_id") SELECT "title", "description", "excerpt", "id", "_locale", "_parent_id" FROM \`events_locales\`;`,
  )
  await db.run(sql`DROP TABLE \`events_locales\`;`)
  await db.run(sql`ALTER TABLE \`__new_events_locales\` RENAME TO \`events_locales\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(
    sql`CREATE UNIQUE INDEX \`events_locales_locale_parent_id_unique\` ON \`events_locales\` (\`_locale\`,\`_parent_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`events_locales_parent_lookup_idx\` ON \`events_locales\` (\`_parent_id\`);`,
  )
  await db.run(sql`CREATE TABLE \`__new_venues_locales\` (
  	\`name\` text NOT NULL,
  	\`description\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` numeric NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`venues\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_venues_locales\`("name", "description", "id", "_locale", "_parent_id") SELECT "name", "description", "id", "_locale", "_parent_id" FROM \`venues_locales\`;`,
  )
  await db.run(sql`DROP TABLE \`venues_locales\`;`)
  await db.run(sql`ALTER TABLE \`__new_venues_locales\` RENAME TO \`venues_locales\`;`)
  await db.run(
    sql`CREATE UNIQUE INDEX \`venues_locales_locale_parent_id_unique\` ON \`venues_locales\` (\`_locale\`,\`_parent_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`venues_locales_parent_lookup_idx\` ON \`venues_locales\` (\`_parent_id\`);`,
  )
  await db.run(sql`CREATE TABLE \`__new_organizers_locales\` (
  	\`name\` text NOT NULL,
  	\`description\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` numeric NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`organizers\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_organizers_locales\`("name", "description", "id", "_locale", "_parent_id") SELECT "name", "description", "id", "_locale", "_parent_id" FROM \`organizers_locales\`;`,
  )
  await db.run(sql`DROP TABLE \`organizers_locales\`;`)
  await db.run(sql`ALTER TABLE \`__new_organizers_locales\` RENAME TO \`organizers_locales\`;`)
  await db.run(
    sql`CREATE UNIQUE INDEX \`organizers_locales_locale_parent_id_unique\` ON \`organizers_locales\` (\`_locale\`,\`_parent_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`organizers_locales_parent_lookup_idx\` ON \`organizers_locales\` (\`_parent_id\`);`,
  )
  await db.run(sql`CREATE TABLE \`__new_event_categories_locales\` (
  	\`name\` text NOT NULL,
  	\`description\` text,
  	\`full_name\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` numeric NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`event_categories\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_event_categories_locales\`("name", "description", "full_name", "id", "_locale", "_parent_id") SELECT "name", "description", "full_name", "id", "_locale", "_parent_id" FROM \`event_categories_locales\`;`,
  )
  await db.run(sql`DROP TABLE \`event_categories_locales\`;`)
  await db.run(
    sql`ALTER TABLE \`__new_event_categories_locales\` RENAME TO \`event_categories_locales\`;`,
  )
  await db.run(
    sql`CREATE UNIQUE INDEX \`event_categories_locales_locale_parent_id_unique\` ON \`event_categories_locales\` (\`_locale\`,\`_parent_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`event_categories_locales_parent_lookup_idx\` ON \`event_categories_locales\` (\`_parent_id\`);`,
  )
  await db.run(sql`CREATE TABLE \`__new_event_tags_locales\` (
  	\`name\` text NOT NULL,
  	\`description\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` numeric NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`event_tags\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_event_tags_locales\`("name", "description", "id", "_locale", "_parent_id") SELECT "name", "description", "id", "_locale", "_parent_id" FROM \`event_tags_locales\`;`,
  )
  await db.run(sql`DROP TABLE \`event_tags_locales\`;`)
  await db.run(sql`ALTER TABLE \`__new_event_tags_locales\` RENAME TO \`event_tags_locales\`;`)
  await db.run(
    sql`CREATE UNIQUE INDEX \`event_tags_locales_locale_parent_id_unique\` ON \`event_tags_locales\` (\`_locale\`,\`_parent_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`event_tags_locales_parent_lookup_idx\` ON \`event_tags_locales\` (\`_parent_id\`);`,
  )
  await db.run(sql`ALTER TABLE \`users\` ADD \`reset_password_requested_at\` text;`)
}
