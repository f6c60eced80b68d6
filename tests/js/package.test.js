// The npm package as users get it: `npm pack` (whose prepack builds the wasm), installed from the tarball into a
// fresh ESM project, imported from node (both entries, with no options, locateFile and wasmBinary), its entries'
// sizes held to budgets, and its TypeScript declarations type-checked against an example. The browser side (a Vite
// app, no bundler, a strict Content-Security-Policy, a module worker) is tests/e2e/package.test.js.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
function run(command, args, cwd) {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    error.message += `\n${error.stdout}${error.stderr}`;  // tsc reports its errors on stdout
    throw error;
  }
}

// Size budgets in bytes, gzip -9 of each file as a server sends it: a few per cent above today's sizes, so growth is
// a decision (raise a budget with the README's sizes table). js: the library's own modules (web/lib/*.js); three:
// collide3d/three (web/lib/three/*.js); glue: Emscripten's loader; wasm: the module; inline: the module in base64
// (collide3d/inline), whose gzip moves by a few per cent with how the module's repeated code falls against base64's
// 3-byte groups (a repeat at another offset modulo 3 is no repeat in base64): 718,788 to 734,721 for 1.5 KB more wasm.
const BUDGETS = { js: 64_500, three: 24_000, glue: 9_700, wasm: 488_000, inline: 745_000 };

