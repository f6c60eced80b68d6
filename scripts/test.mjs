// npm test: set up (apt, npm), build native + wasm, then run every suite and close with one line that sums them,
// "N passed, N failed". Uses node built-ins only, so it runs on a fresh clone before `npm install`.
//   node scripts/test.mjs           everything (CI): native tests, the sanitizer tree (memory-owning tests and the
//                                   fuzzers under ASan/UBSan), every Vitest suite with the demo in Chromium
//   node scripts/test.mjs --quick   the inner loop: native tests and the Vitest unit suites (no sanitizer tree,
//                                   browser or bench)
//   node scripts/test.mjs --long    everything, with C3D_TEST_SCALE=16 (16× the randomized cases) and 10-minute fuzz
//                                   runs per harness
// The native chain and Vitest run side by side: Vitest waits on the browser and on child processes much of the time.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const quick = process.argv.includes('--quick');
const long = process.argv.includes('--long');
const env = { ...process.env, ...(long ? { C3D_TEST_SCALE: '16' } : {}) };
const fuzzSeconds = long ? 600 : 20;
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

function mustRun(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.error})`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

// Runs a command with its output collected, printed as one block when it ends (so parallel chains stay readable).
function collect(label, command, args, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...env, ...extraEnv } });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.on('close', (status) => {
      console.log(`\n----- ${label} (exit ${status}, at ${seconds()}) -----\n${output.trimEnd()}`);
      resolve({ status, output });
    });
  });
}

const tally = { passed: 0, failed: 0 };
const fail = (why) => { console.error(why); tally.failed += 1; };

// ctest prints "100% tests passed, 0 tests failed out of 57".
async function ctest(dir, label) {
  const { status, output } = await collect(label, 'ctest', ['--test-dir', dir, '--output-on-failure', '-j2']);
  const match = /tests passed, (\d+) tests? failed out of (\d+)/.exec(output);
  if (!match) return fail(`${label}: could not read ctest's summary (exit ${status})`);
  const failed = Number(match[1]), total = Number(match[2]);
  tally.passed += total - failed;
  tally.failed += failed + (status !== 0 && failed === 0 ? 1 : 0);
}

// Each libFuzzer harness for a bounded time from its seed corpus (tests/fuzz/corpus/<harness>, replayed first);
// one finding fails the run and prints the input that caused it.
async function fuzz(dir) {
  const harnesses = readdirSync(`${root}tests/fuzz`).filter((f) => /^fuzz_\w+\.cpp$/.test(f)).map((f) => f.slice(5, -4));
  for (const harness of harnesses) {
    const corpus = `${root}build/fuzz-corpus/${harness}`;
    mkdirSync(corpus, { recursive: true });
    const { status, output } = await collect(`fuzz ${harness}`, `${dir}/c3d_fuzz_${harness}`,
      [`-max_total_time=${fuzzSeconds}`, '-print_final_stats=1', `-artifact_prefix=${root}build/`, corpus,
        `${root}tests/fuzz/corpus/${harness}`]);
    const runs = /stat::number_of_executed_units:\s*(\d+)/.exec(output);
    if (status === 0 && runs) {
      tally.passed += 1;
      console.log(`fuzz ${harness}: ${runs[1]} executions, no finding`);
    } else {
      fail(`fuzz ${harness}: a finding (exit ${status}); the input is in build/`);
    }
  }
}

async function nativeChain() {
  await ctest('build/native', 'native tests');
  if (quick) return;
  // The sanitizer tree: clang, so the same build also gives libFuzzer.
  const configure = await collect('configure sanitizer tree', 'cmake', ['-S', '.', '-B', 'build/sanitize',
    '-DCMAKE_BUILD_TYPE=RelWithDebInfo', '-DC3D_SANITIZE=ON', '-DCMAKE_CXX_COMPILER=clang++']);
  const build = configure.status === 0 && await collect('build sanitizer tree', 'cmake',
    ['--build', 'build/sanitize', '-j2']);
  if (!build || build.status !== 0) return fail('sanitizer tree: configure or build failed');
  await ctest('build/sanitize', 'sanitized native tests');
  await fuzz('build/sanitize');
}

// Vitest: the wasm module through the public package entry.
async function vitestChain() {
  mkdirSync(`${root}build`, { recursive: true });
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=build/vitest.json',
    ...(quick ? ['tests/js', '--exclude', 'tests/js/bench.test.js'] : [])];
  const { status } = await collect('vitest', 'npx', args);
  try {
    const report = JSON.parse(readFileSync(`${root}build/vitest.json`, 'utf8'));
    tally.passed += report.numPassedTests;
    tally.failed += report.numFailedTests +
      (report.numTotalTestSuites > 0 && report.success === false && report.numFailedTests === 0 ? 1 : 0);
    const skipped = report.numPendingTests + report.numTodoTests;
    if (skipped > 0) fail(`vitest: ${skipped} skipped or todo tests count as failures here`);
  } catch (error) {
    fail(`vitest: no report (${error.message}), exit ${status}`);
  }
  if (status !== 0 && tally.failed === 0) tally.failed += 1;
}

mustRun('bash', ['scripts/setup.sh']);
mustRun('bash', ['scripts/build.sh']);
console.log(`built at ${seconds()}`);
await Promise.all([nativeChain(), vitestChain()]);
console.log(`\nall suites done in ${seconds()}`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed === 0 ? 0 : 1);
