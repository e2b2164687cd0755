import * as migration_20261124_044428_initial from './20261124_044428_initial';

export const migrations = [
  {
    up: migration_20261124_044428_initial.up,
    down: migration_20261124_044428_initial.down,
    name: '20261124_044428_initial'
  },
];