describe('the packed package', () => {
  const app = mkdtempSync(join(tmpdir(), 'collide3d-app-'));

  it('packs with its wasm and nothing else', () => {
    // stdout holds prepack's build log, then the JSON report.
    const out = run('npm', ['pack', '--json', '--pack-destination', app], root);
    const json = JSON.parse(out.slice(out.search(/^\[$/m)));
    const files = json[0].files.map((f) => f.path).sort();
    expect(files).toEqual([
      'LICENSE', 'README.md', 'package.json', 'web/lib/api.js', 'web/lib/batch.js', 'web/lib/boundary.js', 'web/lib/character.js', 'web/lib/convex.js', 'web/lib/errors.js',
      'web/lib/filters.js',
      'web/lib/heap-array.js', 'web/lib/heap-owner.js', 'web/lib/index.d.ts', 'web/lib/index.js',
      'web/lib/inline.d.ts', 'web/lib/inline.js', 'web/lib/load.js', 'web/lib/loaded.js', 'web/lib/mesh-async.js',
      'web/lib/mesh-format.js', 'web/lib/mesh.js', 'web/lib/pair-entries.js', 'web/lib/pairs.d.ts',
      'web/lib/segment-tree.js', 'web/lib/three/accelerated-raycast.js',
      'web/lib/three/bounds-tree.js', 'web/lib/three/drawn-ranges.js', 'web/lib/three/geometry-arrays.js', 'web/lib/three/in-range.js',
      'web/lib/three/index.d.ts', 'web/lib/three/index.js', 'web/lib/three/instance-tree.js', 'web/lib/three/morton-order.js',
      'web/lib/three/pose.js', 'web/lib/three/raycast-batched.js', 'web/lib/three/raycast-instanced.js',
      'web/lib/three/raycast-points-lines.js', 'web/lib/three/raycast-triangles.js', 'web/lib/three/scene-index.js',
      'web/lib/three/shapes.js', 'web/lib/trace.js', 'web/lib/tree.js', 'web/lib/wasm/collide3d-wasm.js', 'web/lib/wasm/collide3d.mjs',
      'web/lib/wasm/collide3d.wasm', 'web/lib/worker-pool.js', 'web/lib/worker-thread.js', 'web/lib/worker.js']);
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
      const built = await c3d.TriangleMesh.buildAsync(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));  // its worker ships too
      const pool = await c3d.createWorkerPool({ workers: 1 });  // the same worker, as a pool
      const pooled = await pool.share(built);
      const { t: [down] } = await pooled.raycastBatch(new Float32Array([0.25, 0.25, 2, 0, 0, -1]));
      pool.dispose();
      console.log(JSON.stringify({ t: hit.t, side: c3d.classify(plane, { type: 'point', position: { x: 0, y: 3, z: 0 } }),
        triangles: built.triangleCount, down }));
    `);
    expect(JSON.parse(run('node', ['main.js'], app))).toEqual({ t: 3, side: 'front', triangles: 1, down: 2 });
  }, 120_000);

  it('runs the drop-in\'s lines unchanged in node: three-mesh-bvh\'s names on a three.js scene', () => {
    writeFileSync(join(app, 'dropin.js'), `
      import * as THREE from 'three';
      import init from 'collide3d';
      import { computeBoundsTree, disposeBoundsTree, acceleratedRaycast } from 'collide3d/three';
      await init();
      THREE.BufferGeometry.prototype.computeBoundsTree = computeBoundsTree;
      THREE.BufferGeometry.prototype.disposeBoundsTree = disposeBoundsTree;
      THREE.Mesh.prototype.raycast = acceleratedRaycast;
      const geometry = new THREE.BoxGeometry(2, 2, 2);
      geometry.computeBoundsTree();
      geometry.boundingSphere = new THREE.Sphere(new THREE.Vector3(100, 0, 0), 0.1);  // three.js's own raycast stops here
      const mesh = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }));
      const raycaster = new THREE.Raycaster(new THREE.Vector3(0.5, 0.25, 5), new THREE.Vector3(0, 0, -1));
      const all = raycaster.intersectObject(mesh).map((h) => [h.distance, h.faceIndex, h.face.materialIndex]);
      raycaster.firstHitOnly = true;
      const first = raycaster.intersectObject(mesh).map((h) => [h.distance, h.uv.x, h.uv.y]);
      geometry.disposeBoundsTree();
      console.log(JSON.stringify({ all, first, after: raycaster.intersectObject(mesh).length }));
    `);
    // three.js's own answer on this box (its raycast without the moved sphere): the +z face at z = 1 (triangle 9)
    // and the -z face at z = -1 (triangle 10), material index 0 (one material: groups are not read); with
    // firstHitOnly the +z face only, at uv (0.75, 0.625); without a tree, three.js's raycast and the moved sphere.
    expect(JSON.parse(run('node', ['dropin.js'], app))).toEqual({
      all: [[4, 9, 0], [6, 10, 0]], first: [[4, 0.75, 0.625]], after: 0,
    });
  }, 120_000);

  // One node program per way of loading; each prints the ray's hit on a sphere (from z = 5 down to its top at z = 2).
  const SPHERE_HIT = `
    const ray = { type: 'ray', origin: { x: 0, y: 0, z: 5 }, direction: { x: 0, y: 0, z: -1 } };
    const sphere = { type: 'sphere', center: { x: 0, y: 0, z: 0 }, radius: 2 };
    const t = (c3d) => c3d.raycast(ray, sphere).t;
    const show = (value) => console.log(JSON.stringify(value));`;
  const lib = () => join(app, 'node_modules/collide3d/web/lib');
  const node = (name, program) => {
    writeFileSync(join(app, name), `${SPHERE_HIT}\n${program}`);
    return JSON.parse(run('node', [name], app));
  };
  const failure = (name, program) => {
    try {
      node(name, program);
    } catch (error) {
      return error.stderr;
    }
    throw new Error(`${name} loaded`);
  };

  it.each(['collide3d', 'collide3d/inline'])('loads from %s with no options, with wasmBinary and with locateFile', (entry) => {
    mkdirSync(join(app, 'elsewhere'), { recursive: true });
    copyFileSync(join(lib(), 'wasm/collide3d.wasm'), join(app, 'elsewhere/renamed.wasm'));
    writeFileSync(join(app, 'elsewhere/broken.wasm'), 'not wasm');
    expect(node('plain.js', `import init from '${entry}'; show(t(await init()));`)).toBe(3);
    expect(node('bytes.js', `import init from '${entry}'; import { readFileSync } from 'node:fs';
      show(t(await init({ wasmBinary: readFileSync('elsewhere/renamed.wasm') })));`)).toBe(3);
    expect(node('module.js', `import init from '${entry}'; import { readFileSync } from 'node:fs';
      show(t(await init({ wasmModule: await WebAssembly.compile(readFileSync('elsewhere/renamed.wasm')) })));`)).toBe(3);
    // A failure while the instance starts (here options.preRun, as a throwing constructor would) rejects init.
    expect(node('start-fails.js', `import init from '${entry}';
      show(await init({ preRun() { throw new Error('no start'); } }).then(() => 'started', (error) => error.message));`))
      .toBe('no start');
    expect(failure('bad-module.js', `import init from '${entry}'; await init({ wasmModule: new Uint8Array(8) });`))
      .toMatch(/TypeError: collide3d.init: options.wasmModule must be a WebAssembly.Module \(got an object\)/);
    expect(failure('bad-bytes.js', `import init from '${entry}'; await init({ wasmBinary: new Uint8Array(8) });`))
      .toMatch(/CompileError: WebAssembly.compile\(\): expected magic word 00 61 73 6d, found 00 00 00 00/);
    // locateFile gets the file's name and the package's wasm folder, and its answer is used: a path, a file: URL
    // (as a URL object), then a file that is not wasm, whose failure init reports.
    expect(node('located.js', `import init from '${entry}';
      const asked = [];
      const c3d = await init({ locateFile: (name, folder) => { asked.push(name, folder); return 'elsewhere/renamed.wasm'; } });
      show([t(c3d), ...asked]);`)).toEqual([3, 'collide3d.wasm', new URL('node_modules/collide3d/web/lib/wasm/', `file://${app}/`).href]);
    expect(node('url.js', `import init from '${entry}';
      show(t(await init({ locateFile: () => new URL('elsewhere/renamed.wasm', import.meta.url) })));`)).toBe(3);
    expect(failure('broken.js', `import init from '${entry}'; await init({ locateFile: () => 'elsewhere/broken.wasm' });`))
      .toMatch(/CompileError: WebAssembly.compile\(\): expected magic word/);
    expect(failure('missing.js', `import init from '${entry}'; await init({ locateFile: () => 'elsewhere/none.wasm' });`))
      .toMatch(/ENOENT: no such file or directory, open 'elsewhere\/none.wasm'/);
  }, 60_000);

  it('loads collide3d/inline with no options without the .wasm file, which collide3d needs, its workers too', () => {
    const wasm = join(lib(), 'wasm/collide3d.wasm');
    renameSync(wasm, `${wasm}.away`);
    try {
      expect(node('inline.js', "import init from 'collide3d/inline'; show(t(await init()));")).toBe(3);
      // Worker threads instantiate the module the calling thread compiled: they need no file either. The pool casts
      // the ray onto the sphere (t = 3); buildAsync makes a quad whose first hit from above is at t = 5.
      expect(node('inline-workers.js', `import init from 'collide3d/inline';
        const c3d = await init();
        const pool = await c3d.createWorkerPool({ workers: 2 });
        const ts = await pool.raycastBatch({ type: 'ray', items: new Float32Array([0, 0, 5, 0, 0, -1]) },
          { type: 'sphere', items: new Float32Array([0, 0, 0, 2]) });
        pool.dispose();
        const quad = await c3d.TriangleMesh.buildAsync(new Float32Array([-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0]), new Uint32Array([0, 1, 2, 0, 2, 3]));
        show([ts[0], quad.raycast({ type: 'ray', origin: { x: 0.5, y: 0.25, z: 5 }, direction: { x: 0, y: 0, z: -1 } }).t]);
        quad.dispose();`)).toEqual([3, 5]);
      expect(failure('plain.js', "import init from 'collide3d'; await init();")).toMatch(/ENOENT.*collide3d\.wasm/);
    } finally {
      renameSync(`${wasm}.away`, wasm);
    }
  }, 60_000);

  it('keeps every entry within its size budget', () => {
    const sizes = (files) => files.map((file) => {
      const bytes = readFileSync(join(lib(), file));
      return {
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
    }).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }));
    const modules = readdirSync(lib()).filter((file) => file.endsWith('.js') && !['inline.js', 'three.js'].includes(file));
    const measured = {
      js: sizes(modules),
      three: sizes(readdirSync(join(lib(), 'three')).filter((file) => file.endsWith('.js')).map((file) => `three/${file}`)),
      glue: sizes(['wasm/collide3d.mjs']),
      wasm: sizes(['wasm/collide3d.wasm']),
      inline: sizes(['inline.js', 'wasm/collide3d-wasm.js']),
    };
    console.table(measured);
    for (const [part, budget] of Object.entries(BUDGETS)) expect(measured[part].gzip, part).toBeLessThanOrEqual(budget);
    // The inlined bytes are the module's: base64 is 4/3 of it.
    expect(measured.inline.raw).toBeGreaterThan((measured.wasm.raw * 4) / 3);
  });

  it.each(['bundler', 'node16'])('type-checks the example with moduleResolution %s', (resolution) => {
    for (const file of ['example.ts', 'three-example.ts']) copyFileSync(join(root, 'tests/js/package', file), join(app, file));
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const module = resolution === 'node16' ? 'node16' : 'esnext';
    // Throws (failing the test) on any type error, including an unused @ts-expect-error.
    run('node', [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', module, '--moduleResolution', resolution,
      '--lib', 'es2022,dom', 'example.ts', 'three-example.ts'], app);
  }, 120_000);
});
