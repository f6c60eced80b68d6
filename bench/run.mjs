// `npm run bench`: every workload in turn, each printing its markdown table, then one JSON file of all their rows
// (build/bench/results.json, or the path after --json) with the machine and the commit they were measured on.
// The native microbenchmarks (Google Benchmark, build/native/c3d_bench) run first; their JSON report is folded in.
// Usage: node bench/run.mjs [--quick] [--json out.json]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const quick = process.argv.includes('--quick');
const jsonAt = process.argv.indexOf('--json');
const out = jsonAt > 0 ? process.argv[jsonAt + 1] : join(root, 'build/bench/results.json');
const scratch = mkdtempSync(join(tmpdir(), 'collide3d-bench-'));
const WORKLOADS = ['single-queries', 'culling', 'broadphase', 'mesh-raycast', 'three-raycast', 'points-lines', 'mesh-pair',
  'mesh-sweep', 'move-and-slide', 'convex-pairs', 'threads'];

const results = {
  date: new Date().toISOString(),
  commit: execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim(),
  node: process.version,
  cpu: `${cpus().length} × ${cpus()[0].model}`,
  quick,
  native: [],
  workloads: {},
};

const report = join(scratch, 'native.json');
execFileSync(join(root, 'build/native/c3d_bench'), [`--benchmark_min_time=${quick ? 0.01 : 0.3}`,
  `--benchmark_out=${report}`, '--benchmark_out_format=json'], { stdio: 'inherit' });
results.native = JSON.parse(readFileSync(report, 'utf8')).benchmarks
  .map(({ name, real_time: time, time_unit: unit }) => ({ name, time, unit }));

for (const name of WORKLOADS) {
  const rows = join(scratch, `${name}.json`);
  execFileSync('node', [join(root, `bench/${name}.mjs`), ...(quick ? ['--quick'] : []), '--json', rows],
    { cwd: root, stdio: 'inherit' });
  results.workloads[name] = JSON.parse(readFileSync(rows, 'utf8'));
}

mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nAll results: ${out}`);
