// The median over `runs` timed calls of `pass`, after one warm-up call: { ms, result } (result: the last call's).
export function median(runs, pass) {
  const samples = [];
  let result;
  for (let run = 0; run <= runs; ++run) {
    const start = performance.now();
    result = pass();
    if (run > 0) samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { ms: samples[samples.length >> 1], result };
}
