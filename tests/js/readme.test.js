// The README is tested: every `// → value` claim in its JS examples is run against the real module, and its
// feature matrix is exactly what the module's dispatch tables support.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { featureMatrix } from '../../scripts/feature-matrix.mjs';
import { sceneList } from '../../scripts/scene-list.mjs';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
let c3d;
beforeAll(async () => {
  c3d = await init();
});

// Splits a JS example into statements (lines up to one ending in ';'), each with the claim `// → value` that
// follows it, if any. A claim's value is a JS literal, optionally followed by an explanation in parentheses.
function claims(block) {
  const statements = [];
  let current = [];
  for (const line of block.split('\n')) {
    const claim = /^\/\/ → (.*?)( \(.*\))?$/.exec(line.trim());
    if (claim) {
      statements[statements.length - 1].expected = claim[1];
      continue;
    }
    const code = line.replace(/\s+\/\/ .*$/, ''); // drop trailing comments
    if (code.trim().startsWith('import ') || code.trim() === '') continue;
    current.push(code);
    if (code.trimEnd().endsWith(';')) {
      statements.push({ code: current.join('\n') });
      current = [];
    }
  }
  return statements;
}

const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]).filter((b) => b.includes('// →'));

describe('README examples', () => {
  it('has examples with claims for every query', () => {
    const text = blocks.join('\n');
    for (const query of ['raycast', 'intersects', 'classify', 'sweep', 'intersection', 'distance', 'closestPoints',
      'contact', 'separatingAxis', 'orthonormalBasis', 'intersectsBatch', 'raycastBatch', 'cullSpheres', 'cullBoxes', 'allPairs', 'TriangleMesh', 'AabbTree', 'moveAndSlide', 'ConvexHull']) {
      expect(text).toContain(`c3d.${query}(`);
    }
  });

  it.each(blocks.map((b, i) => [i, b]))('example %i holds', async (_, block) => {
    const scope = {};
    let checked = 0;
    for (const { code, expected } of claims(block)) {
      if (code.includes('await init()')) continue; // the module is already loaded into `c3d`
      const declared = /^(?:const|let) (\w+) = ([\s\S]*);$/.exec(code.trim());
      const run = new Function('c3d', 'scope', `with (scope) { return (${declared ? declared[2] : code.trim().slice(0, -1)}); }`);
      const value = run(c3d, scope);
      if (declared) scope[declared[1]] = value;
      if (expected !== undefined) {
        expect(value).toEqual(new Function(`return (${expected});`)());
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('shows the feature matrix of the module', () => {
    const section = /<!-- feature-matrix:start -->\n([\s\S]*?)\n<!-- feature-matrix:end -->/.exec(readme);
    expect(section?.[1]).toBe(featureMatrix(c3d.supported));
  });

  it('lists every demo scene', () => {
    const section = /<!-- scene-list:start -->\n([\s\S]*?)\n<!-- scene-list:end -->/.exec(readme);
    expect(section?.[1]).toBe(sceneList());
  });
});
