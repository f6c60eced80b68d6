// The README's feature matrix, generated from what the wasm module really answers (its dispatch tables).
// `node scripts/feature-matrix.mjs` prints it; tests/js/readme.test.js checks the README holds exactly this text.
import { init } from '../web/lib/index.js';

const QUERIES = ['intersects', 'raycast', 'classify', 'intersection', 'sweep', 'closestPoints', 'distance', 'contact', 'separatingAxis'];

export function featureMatrix(supported) {
  const lines = ['| query | pairs |', '|---|---|'];
  for (const query of QUERIES) {
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
