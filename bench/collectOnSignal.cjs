/* global process */
// Preloaded into the servers bench:compare measures (with --expose-gc): on SIGUSR2, a full garbage
// collection, then a line on stdout that says it is done. A round that starts right after one
// seldom has a major collection of its own, whose CPU would otherwise fall on whichever round it
// happened in (docs/benchmark.md, "The speed guard").
let collections = 0
process.on('SIGUSR2', () => {
  globalThis.gc()
  process.stdout.write(`bench: collected ${++collections}\n`)
})
