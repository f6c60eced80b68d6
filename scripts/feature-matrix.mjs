// The README's feature matrix, generated from what the wasm module really answers (its dispatch tables, and the
// shape types each TriangleMesh method takes), one row per query in c3d.supported's order.
// `node scripts/feature-matrix.mjs` prints it; tests/js/readme.test.js checks the README holds exactly this text.
import { init } from '../web/lib/index.js';

export function featureMatrix(supported) {
  const lines = ['| query | pairs |', '|---|---|'];
  for (const query of new Set(supported.map((p) => p.query))) {
    const pairs = new Set();
    for (const { query: q, a, b } of supported) {
      if (q !== query) continue;
      const symmetric = supported.some((p) => p.query === q && p.a === b && p.b === a);
      pairs.add(symmetric && b < a ? `${b}–${a}` : `${a}–${b}`);
    }
    lines.push(`| \`${query}\` | ${[...pairs].sort().join(', ')} |`);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(featureMatrix((await init()).supported));
}
