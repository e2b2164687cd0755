import * as migration_20261122_035740_initial from './20261122_035740_initial'
import * as migration_20261122_041436_category_full_name from './20261122_041436_category_full_name'
import * as migration_20261122_050647_counts_and_protection from './20261122_050647_counts_and_protection'
import * as migration_20261122_051621_parent_lookup_indexes from './20261122_051621_parent_lookup_indexes'
import * as migration_20261122_054140_archive_indexes from './20261122_054140_archive_indexes'
import * as migration_20261122_055046_titles_in_some_language_and_password_resets from './20261122_055046_titles_in_some_language_and_password_resets'
import * as migration_20261124_191958_event_sequence from './20261124_191958_event_sequence'
import * as migration_20261124_200149_importer from './20261124_200149_importer'
import * as migration_20261124_205006_scheduled_posts_index from './20261124_205006_scheduled_posts_index'
import * as migration_20261124_214435_rich_text from './20261124_214435_rich_text'
import * as migration_20261124_224545_recurring_series from './20261124_224545_recurring_series'
import * as migration_20261125_092922_import_runs_liveness from './20261125_092922_import_runs_liveness'
import * as migration_20261125_145250_csv_import from './20261125_145250_csv_import'
import * as migration_20261125_175129_status_and_attendance from './20261125_175129_status_and_attendance'
import * as migration_20261125_175707_change_log from './20261125_175707_change_log'
import * as migration_20261125_193558_merge_status_change_log from './20261125_193558_merge_status_change_log'
import * as migration_20261125_210616_webhooks from './20261125_210616_webhooks'
import * as migration_20261125_210715_record_forms from './20261125_210715_record_forms'
import * as migration_20261125_213117_published_order from './20261125_213117_published_order'
import * as migration_20261125_214439_merge_record_forms_webhooks from './20261125_214439_merge_record_forms_webhooks'
import * as migration_20261126_005830_archive_order from './20261126_005830_archive_order'
import * as migration_20261127_144920_facet_ids from './20261127_144920_facet_ids'
import * as migration_20261128_100221_translation_status from './20261128_100221_translation_status'
import * as migration_20261128_140528_translation_runs from './20261128_140528_translation_runs'
import * as migration_20261202_071049_rsvp_tickets from './20261202_071049_rsvp_tickets'

export const migrations = [
  {
    up: migration_20261122_035740_initial.up,
    down: migration_20261122_035740_initial.down,
    name: '20261122_035740_initial',
  },
  {
    up: migration_20261122_041436_category_full_name.up,
    down: migration_20261122_041436_category_full_name.down,
    name: '20261122_041436_category_full_name',
  },
  {
    up: migration_20261122_050647_counts_and_protection.up,
    down: migration_20261122_050647_counts_and_protection.down,
    name: '20261122_050647_counts_and_protection',
  },
  {
    up: migration_20261122_051621_parent_lookup_indexes.up,
    down: migration_20261122_051621_parent_lookup_indexes.down,
    name: '20261122_051621_parent_lookup_indexes',
  },
  {
    up: migration_20261122_054140_archive_indexes.up,
    down: migration_20261122_054140_archive_indexes.down,
    name: '20261122_054140_archive_indexes',
  },
  {
    up: migration_20261122_055046_titles_in_some_language_and_password_resets.up,
    down: migration_20261122_055046_titles_in_some_language_and_password_resets.down,
    name: '20261122_055046_titles_in_some_language_and_password_resets',
  },
  {
    up: migration_20261124_191958_event_sequence.up,
    down: migration_20261124_191958_event_sequence.down,
    name: '20261124_191958_event_sequence',
  },
  {
    up: migration_20261124_200149_importer.up,
    down: migration_20261124_200149_importer.down,
    name: '20261124_200149_importer',
  },
  {
    up: migration_20261124_205006_scheduled_posts_index.up,
    down: migration_20261124_205006_scheduled_posts_index.down,
    name: '20261124_205006_scheduled_posts_index',
  },
  {
    up: migration_20261124_214435_rich_text.up,
    down: migration_20261124_214435_rich_text.down,
    name: '20261124_214435_rich_text',
  },
  {
    up: migration_20261124_224545_recurring_series.up,
    down: migration_20261124_224545_recurring_series.down,
    name: '20261124_224545_recurring_series',
  },
  {
    up: migration_20261125_092922_import_runs_liveness.up,
    down: migration_20261125_092922_import_runs_liveness.down,
    name: '20261125_092922_import_runs_liveness',
  },
  {
    up: migration_20261125_145250_csv_import.up,
    down: migration_20261125_145250_csv_import.down,
    name: '20261125_145250_csv_import',
  },
  {
    up: migration_20261125_175129_status_and_attendance.up,
    down: migration_20261125_175129_status_and_attendance.down,
    name: '20261125_175129_status_and_attendance',
  },
  {
    up: migration_20261125_175707_change_log.up,
    down: migration_20261125_175707_change_log.down,
    name: '20261125_175707_change_log',
  },
  {
    up: migration_20261125_193558_merge_status_change_log.up,
    down: migration_20261125_193558_merge_status_change_log.down,
    name: '20261125_193558_merge_status_change_log',
  },
  {
    up: migration_20261125_210616_webhooks.up,
    down: migration_20261125_210616_webhooks.down,
    name: '20261125_210616_webhooks',
  },
  {
    up: migration_20261125_210715_record_forms.up,
    down: migration_20261125_210715_record_forms.down,
    name: '20261125_210715_record_forms',
  },
  {
    up: migration_20261125_213117_published_order.up,
    down: migration_20261125_213117_published_order.down,
    name: '20261125_213117_published_order',
  },
  {
    up: migration_20261125_214439_merge_record_forms_webhooks.up,
    down: migration_20261125_214439_merge_record_forms_webhooks.down,
    name: '20261125_214439_merge_record_forms_webhooks',
  },
  {
    up: migration_20261126_005830_archive_order.up,
    down: migration_20261126_005830_archive_order.down,
    name: '20261126_005830_archive_order',
  },
  {
    up: migration_20261127_144920_facet_ids.up,
    down: migration_20261127_144920_facet_ids.down,
    name: '20261127_144920_facet_ids',
  },
  {
    up: migration_20261128_100221_translation_status.up,
    down: migration_20261128_100221_translation_status.down,
    name: '20261128_100221_translation_status',
  },
  {
    up: migration_20261128_140528_translation_runs.up,
    down: migration_20261128_140528_translation_runs.down,
    name: '20261128_140528_translation_runs',
  },
  {
    up: migration_20261202_071049_rsvp_tickets.up,
    down: migration_20261202_071049_rsvp_tickets.down,
    name: '20261202_071049_rsvp_tickets',
  },
]
