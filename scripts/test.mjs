// npm test: set up (apt, npm), build native + wasm, then run every suite and close with one line that sums them,
// "N passed, N failed". Uses node built-ins only, so it runs on a fresh clone before `npm install`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;

function run(command, args, { capture = false, env = {} } = {}) {
  const result = spawnSync(command, args, {
    cwd: root, stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit', encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (capture) process.stdout.write(result.stdout ?? '');
  if (result.error) throw result.error;
  return result;
}

function mustRun(command, args, options) {
  const result = run(command, args, options);
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status})`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  return result;
}

mustRun('bash', ['scripts/setup.sh']);
mustRun('bash', ['scripts/build.sh']);

let passed = 0, failed = 0;

// ctest prints "100% tests passed, 0 tests failed out of 57".
function ctest(dir, label) {
  const result = run('ctest', ['--test-dir', dir, '--output-on-failure', '-j2'], { capture: true });
  const match = /tests passed, (\d+) tests? failed out of (\d+)/.exec(result.stdout ?? '');
  if (!match) {
    console.error(`${label}: could not read ctest's summary (exit ${result.status})`);
    failed += 1;
    return;
  }
  const f = Number(match[1]), total = Number(match[2]);
  passed += total - f;
  failed += f;
  if (result.status !== 0 && f === 0) failed += 1;
}

ctest('build/native', 'native tests');

// The same native tests under AddressSanitizer and UndefinedBehaviorSanitizer.
mustRun('cmake', ['-S', '.', '-B', 'build/native-sanitize', '-DCMAKE_BUILD_TYPE=RelWithDebInfo', '-DC3D_SANITIZE=ON'],
  { capture: true });
mustRun('cmake', ['--build', 'build/native-sanitize', '-j2'], { capture: true });
ctest('build/native-sanitize', 'sanitized native tests');

// Vitest: the wasm module through the public package entry.
mkdirSync(`${root}build`, { recursive: true });
const vitest = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=build/vitest.json']);
try {
  const report = JSON.parse(readFileSync(`${root}build/vitest.json`, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numTotalTestSuites > 0 && report.success === false && report.numFailedTests === 0 ? 1 : 0);
  const skipped = report.numPendingTests + report.numTodoTests;
  if (skipped > 0) {
    console.error(`vitest: ${skipped} skipped or todo tests count as failures here`);
    failed += skipped;
  }
} catch (error) {
  console.error(`vitest: no report (${error.message}), exit ${vitest.status}`);
  failed += 1;
}
if (vitest.status !== 0 && failed === 0) failed += 1;

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
