import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_event_attendees_checkin_source" AS ENUM('site', 'rest-api', 'admin');
  CREATE TYPE "public"."enum_event_attendees_source" AS ENUM('rsvp', 'rest-api', 'admin');
  CREATE TABLE "event_tickets" (
  	"id" numeric PRIMARY KEY NOT NULL,
  	"event_id" numeric NOT NULL,
  	"capacity" numeric,
  	"available_from" timestamp(3) with time zone,
  	"available_until" timestamp(3) with time zone,
  	"show_description" boolean DEFAULT true,
  	"show_not_going" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "event_tickets_locales" (
  	"name" varchar NOT NULL,
  	"description" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" numeric NOT NULL
  );
  
  CREATE TABLE "event_attendees" (
  	"id" numeric PRIMARY KEY NOT NULL,
  	"ticket_id" numeric NOT NULL,
  	"event_id" numeric,
  	"full_name" varchar NOT NULL,
  	"email" varchar NOT NULL,
  	"going" boolean DEFAULT true,
  	"optout" boolean DEFAULT false,
  	"waitlisted" boolean DEFAULT false,
  	"checked_in" boolean DEFAULT false,
  	"checked_in_at" timestamp(3) with time zone,
  	"checkin_source" "enum_event_attendees_checkin_source",
  	"order" varchar,
  	"security_code" varchar,
  	"source" "enum_event_attendees_source",
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "event_tickets_id" numeric;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "event_attendees_id" numeric;
  ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "event_tickets_locales" ADD CONSTRAINT "event_tickets_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."event_tickets"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_ticket_id_event_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."event_tickets"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "event_tickets_event_idx" ON "event_tickets" USING btree ("event_id");
  CREATE INDEX "event_tickets_updated_at_idx" ON "event_tickets" USING btree ("updated_at");
  CREATE INDEX "event_tickets_created_at_idx" ON "event_tickets" USING btree ("created_at");
  CREATE UNIQUE INDEX "event_tickets_locales_locale_parent_id_unique" ON "event_tickets_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "event_attendees_ticket_idx" ON "event_attendees" USING btree ("ticket_id");
  CREATE INDEX "event_attendees_event_idx" ON "event_attendees" USING btree ("event_id");
  CREATE INDEX "event_attendees_going_idx" ON "event_attendees" USING btree ("going");
  CREATE INDEX "event_attendees_waitlisted_idx" ON "event_attendees" USING btree ("waitlisted");
  CREATE INDEX "event_attendees_order_idx" ON "event_attendees" USING btree ("order");
  CREATE INDEX "event_attendees_updated_at_idx" ON "event_attendees" USING btree ("updated_at");
  CREATE INDEX "event_attendees_created_at_idx" ON "event_attendees" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_event_tickets_fk" FOREIGN KEY ("event_tickets_id") REFERENCES "public"."event_tickets"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_event_attendees_fk" FOREIGN KEY ("event_attendees_id") REFERENCES "public"."event_attendees"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_event_tickets_id_idx" ON "payload_locked_documents_rels" USING btree ("event_tickets_id");
  CREATE INDEX "payload_locked_documents_rels_event_attendees_id_idx" ON "payload_locked_documents_rels" USING btree ("event_attendees_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "event_tickets" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "event_tickets_locales" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "event_attendees" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "event_tickets" CASCADE;
  DROP TABLE "event_tickets_locales" CASCADE;
  DROP TABLE "event_attendees" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_event_tickets_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_event_attendees_fk";
  
  DROP INDEX "payload_locked_documents_rels_event_tickets_id_idx";
  DROP INDEX "payload_locked_documents_rels_event_attendees_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "event_tickets_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "event_attendees_id";
  DROP TYPE "public"."enum_event_attendees_checkin_source";
  DROP TYPE "public"."enum_event_attendees_source";`)
}
