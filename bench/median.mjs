// The median over `runs` timed calls of `pass`, after one warm-up call: { ms, result } (result: the last call's).
export function median(runs, pass) {
  return medianEach(runs, [pass])[0];
}

// The same for several passes taking turns, one call of each per round, so that a change in the machine's load
// slows them alike: [{ ms, result }], one per pass.
export function medianEach(runs, passes) {
  const samples = passes.map(() => []), results = [];
  for (let run = 0; run <= runs; ++run) {
    passes.forEach((pass, i) => {
      const start = performance.now();
      results[i] = pass();
      if (run > 0) samples[i].push(performance.now() - start);
    });
  }
  return samples.map((s, i) => {
    s.sort((a, b) => a - b);
    return { ms: s[s.length >> 1], result: results[i] };
  });
}

// medianEach for passes that return promises (a worker pool's calls): each awaited before the next starts.
export async function medianEachAsync(runs, passes) {
  const samples = passes.map(() => []), results = [];
  for (let run = 0; run <= runs; ++run) {
    for (const [i, pass] of passes.entries()) {
      const start = performance.now();
      results[i] = await pass();
      if (run > 0) samples[i].push(performance.now() - start);
    }
  }
  return samples.map((s, i) => {
    s.sort((a, b) => a - b);
    return { ms: s[s.length >> 1], result: results[i] };
  });
}
