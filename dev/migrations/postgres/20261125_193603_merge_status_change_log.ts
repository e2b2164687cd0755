import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

// The merge of two branches' migrations (status_and_attendance, change_log), each of which
// changes the schema itself: this one only records the schema with both (its .json snapshot).
export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}
