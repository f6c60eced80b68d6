// Mesh raycast: a TriangleMesh over a three.js torus knot (1,000 to 100,000 triangles) and a ray; the first hit or
// every hit, each marked, with the triangle hit outlined.
import * as THREE from 'three';
import { COLORS, marker, polyline, surfaceMaterial, toVector3, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { rayHandles } from './ray-handles.js';

export const explanation = `A <code>TriangleMesh</code> copies the geometry's positions and index into the wasm heap
  and builds a bounding volume hierarchy over its triangles: boxes split by the surface area heuristic on binned
  centroids (Wald 2007), then collapsed to four child boxes per 128-byte node (Wald, Benthin &amp; Boulos 2008), which a
  ray tests together. It visits the nearer children first and skips every box it enters beyond the best hit so far, so it tests a few dozen boxes and triangles out of thousands; each triangle test
  is the exact single-query one, so the answer is what testing every triangle would give, and a ray through an edge
  shared by two triangles hits both (see <i>every hit</i>). Ties go to the lowest triangle index.`;

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
};

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
  stage.scene.add(surface, outline);
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

  return ({ detail, hits, backfaceCulling }) => {
    const mesh = meshFor(detail);
    const ray = caster.ray();
    const options = { backfaceCulling, hits };
    const found = mesh.raycast(ray, options);
    const all = hits === 'all' ? found : found === null ? [] : [found];
    while (markers.length < all.length - 1) stage.scene.add(markers[markers.push(marker(COLORS.result, 0.07)) - 1]);
    markers.forEach((m, k) => {
      m.visible = k + 1 < all.length;
      if (m.visible) m.position.copy(toVector3(all[k + 1].point));
    });
    caster.show(ray, all[0] ?? null);
    outline.visible = all.length > 0;
    if (all.length > 0) showTriangle(all[0].triangleIndex);
    const inputs = { ray, detail, options };
    const rows = [['triangles', String(mesh.triangleCount)], ['heap', `${(mesh.byteLength / 1024).toFixed(0)} KiB`],
      ['hits', String(all.length)]];
    if (all.length > 0) {
      const first = all[0];
      rows.push(['t', shortNumber(first.t)], ['point', vectorText(first.point)], ['triangle', String(first.triangleIndex)],
        ['u', shortNumber(first.u)], ['v', shortNumber(first.v)], ['face', first.frontFace ? 'front' : 'back']);
    }
    return { rows, result: { inputs, hits: all } };
  };
}
