import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-sqlite'

// The merge of two branches' migrations (webhooks, record_forms and published_order), each of
// which changes the schema itself: this one only records the schema with both (its .json snapshot).
export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}
