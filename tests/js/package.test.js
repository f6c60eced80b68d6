// The npm package as users get it: `npm pack` (whose prepack builds the wasm), installed from the tarball into a
// fresh ESM project, imported from node, and its TypeScript declarations type-checked against an example.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const run = (command, args, cwd) => execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('the packed package', () => {
  const app = mkdtempSync(join(tmpdir(), 'collide3d-app-'));

  it('packs with its wasm and nothing else', () => {
    // stdout holds prepack's build log, then the JSON report.
    const out = run('npm', ['pack', '--json', '--pack-destination', app], root);
    const json = JSON.parse(out.slice(out.search(/^\[$/m)));
    const files = json[0].files.map((f) => f.path).sort();
    expect(files).toEqual([
      'LICENSE', 'README.md', 'package.json', 'web/lib/batch.js', 'web/lib/errors.js', 'web/lib/filters.js',
      'web/lib/heap-array.js', 'web/lib/heap-owner.js', 'web/lib/index.d.ts', 'web/lib/index.js',
      'web/lib/loaded.js', 'web/lib/mesh.js', 'web/lib/segment-tree.js', 'web/lib/shapes.js',
      'web/lib/three/accelerated-raycast.js', 'web/lib/three/bounds-tree.js', 'web/lib/three/drawn-ranges.js',
      'web/lib/three/geometry-arrays.js', 'web/lib/three/index.d.ts', 'web/lib/three/index.js',
      'web/lib/three/instance-tree.js', 'web/lib/three/pose.js', 'web/lib/three/raycast-batched.js',
      'web/lib/three/raycast-instanced.js', 'web/lib/three/raycast-points-lines.js',
      'web/lib/three/raycast-triangles.js', 'web/lib/three/scene-index.js', 'web/lib/three/shapes.js', 'web/lib/tree.js',
      'web/lib/wasm/collide3d.mjs']);
  }, 240_000);

  it('installs into a fresh ESM project and answers queries from node', () => {
    const tarball = readdirSync(app).find((f) => f.endsWith('.tgz'));
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    // three and its types (collide3d/three's peer) linked from the repository's own install.
    run('npm', ['install', '--no-audit', '--no-fund', '--offline', `./${tarball}`, join(root, 'node_modules/three'),
      join(root, 'node_modules/@types/three')], app);
    writeFileSync(join(app, 'main.js'), `
      import init from 'collide3d';
      import { toShape } from 'collide3d/three';
      const c3d = await init();
      const hit = c3d.raycast(
        { type: 'ray', origin: { x: 0, y: 0, z: 5 }, direction: { x: 0, y: 0, z: -1 } },
        { type: 'sphere', center: { x: 0, y: 0, z: 0 }, radius: 2 });
      const plane = toShape({ isPlane: true, normal: { x: 0, y: 1, z: 0 }, constant: -1 });
      console.log(JSON.stringify({ t: hit.t, side: c3d.classify(plane, { type: 'point', position: { x: 0, y: 3, z: 0 } }) }));
    `);
    expect(JSON.parse(run('node', ['main.js'], app))).toEqual({ t: 3, side: 'front' });
  }, 120_000);

  it.each(['bundler', 'node16'])('type-checks the example with moduleResolution %s', (resolution) => {
    for (const file of ['example.ts', 'three-example.ts']) copyFileSync(join(root, 'tests/js/package', file), join(app, file));
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const module = resolution === 'node16' ? 'node16' : 'esnext';
    // Throws (failing the test) on any type error, including an unused @ts-expect-error.
    run('node', [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', module, '--moduleResolution', resolution,
      '--lib', 'es2022,dom', 'example.ts', 'three-example.ts'], app);
  }, 120_000);
});
