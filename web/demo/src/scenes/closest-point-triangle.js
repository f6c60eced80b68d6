// Closest point on a triangle: closestPoints() of a point and a triangle, with the seven Voronoi regions of the
// triangle drawn in its plane (its face, three edge strips, three corner wedges) and the one the point falls in
// named, with the tests that place it there.
import * as THREE from 'three';
import { COLORS, decoration, marker, polyline, toVector3, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';

export const explanation = `The point of a triangle nearest a point <b>p</b> depends on which of seven regions
  <b>p</b> lies above: the face (then it is <b>p</b>'s foot on the plane), the strip beyond one of the three edges
  (the nearest point of that edge), or the wedge beyond one of the three corners (that corner). These are the
  triangle's <b>Voronoi regions</b>; the strips are bounded by the lines through the corners perpendicular to each
  edge. A few dot products place <b>p</b>: with <i>d</i>₁ = <b>ab</b>·<b>ap</b>, <i>d</i>₂ = <b>ac</b>·<b>ap</b>, the
  corner a when both are ≤ 0, and so on around the triangle, corners first, then edges, else the face (Ericson,
  <i>Real-Time Collision Detection</i> §5.1.5). The regions are drawn in the triangle's plane, the one holding
  <b>p</b>'s foot lit, and the readout shows the test that chose it (in floating point, for the display); the point
  and the distance are collide3d's.`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/distance/closest_point.h'];

export const params = {
  a: { type: 'transform', position: [-2, 0, 1.5] },
  b: { type: 'transform', position: [2, 0, 1.5] },
  c: { type: 'transform', position: [0, 0, -2] },
  p: { type: 'transform', position: [2.6, 1.6, -1.2] },
};

export const camera = [1, 8, 9];
// The info panel covers the left of the page: the view looks a little left so that the triangle clears it.
export const target = [-2.5, 0, 0];
export const narrow = { camera: [0, 12, 14], target: [0, -3, 0] };

const REACH = 6;  // how far the strips and wedges are drawn beyond the triangle

/**
 * The Voronoi region of triangle abc that point p lies in (Ericson's ClosestPtPointTriangle tests, in floating
 * point): { name, test } with the test that decided it, as the readout shows them.
 */
export function regionOf(p, a, b, c) {
  const ab = b.clone().sub(a), ac = c.clone().sub(a);
  const [ap, bp, cp] = [a, b, c].map((corner) => p.clone().sub(corner));
  const d1 = ab.dot(ap), d2 = ac.dot(ap), d3 = ab.dot(bp), d4 = ac.dot(bp), d5 = ab.dot(cp), d6 = ac.dot(cp);
  const n = shortNumber;
  if (d1 <= 0 && d2 <= 0) return { name: 'corner a', test: `ab·ap = ${n(d1)} ≤ 0, ac·ap = ${n(d2)} ≤ 0` };
  if (d3 >= 0 && d4 <= d3) return { name: 'corner b', test: `ab·bp = ${n(d3)} ≥ 0, ac·bp = ${n(d4)} ≤ ab·bp` };
  if (d6 >= 0 && d5 <= d6) return { name: 'corner c', test: `ac·cp = ${n(d6)} ≥ 0, ab·cp = ${n(d5)} ≤ ac·cp` };
  const vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return { name: 'edge ab', test: `beyond ab (${n(vc)} ≤ 0), between its ends` };
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return { name: 'edge ac', test: `beyond ac (${n(vb)} ≤ 0), between its ends` };
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) return { name: 'edge bc', test: `beyond bc (${n(va)} ≤ 0), between its ends` };
  return { name: 'face', test: 'inside all three edges' };
}

// The seven regions as polygons in the triangle's plane: name → corners.
function regionPolygons(a, b, c) {
  const normal = b.clone().sub(a).cross(c.clone().sub(a));
  // The outward direction of edge pq, in the plane, away from the third corner r.
  const outward = (p, q, r) => {
    const out = q.clone().sub(p).cross(normal).normalize();
    return out.dot(r.clone().sub(p)) > 0 ? out.negate() : out;
  };
  const edges = { ab: outward(a, b, c), bc: outward(b, c, a), ac: outward(a, c, b) };
  const along = (p, d) => p.clone().addScaledVector(d, REACH);
  const wedge = (corner, d1, d2) => [corner, along(corner, d1), along(corner, d1.clone().add(d2).normalize()), along(corner, d2)];
  return {
    face: [a, b, c],
    'edge ab': [a, b, along(b, edges.ab), along(a, edges.ab)],
    'edge bc': [b, c, along(c, edges.bc), along(b, edges.bc)],
    'edge ac': [a, c, along(c, edges.ac), along(a, edges.ac)],
    'corner a': wedge(a, edges.ab, edges.ac),
    'corner b': wedge(b, edges.ab, edges.bc),
    'corner c': wedge(c, edges.ac, edges.bc),
  };
}

const REGION_COLORS = { face: 0x8a94a6, edge: 0x5c9dff, corner: 0xff9f5c };

export function create({ c3d, stage, handles }) {
  ['a', 'b', 'c'].forEach((name) => handles[name].add(marker(0xdde3ee, 0.12)));
  handles.p.add(marker(COLORS.caster, 0.13));
  const regions = {};
  for (const name of ['face', 'edge ab', 'edge bc', 'edge ac', 'corner a', 'corner b', 'corner c']) {
    const mesh = decoration(new THREE.Mesh(new THREE.BufferGeometry(), new THREE.MeshBasicMaterial({
      color: REGION_COLORS[name.split(' ')[0]], transparent: true, side: THREE.DoubleSide, depthWrite: false })));
    regions[name] = mesh;
    stage.scene.add(mesh);
  }
  const outline = polyline(0xdde3ee, { closed: true });
  const foot = polyline(COLORS.caster, { dashed: true });
  const nearest = polyline(COLORS.result);
  const closest = marker(COLORS.result, 0.1);
  stage.scene.add(outline, foot, nearest, closest);

  return () => {
    const [a, b, c, p] = ['a', 'b', 'c', 'p'].map((name) => handles[name].position.clone());
    const triangle = { type: 'triangle', a, b, c };
    const point = { type: 'point', position: p };
    const near = c3d.closestPoints(point, triangle);
    const region = regionOf(p, a, b, c);
    const degenerate = b.clone().sub(a).cross(c.clone().sub(a)).lengthSq() === 0;
    for (const [name, corners] of Object.entries(degenerate ? {} : regionPolygons(a, b, c))) {
      const mesh = regions[name];
      mesh.geometry.dispose();
      mesh.geometry = new THREE.BufferGeometry().setFromPoints(corners);
      mesh.geometry.setIndex(corners.length === 3 ? [0, 1, 2] : [0, 1, 2, 0, 2, 3]);
      mesh.material.opacity = name === region.name ? 0.55 : 0.12;
    }
    for (const mesh of Object.values(regions)) mesh.visible = !degenerate;
    outline.show([a, b, c]);
    // p's foot on the triangle's plane, and the nearest point.
    const normal = b.clone().sub(a).cross(c.clone().sub(a)).normalize();
    foot.show(degenerate ? [] : [p, p.clone().addScaledVector(normal, -normal.dot(p.clone().sub(a)))]);
    nearest.show([p, toVector3(near.pointB)]);
    closest.position.copy(toVector3(near.pointB));
    return {
      rows: [['region', region.name], ['because', region.test], ['closest point', vectorText(near.pointB)],
        ['distance', shortNumber(near.distance)]],
      result: { inputs: { point, triangle }, closestPoints: near, region: region.name },
    };
  };
}
