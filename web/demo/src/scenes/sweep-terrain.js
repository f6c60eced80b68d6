// Swept capsule – terrain: TriangleMesh.sweep() of a capsule over a height field; the triangle hit is filled, the
// capsule shown at the time of impact with the contact point and normal (faded at the end of its motion after a
// miss).
import * as THREE from 'three';
import { COLORS, decoration, polygon, surfaceMaterial, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { mulberry32 } from '../framework/random.js';
import { capsuleBody, contactText, motionView } from './sweep-scene.js';

export const explanation = `<code>mesh.sweep(capsule, velocity)</code> finds the first triangle the moving capsule
  touches. The capsule's box, moving, is tested against the tree's boxes by separating axes over time, which gives
  the time each box is first reached; the tree is walked nearest box first, and a box reached later than the best hit
  so far is skipped with everything below it. So of the 3,200 triangles only those along the path are swept: each by
  the same test <code>c3d.sweep(capsule, velocity, triangle)</code> runs (a ray cast on the Minkowski difference of
  the triangle and the capsule's axis, grown by its radius), and the answer is what sweeping every triangle would
  give, ties going to the lowest triangle index. Drag the capsule into a valley or across a ridge.`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/mesh/triangle_mesh.h'];

export const params = {
  start: { type: 'transform', position: [-2.2, 2, 2.2], rotation: [0, 0, 60] },
  end: { type: 'transform', position: [2.2, -1.6, -0.6] },
  radius: { type: 'number', value: 0.45, min: 0.05, max: 2, step: 0.01 },
  length: { type: 'number', value: 1.2, min: 0, max: 4, step: 0.01 },
};

export const camera = [0, 6, 11.5];
export const target = [-2.6, -0.4, 0];
export const narrow = { camera: [0, 11, 17], target: [-1.2, -3, 0] };

const CELLS = 40;  // per side: 2 × 40 × 40 triangles
const SIZE = 14;
const BASE = -1.5;  // the terrain's mean height

// Value noise: random heights on a coarse lattice, blended by smoothstep (Perlin 1985's value variant). Only + and
// × on the lattice values, so node and the browser build the same mesh to the last bit.
function valueNoise(cells, seed) {
  const random = mulberry32(seed);
  const lattice = Array.from({ length: (cells + 1) ** 2 }, () => random() * 2 - 1);
  const at = (i, j) => lattice[i * (cells + 1) + j];
  const smooth = (s) => s * s * (3 - 2 * s);
  return (u, v) => {  // u, v in [0, 1]
    const x = u * cells, y = v * cells;
    const i = Math.min(cells - 1, Math.floor(x)), j = Math.min(cells - 1, Math.floor(y));
    const sx = smooth(x - i), sy = smooth(y - j);
    const low = at(i, j) + (at(i + 1, j) - at(i, j)) * sx, high = at(i, j + 1) + (at(i + 1, j + 1) - at(i, j + 1)) * sx;
    return low + (high - low) * sy;
  };
}

/** The terrain's positions and index (exported so that the browser test builds the same mesh in node). */
export function terrain() {
  const hills = valueNoise(4, 7), bumps = valueNoise(12, 11);
  const positions = new Float32Array((CELLS + 1) ** 2 * 3);
  for (let i = 0; i <= CELLS; i += 1) {
    for (let j = 0; j <= CELLS; j += 1) {
      const u = i / CELLS, v = j / CELLS;
      positions.set([(u - 0.5) * SIZE, BASE + 1.4 * hills(u, v) + 0.25 * bumps(u, v), (v - 0.5) * SIZE], 3 * (i * (CELLS + 1) + j));
    }
  }
  const indices = new Uint32Array(CELLS * CELLS * 6);
  let k = 0;
  for (let i = 0; i < CELLS; i += 1) {
    for (let j = 0; j < CELLS; j += 1) {
      const a = i * (CELLS + 1) + j, b = a + CELLS + 1;
      indices.set([a, a + 1, b, b, a + 1, b + 1], k);  // counter-clockwise seen from above
      k += 6;
    }
  }
  return { positions, indices };
}

export function create({ c3d, describe, stage, handles }) {
  const { positions, indices } = terrain();
  describe(positions, { name: 'terrainPositions', about: `the height field's ${positions.length / 3} vertices, x, y, z each` });
  describe(indices, { name: 'terrainIndex', about: `three vertex numbers per triangle, ${indices.length / 3} triangles` });
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  geometry.setIndex(new THREE.BufferAttribute(indices, 1));
  geometry.computeVertexNormals();
  const ground = new THREE.Mesh(geometry, surfaceMaterial(0x55627a, { opacity: 1 }));
  const wires = decoration(new THREE.LineSegments(new THREE.WireframeGeometry(geometry),
    new THREE.LineBasicMaterial({ color: 0x8a94a6, transparent: true, opacity: 0.18 })));
  const mesh = new c3d.TriangleMesh(positions, indices);

  const view = motionView(stage, handles, capsuleBody.body);
  const struck = polygon(COLORS.result);
  struck.renderOrder = 2;
  struck.traverse((node) => { if (node.material) node.material.depthTest = false; });  // above the ground it lies on
  stage.scene.add(ground, wires, struck);

  const corner = (v) => new THREE.Vector3().fromArray(positions, 3 * v);

  return (values) => {
    const capsule = capsuleBody.shapeOn(handles.start, values);
    const velocity = view.velocity();
    const hit = mesh.sweep(capsule, velocity);
    for (const m of [view.body, view.ghost]) capsuleBody.fit(m, values);
    view.show(velocity, hit);
    struck.show(hit ? [0, 1, 2].map((c) => corner(indices[3 * hit.triangleIndex + c])) : []);

    const rows = [['triangles', String(mesh.triangleCount)], ['contact', contactText(hit)]];
    const result = { inputs: { capsule, velocity }, hit };
    if (hit === null) return { rows, result };
    rows.push(['t', shortNumber(hit.t)], ['point', vectorText(hit.point)], ['normal', vectorText(hit.normal)],
      ['triangle', String(hit.triangleIndex)]);
    return { rows, result };
  };
}
