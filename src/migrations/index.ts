import * as migration_20261122_035740_initial from './20261122_035740_initial';

export const migrations = [
  {
    up: migration_20261122_035740_initial.up,
    down: migration_20261122_035740_initial.down,
    name: '20261122_035740_initial'
  },
];
