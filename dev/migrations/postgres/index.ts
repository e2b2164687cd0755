import * as migration_20261124_044428_initial from './20261124_044428_initial'
import * as migration_20261124_192003_event_sequence from './20261124_192003_event_sequence'
import * as migration_20261124_200155_importer from './20261124_200155_importer'
import * as migration_20261124_205013_scheduled_posts_index from './20261124_205013_scheduled_posts_index'
import * as migration_20261124_214449_rich_text from './20261124_214449_rich_text'
import * as migration_20261124_224600_recurring_series from './20261124_224600_recurring_series'
import * as migration_20261125_092931_import_runs_liveness from './20261125_092931_import_runs_liveness'
import * as migration_20261125_145308_csv_import from './20261125_145308_csv_import'
import * as migration_20261125_175140_status_and_attendance from './20261125_175140_status_and_attendance'
import * as migration_20261125_175728_change_log from './20261125_175728_change_log'
import * as migration_20261125_193603_merge_status_change_log from './20261125_193603_merge_status_change_log'
import * as migration_20261125_210625_webhooks from './20261125_210625_webhooks'
import * as migration_20261125_210721_record_forms from './20261125_210721_record_forms'
import * as migration_20261125_213124_published_order from './20261125_213124_published_order'
import * as migration_20261125_214444_merge_record_forms_webhooks from './20261125_214444_merge_record_forms_webhooks'
import * as migration_20261126_005822_archive_order from './20261126_005822_archive_order'
import * as migration_20261126_010030_search_trigrams from './20261126_010030_search_trigrams'
import * as migration_20261127_122040_due_posts_task from './20261127_122040_due_posts_task'
import * as migration_20261127_144928_facet_ids from './20261127_144928_facet_ids'
import * as migration_20261128_100232_translation_status from './20261128_100232_translation_status'
import * as migration_20261128_140540_translation_runs from './20261128_140540_translation_runs'
import * as migration_20261128_231416_term_recount_task from './20261128_231416_term_recount_task'
import * as migration_20261202_071056_rsvp_tickets from './20261202_071056_rsvp_tickets'

export const migrations = [
  {
    up: migration_20261124_044428_initial.up,
    down: migration_20261124_044428_initial.down,
    name: '20261124_044428_initial',
  },
  {
    up: migration_20261124_192003_event_sequence.up,
    down: migration_20261124_192003_event_sequence.down,
    name: '20261124_192003_event_sequence',
  },
  {
    up: migration_20261124_200155_importer.up,
    down: migration_20261124_200155_importer.down,
    name: '20261124_200155_importer',
  },
  {
    up: migration_20261124_205013_scheduled_posts_index.up,
    down: migration_20261124_205013_scheduled_posts_index.down,
    name: '20261124_205013_scheduled_posts_index',
  },
  {
    up: migration_20261124_214449_rich_text.up,
    down: migration_20261124_214449_rich_text.down,
    name: '20261124_214449_rich_text',
  },
  {
    up: migration_20261124_224600_recurring_series.up,
    down: migration_20261124_224600_recurring_series.down,
    name: '20261124_224600_recurring_series',
  },
  {
    up: migration_20261125_092931_import_runs_liveness.up,
    down: migration_20261125_092931_import_runs_liveness.down,
    name: '20261125_092931_import_runs_liveness',
  },
  {
    up: migration_20261125_145308_csv_import.up,
    down: migration_20261125_145308_csv_import.down,
    name: '20261125_145308_csv_import',
  },
  {
    up: migration_20261125_175140_status_and_attendance.up,
    down: migration_20261125_175140_status_and_attendance.down,
    name: '20261125_175140_status_and_attendance',
  },
  {
    up: migration_20261125_175728_change_log.up,
    down: migration_20261125_175728_change_log.down,
    name: '20261125_175728_change_log',
  },
  {
    up: migration_20261125_193603_merge_status_change_log.up,
    down: migration_20261125_193603_merge_status_change_log.down,
    name: '20261125_193603_merge_status_change_log',
  },
  {
    up: migration_20261125_210625_webhooks.up,
    down: migration_20261125_210625_webhooks.down,
    name: '20261125_210625_webhooks',
  },
  {
    up: migration_20261125_210721_record_forms.up,
    down: migration_20261125_210721_record_forms.down,
    name: '20261125_210721_record_forms',
  },
  {
    up: migration_20261125_213124_published_order.up,
    down: migration_20261125_213124_published_order.down,
    name: '20261125_213124_published_order',
  },
  {
    up: migration_20261125_214444_merge_record_forms_webhooks.up,
    down: migration_20261125_214444_merge_record_forms_webhooks.down,
    name: '20261125_214444_merge_record_forms_webhooks',
  },
  {
    up: migration_20261126_005822_archive_order.up,
    down: migration_20261126_005822_archive_order.down,
    name: '20261126_005822_archive_order',
  },
  {
    up: migration_20261126_010030_search_trigrams.up,
    down: migration_20261126_010030_search_trigrams.down,
    name: '20261126_010030_search_trigrams',
  },
  {
    up: migration_20261127_122040_due_posts_task.up,
    down: migration_20261127_122040_due_posts_task.down,
    name: '20261127_122040_due_posts_task',
  },
  {
    up: migration_20261127_144928_facet_ids.up,
    down: migration_20261127_144928_facet_ids.down,
    name: '20261127_144928_facet_ids',
  },
  {
    up: migration_20261128_100232_translation_status.up,
    down: migration_20261128_100232_translation_status.down,
    name: '20261128_100232_translation_status',
  },
  {
    up: migration_20261128_140540_translation_runs.up,
    down: migration_20261128_140540_translation_runs.down,
    name: '20261128_140540_translation_runs',
  },
  {
    up: migration_20261128_231416_term_recount_task.up,
    down: migration_20261128_231416_term_recount_task.down,
    name: '20261128_231416_term_recount_task',
  },
  {
    up: migration_20261202_071056_rsvp_tickets.up,
    down: migration_20261202_071056_rsvp_tickets.down,
    name: '20261202_071056_rsvp_tickets',
  },
]
