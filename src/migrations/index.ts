import * as migration_20261122_035740_initial from './20261122_035740_initial';
import * as migration_20261122_044620_localized_titles_in_some_language from './20261122_044620_localized_titles_in_some_language';
import * as migration_20261122_053338_password_resets_without_throttle from './20261122_053338_password_resets_without_throttle';

export const migrations = [
  {
    up: migration_20261122_035740_initial.up,
    down: migration_20261122_035740_initial.down,
    name: '20261122_035740_initial',
  },
  {
    up: migration_20261122_044620_localized_titles_in_some_language.up,
    down: migration_20261122_044620_localized_titles_in_some_language.down,
    name: '20261122_044620_localized_titles_in_some_language',
  },
  {
    up: migration_20261122_053338_password_resets_without_throttle.up,
    down: migration_20261122_053338_password_resets_without_throttle.down,
    name: '20261122_053338_password_resets_without_throttle'
  },
];
