/**
 * Lets the event loop run what waits (other requests' I/O, timers) before going on. libSQL's local
 * client runs each statement synchronously and answers with a promise already settled, so a loop of
 * awaited statements is a chain of microtasks that never gives the loop a turn: one long export or
 * series would hold every other request until it ends. Heavy loops call this between their slices.
 */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))
