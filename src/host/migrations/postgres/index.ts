import * as migration_20261124_044428_initial from './20261124_044428_initial';
import * as migration_20261124_195210_importer from './20261124_195210_importer';

export const migrations = [
  {
    up: migration_20261124_044428_initial.up,
    down: migration_20261124_044428_initial.down,
    name: '20261124_044428_initial',
  },
  {
    up: migration_20261124_195210_importer.up,
    down: migration_20261124_195210_importer.down,
    name: '20261124_195210_importer'
  },
];
