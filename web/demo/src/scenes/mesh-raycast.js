// Mesh raycast: a TriangleMesh over a three.js torus knot (1,000 to 100,000 triangles) and a ray; the first hit or
// every hit, each marked, with the triangle hit outlined; the tree's boxes down to a chosen depth, and the boxes the
// first-hit search entered and the triangles it tested (TriangleMesh.traceRaycast).
import * as THREE from 'three';
import { COLORS, decoration, marker, polyline, surfaceMaterial, toVector3, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { rayHandles } from './ray-handles.js';

export const explanation = `A <code>TriangleMesh</code> copies the geometry's positions and index into the wasm heap
  and builds a bounding volume hierarchy over its triangles: boxes split by the surface area heuristic on binned
  centroids (Wald 2007), then collapsed to four child boxes per 128-byte node (Wald, Benthin &amp; Boulos 2008), which a
  ray tests together. It visits the nearer children first and skips every box it enters beyond the best hit so far, so it tests a few dozen boxes and triangles out of thousands; each triangle test
  is the exact single-query one, so the answer is what testing every triangle would give, and a ray through an edge
  shared by two triangles hits both (see <i>every hit</i>). Ties go to the lowest triangle index.
  <p>The thin boxes are the tree down to the depth chosen, coloured by depth; the bright ones are the boxes the
  first-hit search entered (<code>traceRaycast</code> reports them, with the triangles tested), and the readout
  counts them against the whole tree: a few dozen boxes and triangles, where three.js's own raycast tests every
  triangle.</p>`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/mesh/triangle_mesh.h', 'cpp/collide3d/mesh/bvh.h', 'cpp/collide3d/mesh/caster_box.h'];

// Torus-knot segments (tubular, radial) for each size: 2 × tubular × radial triangles.
export const DETAILS = { '1k': [50, 10], '10k': [250, 20], '100k': [1000, 50] };

/** The scene's geometry at a size, exported so that the browser test can build the same mesh in node. */
export function knot(detail) {
  return new THREE.TorusKnotGeometry(1.6, 0.55, ...DETAILS[detail]);
}

export const params = {
  origin: { type: 'transform', position: [-1.5, 3.5, 4.5] },
  target: { type: 'transform', position: [0.5, 0.6, 0] },
  detail: { type: 'choice', value: '10k', options: Object.keys(DETAILS), label: 'triangles' },
  hits: { type: 'choice', value: 'first', options: ['first', 'all'] },
  backfaceCulling: { type: 'boolean', value: false, label: 'back-face culling' },
  depth: { type: 'number', value: 2, min: 0, max: 6, step: 1, label: 'tree depth shown' },
};

// The edges of boxes ({ min, max }) as line segment ends, for a LineSegments geometry.
function boxEdges(boxes) {
  const points = [];
  for (const { min, max } of boxes) {
    const corner = (i) => [i & 1 ? max.x : min.x, i & 2 ? max.y : min.y, i & 4 ? max.z : min.z];
    for (const [i, j] of [[0, 1], [2, 3], [4, 5], [6, 7], [0, 2], [1, 3], [4, 6], [5, 7], [0, 4], [1, 5], [2, 6], [3, 7]]) {
      points.push(...corner(i), ...corner(j));
    }
  }
  return new THREE.Float32BufferAttribute(points, 3);
}

export const camera = [1, 4, 10];
// Orbit about a point left of the knot, so it sits right of the info panel.
export const target = [-2.2, 0, 0];
// On a phone the panel covers the lower part of the screen: the view pulls back and looks lower.
export const narrow = { camera: [0, 6, 17], target: [-1, -2, 0] };

export function create({ c3d, describe, stage, handles }) {
  const caster = rayHandles(stage, handles);
  const surface = new THREE.Mesh(new THREE.BufferGeometry(), surfaceMaterial(0x6c7a96, { opacity: 0.55 }));
  const outline = polyline(COLORS.result, { closed: true });
  const markers = [];  // for the hits after the first (rayHandles marks the first), reused between updates
  // The tree to the depth shown (a colour per depth), and the boxes the search entered, drawn over everything.
  const treeLines = decoration(new THREE.LineSegments(new THREE.BufferGeometry(),
    new THREE.LineBasicMaterial({ vertexColors: true, transparent: true, opacity: 0.5 })));
  const enteredLines = decoration(new THREE.LineSegments(new THREE.BufferGeometry(),
    new THREE.LineBasicMaterial({ color: COLORS.result, depthTest: false, transparent: true })));
  enteredLines.renderOrder = 2;
  for (const lines of [treeLines, enteredLines]) lines.frustumCulled = false;
  stage.scene.add(surface, outline, treeLines, enteredLines);

  function showTrace({ tree, entered }) {
    treeLines.geometry.dispose();
    treeLines.geometry = new THREE.BufferGeometry().setAttribute('position', boxEdges(tree));
    const colors = tree.flatMap(({ depth }) => {
      const color = new THREE.Color().setHSL((0.55 + 0.13 * depth) % 1, 0.7, 0.6);
      return Array.from({ length: 24 }, () => color.toArray()).flat();
    });
    treeLines.geometry.setAttribute('color', new THREE.Float32BufferAttribute(colors, 3));
    enteredLines.geometry.dispose();
    enteredLines.geometry = new THREE.BufferGeometry().setAttribute('position', boxEdges(entered));
  }
  let built = null;  // { detail, mesh }

  function meshFor(detail) {
    if (built?.detail === detail) return built.mesh;
    built?.mesh.dispose();
    const geometry = knot(detail);
    // The code builds the same geometry with three.js and passes its arrays as they are.
    describe(geometry.attributes.position.array, { name: 'knot.attributes.position.array',
      code: [`const knot = new THREE.TorusKnotGeometry(1.6, 0.55, ${DETAILS[detail].join(', ')});`] });
    describe(geometry.index.array, { name: 'knot.index.array', code: [] });
    surface.geometry.dispose();
    surface.geometry = geometry;
    built = { detail, mesh: new c3d.TriangleMesh(geometry.attributes.position.array, geometry.index.array) };
    return built.mesh;
  }

  // The outline of triangle k of the geometry.
  function showTriangle(k) {
    const position = surface.geometry.attributes.position, index = surface.geometry.index;
    outline.show([0, 1, 2].map((c) => new THREE.Vector3().fromBufferAttribute(position, index.getX(3 * k + c))));
  }

  return ({ detail, hits, backfaceCulling, depth }) => {
    const mesh = meshFor(detail);
    const ray = caster.ray();
    const options = { backfaceCulling, hits };
    // The trace's hit is the first hit: every hit needs raycast's own search.
    const trace = mesh.traceRaycast(ray, { backfaceCulling, depth });
    const found = hits === 'all' ? mesh.raycast(ray, options) : trace.hit;
    showTrace(trace);
    const all = hits === 'all' ? found : found === null ? [] : [found];
    while (markers.length < all.length - 1) stage.scene.add(markers[markers.push(marker(COLORS.result, 0.07)) - 1]);
    markers.forEach((m, k) => {
      m.visible = k + 1 < all.length;
      if (m.visible) m.position.copy(toVector3(all[k + 1].point));
    });
    caster.show(ray, all[0] ?? null);
    outline.visible = all.length > 0;
    if (all.length > 0) showTriangle(all[0].triangleIndex);
    const inputs = { ray, detail, options, depth };
    const leaves = trace.entered.filter((box) => box.triangles > 0).length;
    const rows = [['triangles', String(mesh.triangleCount)], ['heap', `${(mesh.byteLength / 1024).toFixed(0)} KiB`],
      ['hits', String(all.length)],
      ['first hit: boxes entered', `${trace.entered.length - leaves} nodes, ${leaves} leaves`],
      ['triangles tested', `${trace.tested.length} of ${mesh.triangleCount}`],
      ['boxes drawn', `${trace.tree.length} (depth ≤ ${depth})`]];
    if (all.length > 0) {
      const first = all[0];
      rows.push(['t', shortNumber(first.t)], ['point', vectorText(first.point)], ['triangle', String(first.triangleIndex)],
        ['u', shortNumber(first.u)], ['v', shortNumber(first.v)], ['face', first.frontFace ? 'front' : 'back']);
    }
    const counts = { entered: trace.entered.length, leaves, tested: trace.tested.length, tree: trace.tree.length };
    return { rows, result: { inputs, hits: all, counts } };
  };
}
