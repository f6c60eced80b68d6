// Ray – triangle: raycast() with Möller–Trumbore: the hit's t, point, normal and barycentric coordinates.
import * as THREE from 'three';
import { marker, triangleMesh, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { rayHandles, threeHitText } from './ray-handles.js';

export const explanation = `The ray <b>o</b> + <i>t</i><b>d</b> meets the triangle's plane where
  <b>o</b> + <i>t</i><b>d</b> = (1 − <i>u</i> − <i>v</i>)<b>a</b> + <i>u</i><b>b</b> + <i>v</i><b>c</b>: a 3×3 linear
  system solved with Cramer's rule by cross products (Möller–Trumbore 1997). It hits when <i>t</i> ≥ 0,
  <i>u</i>, <i>v</i> ≥ 0 and <i>u</i> + <i>v</i> ≤ 1; edges and corners count. The vertex colours blend by (1 − <i>u</i> − <i>v</i>, <i>u</i>, <i>v</i>)
  at the hit. With back-face culling only the counter-clockwise side hits. On a miss the readout names the condition
  that failed, from <i>t</i>, <i>u</i>, <i>v</i> of the point where the ray's line meets the plane (computed here in
  floating point for the display; the answer is collide3d's, decided exactly).
  <p>three.js's <code>Ray.intersectTriangle</code> is shown beside it. The hard cases (in the panel) show where they
  part: a ray in the triangle's own plane meets it where it crosses its first edge, and a triangle collapsed to a
  segment is still hit where the ray crosses that segment; three.js gives up on both (its determinant is 0).</p>`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/raycast/raycast_triangle.h'];

export const params = {
  origin: { type: 'transform', position: [-3, 2.5, 3] },
  target: { type: 'transform', position: [0.3, 0.4, 0] },
  a: { type: 'transform', position: [-2, -1, 0] },
  b: { type: 'transform', position: [2.5, -1, 0.5] },
  c: { type: 'transform', position: [0, 2.5, -0.5] },
  backfaceCulling: { type: 'boolean', value: false, label: 'back-face culling' },
};

// The info panel covers the left of the page: the view looks a little left so that the ray's origin clears it.
export const camera = [0.5, 4.5, 11];
export const target = [-2.6, 0.5, 0];
// On a phone the panel covers the lower part of the screen: the view pulls back and looks lower.
export const narrow = { camera: [1, 7, 21], target: [-0.8, -2, 0] };

const VERTEX_COLORS = [0xff5c5c, 0x5cff7a, 0x5c9dff];

// The hard cases, on the triangle (-2, -1, 0), (2, -1, 0), (0, 2, 0) in the plane z = 0, with rays along axes (so
// that the unit direction is exact).
const FLAT = { a: [-2, -1, 0], b: [2, -1, 0], c: [0, 2, 0], backfaceCulling: false };
export const presets = {
  'through an edge': { ...FLAT, origin: [0, -1, 3], target: [0, -1, 0] },
  'through a corner': { ...FLAT, origin: [2, -1, 3], target: [2, -1, 0] },
  'in the triangle\'s plane': { ...FLAT, origin: [-4, 0, 0], target: [0, 0, 0] },
  'collapsed to a segment': { ...FLAT, c: [0, -1, 0], origin: [0, -1, 3], target: [0, -1, 0] },
};

// three.js's answer for the same ray and triangle.
const threeAnswer = (ray, { a, b, c }, backfaceCulling) =>
  threeHitText(ray, (threeRay, point) => threeRay.intersectTriangle(a, b, c, backfaceCulling, point));

// Why a ray misses, from Möller–Trumbore's quantities for its line and the triangle's plane: the first condition
// that fails, with t, u, v where the line meets the plane (null when it is parallel).
function missReason(ray, { a, b, c }, backfaceCulling) {
  const o = new THREE.Vector3().copy(ray.origin), d = new THREE.Vector3().copy(ray.direction);
  const e1 = new THREE.Vector3().subVectors(b, a), e2 = new THREE.Vector3().subVectors(c, a);
  const p = new THREE.Vector3().crossVectors(d, e2), det = e1.dot(p);
  if (det === 0) return { reason: 'parallel to the plane', at: null };
  const s = o.sub(a), q = new THREE.Vector3().crossVectors(s, e1);
  const at = { t: e2.dot(q) / det, u: s.dot(p) / det, v: d.dot(q) / det };
  const reason = backfaceCulling && det < 0 ? 'back face (culled)'
    : at.t < 0 ? 't < 0: the plane is behind the origin'
      : at.u < 0 ? 'u < 0: beyond edge ca' : at.v < 0 ? 'v < 0: beyond edge ab'
        : at.u + at.v > 1 ? 'u + v > 1: beyond edge bc' : 'on an edge, by rounding';
  return { reason, at };
}

export function create({ c3d, stage, handles }) {
  const caster = rayHandles(stage, handles);
  ['a', 'b', 'c'].forEach((name, i) => handles[name].add(marker(VERTEX_COLORS[i], 0.14)));
  const surface = triangleMesh(0xffffff);
  surface.material.vertexColors = true;
  stage.scene.add(surface);

  return ({ backfaceCulling }) => {
    const [a, b, c] = ['a', 'b', 'c'].map((name) => handles[name].position);
    surface.showTriangle(a, b, c);
    surface.geometry.setAttribute('color', new THREE.Float32BufferAttribute(
      VERTEX_COLORS.flatMap((hex) => new THREE.Color(hex).toArray()), 3));
    const ray = caster.ray();
    const triangle = { type: 'triangle', a, b, c };
    const inputs = { ray, triangle, options: { backfaceCulling } };
    const hit = c3d.raycast(ray, triangle, inputs.options);
    caster.show(ray, hit);
    const three = ['three.js', threeAnswer(ray, triangle, backfaceCulling)];
    if (hit === null) {
      const { reason, at } = missReason(ray, triangle, backfaceCulling);
      const rows = [['hit', 'none'], three, ['fails', reason]];
      if (at !== null) rows.push(['t', shortNumber(at.t)], ['u', shortNumber(at.u)], ['v', shortNumber(at.v)], ['u + v', shortNumber(at.u + at.v)]);
      return { rows, result: { inputs, hit } };
    }
    return {
      rows: [['hit', hit.frontFace ? 'front face' : 'back face'], three, ['t', shortNumber(hit.t)], ['point', vectorText(hit.point)],
        ['normal', vectorText(hit.normal)], ['u', shortNumber(hit.u)], ['v', shortNumber(hit.v)],
        ['1 − u − v', shortNumber(1 - hit.u - hit.v)]],
      result: { inputs, hit },
    };
  };
}
