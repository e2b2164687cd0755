import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`event_tickets\` (
  	\`id\` numeric PRIMARY KEY NOT NULL,
  	\`event_id\` numeric NOT NULL,
  	\`capacity\` numeric,
  	\`available_from\` text,
  	\`available_until\` text,
  	\`show_description\` integer DEFAULT true,
  	\`show_not_going\` integer DEFAULT false,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`event_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`event_tickets_event_idx\` ON \`event_tickets\` (\`event_id\`);`)
  await db.run(
    sql`CREATE INDEX \`event_tickets_updated_at_idx\` ON \`event_tickets\` (\`updated_at\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`event_tickets_created_at_idx\` ON \`event_tickets\` (\`created_at\`);`,
  )
  await db.run(sql`CREATE TABLE \`event_tickets_locales\` (
  	\`name\` text NOT NULL,
  	\`description\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` numeric NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`event_tickets\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(
    sql`CREATE UNIQUE INDEX \`event_tickets_locales_locale_parent_id_unique\` ON \`event_tickets_locales\` (\`_locale\`,\`_parent_id\`);`,
  )
  await db.run(sql`CREATE TABLE \`event_attendees\` (
  	\`id\` numeric PRIMARY KEY NOT NULL,
  	\`ticket_id\` numeric NOT NULL,
  	\`event_id\` numeric,
  	\`full_name\` text NOT NULL,
  	\`email\` text NOT NULL,
  	\`going\` integer DEFAULT true,
  	\`optout\` integer DEFAULT false,
  	\`waitlisted\` integer DEFAULT false,
  	\`checked_in\` integer DEFAULT false,
  	\`checked_in_at\` text,
  	\`checkin_source\` text,
  	\`order\` text,
  	\`security_code\` text,
  	\`source\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`ticket_id\`) REFERENCES \`event_tickets\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`event_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(
    sql`CREATE INDEX \`event_attendees_ticket_idx\` ON \`event_attendees\` (\`ticket_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`event_attendees_event_idx\` ON \`event_attendees\` (\`event_id\`);`,
  )
  await db.run(sql`CREATE INDEX \`event_attendees_going_idx\` ON \`event_attendees\` (\`going\`);`)
  await db.run(
    sql`CREATE INDEX \`event_attendees_waitlisted_idx\` ON \`event_attendees\` (\`waitlisted\`);`,
  )
  await db.run(sql`CREATE INDEX \`event_attendees_order_idx\` ON \`event_attendees\` (\`order\`);`)
  await db.run(
    sql`CREATE INDEX \`event_attendees_updated_at_idx\` ON \`event_attendees\` (\`updated_at\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`event_attendees_created_at_idx\` ON \`event_attendees\` (\`created_at\`);`,
  )
  await db.run(
    sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`event_tickets_id\` numeric REFERENCES event_tickets(id);`,
  )
  await db.run(
    sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`event_attendees_id\` numeric REFERENCES event_attendees(id);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_event_tickets_id_idx\` ON \`payload_locked_documents_rels\` (\`event_tickets_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_event_attendees_id_idx\` ON \`payload_locked_documents_rels\` (\`event_attendees_id\`);`,
  )
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`event_tickets\`;`)
  await db.run(sql`DROP TABLE \`event_tickets_locales\`;`)
  await db.run(sql`DROP TABLE \`event_attendees\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`users_id\` numeric,
  	\`events_id\` numeric,
  	\`venues_id\` numeric,
  	\`organizers_id\` numeric,
  	\`event_categories_id\` numeric,
  	\`event_tags_id\` numeric,
  	\`media_id\` numeric,
  	\`cal_sequences_id\` integer,
  	\`cal_changes_id\` integer,
  	\`cal_record_forms_id\` integer,
  	\`webhooks_id\` integer,
  	\`webhook_deliveries_id\` integer,
  	\`cal_import_mappings_id\` integer,
  	\`cal_import_runs_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`events_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`venues_id\`) REFERENCES \`venues\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`organizers_id\`) REFERENCES \`organizers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`event_categories_id\`) REFERENCES \`event_categories\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`event_tags_id\`) REFERENCES \`event_tags\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`cal_sequences_id\`) REFERENCES \`cal_sequences\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`cal_changes_id\`) REFERENCES \`cal_changes\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`cal_record_forms_id\`) REFERENCES \`cal_record_forms\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`webhooks_id\`) REFERENCES \`webhooks\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`webhook_deliveries_id\`) REFERENCES \`webhook_deliveries\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`cal_import_mappings_id\`) REFERENCES \`cal_import_mappings\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`cal_import_runs_id\`) REFERENCES \`cal_import_runs\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "users_id", "events_id", "venues_id", "organizers_id", "event_categories_id", "event_tags_id", "media_id", "cal_sequences_id", "cal_changes_id", "cal_record_forms_id", "webhooks_id", "webhook_deliveries_id", "cal_import_mappings_id", "cal_import_runs_id") SELECT "id", "order", "parent_id", "path", "users_id", "events_id", "venues_id", "organizers_id", "event_categories_id", "event_tags_id", "media_id", "cal_sequences_id", "cal_changes_id", "cal_record_forms_id", "webhooks_id", "webhook_deliveries_id", "cal_import_mappings_id", "cal_import_runs_id" FROM \`payload_locked_documents_rels\`;`,
  )
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(
    sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`,
  )
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_events_id_idx\` ON \`payload_locked_documents_rels\` (\`events_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_venues_id_idx\` ON \`payload_locked_documents_rels\` (\`venues_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_organizers_id_idx\` ON \`payload_locked_documents_rels\` (\`organizers_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_event_categories_id_idx\` ON \`payload_locked_documents_rels\` (\`event_categories_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_event_tags_id_idx\` ON \`payload_locked_documents_rels\` (\`event_tags_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_cal_sequences_id_idx\` ON \`payload_locked_documents_rels\` (\`cal_sequences_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_cal_changes_id_idx\` ON \`payload_locked_documents_rels\` (\`cal_changes_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_cal_record_forms_id_idx\` ON \`payload_locked_documents_rels\` (\`cal_record_forms_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_webhooks_id_idx\` ON \`payload_locked_documents_rels\` (\`webhooks_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_webhook_deliveries_id_idx\` ON \`payload_locked_documents_rels\` (\`webhook_deliveries_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_cal_import_mappings_id_idx\` ON \`payload_locked_documents_rels\` (\`cal_import_mappings_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_cal_import_runs_id_idx\` ON \`payload_locked_documents_rels\` (\`cal_import_runs_id\`);`,
  )
}
