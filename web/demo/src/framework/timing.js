// Timings the scenes show live (not part of their answers): each measured after the frame is drawn, for the last
// of a run of changes (a drag), so that it never slows the scene down.

/** Microseconds per call of `run`: one call to warm it up, then as many as fit in about 20 ms. */
export function microseconds(run) {
  run();
  let calls = 0;
  const start = performance.now();
  do { run(); calls += 1; } while (performance.now() - start < 20);
  return (1000 * (performance.now() - start)) / calls;
}

/** Runs `measure` 50 ms after the last call of the function returned (a later call cancels the earlier one). */
export function afterChanges(measure) {
  let timer = 0;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => measure(...args), 50);
  };
}
