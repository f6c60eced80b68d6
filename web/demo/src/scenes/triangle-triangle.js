// Triangle – triangle: intersects() colours both, intersection() gives the segment (or point) they share, or says
// they are coplanar. Each triangle is a rotatable handle with its corners fixed in the handle's frame.
import * as THREE from 'three';
import { COLORS, decoration, marker, rod, toVector3, triangleMesh, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { worldPoints } from './local-points.js';

export const explanation = `First each triangle's corners are tested against the other's plane by the sign of an
  orientation determinant: all strictly on one side, and the triangles are apart. Otherwise each triangle cuts the
  other's plane in a segment lying on the line where the two planes meet, and the triangles meet exactly when those
  two segments overlap, which takes two more determinant signs (Devillers–Guigue 2002). The overlap is the shared
  segment, or a point when they only touch. Triangles in the same plane are decided in 2D and reported as coplanar.
  <p>Drawn and listed (in floating point, for the display): each triangle's corners' distances from the other's
  plane, and the two segments on the planes' common line, side by side (blue: the first triangle's, green: the
  second's); where they overlap is the answer (Möller 1997 gives the same construction).</p>`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/intersects/intersects_triangle_triangle.h', 'cpp/collide3d/queries/intersection/intersection_triangle_triangle.h'];

export const params = {
  t1: { type: 'transform', position: [0, 0, 0], rotation: [-70, 0, 0] },
  t2: { type: 'transform', position: [0.3, 0.2, 0.1], rotation: [10, 60, 0] },
};

export const camera = [5, 5, 8];

// The corners in each handle's frame (its xy plane).
const CORNERS = {
  t1: [[-2, -1.5, 0], [2, -1.5, 0], [0, 2, 0]],
  t2: [[-1.5, -1, 0], [1.5, -1, 0], [0, 2, 0]],
};

const BAR_COLORS = [0x5c9dff, 0x5cff7a];

// The signed distances of `corners` from the plane of triangle t (through t.a, unit normal).
function distancesFrom(t, corners) {
  const normal = new THREE.Vector3().subVectors(t.b, t.a).cross(new THREE.Vector3().subVectors(t.c, t.a)).normalize();
  return corners.map((p) => normal.dot(new THREE.Vector3().subVectors(p, t.a)));
}

// Where a triangle (corners with distances d from the other's plane) cuts that plane: the points, on the planes'
// common line (its corners on the plane, and its edges' crossings).
function cutPoints(corners, d) {
  const points = [];
  corners.forEach((p, i) => {
    const j = (i + 1) % 3, q = corners[j];
    if (d[i] === 0) points.push(p.clone());
    if (d[i] * d[j] < 0) points.push(p.clone().lerp(q, d[i] / (d[i] - d[j])));
  });
  return points;
}

// A triangle's segment on the line along `direction`: its two ends and their parameters along it; null if it does not
// reach the other's plane.
function segmentOnLine(points, direction) {
  if (points.length === 0) return null;
  const ordered = points.map((p) => ({ p, s: p.dot(direction) })).sort((x, y) => x.s - y.s);
  return { from: ordered[0], to: ordered[ordered.length - 1] };
}

const signed = (values) => values.map((x) => (x > 0 ? '+' : '') + shortNumber(x)).join(', ');

export function create({ c3d, stage, handles }) {
  const locals = {}, meshes = {};
  for (const name of ['t1', 't2']) {
    locals[name] = CORNERS[name].map((xyz) => new THREE.Vector3(...xyz));
    meshes[name] = triangleMesh(COLORS.apart);
    meshes[name].showTriangle(...locals[name]);
    handles[name].add(meshes[name]);
  }
  // The shared segment as a thin rod: a one-pixel line would vanish against the triangles.
  const shaft = rod(0.035);
  const ends = [marker(COLORS.result), marker(COLORS.result)];
  // Each triangle's segment on the planes' common line, drawn beside it (apart along each triangle's normal).
  const bars = BAR_COLORS.map((color) => decoration(rod(0.025, color)));
  stage.scene.add(shaft, ...ends, ...bars);

  // The construction: the corners' distances, each triangle's segment on the common line, their overlap (rows).
  function construction(t1, t2) {
    const corners1 = [t1.a, t1.b, t1.c].map(toVector3), corners2 = [t2.a, t2.b, t2.c].map(toVector3);
    const d2 = distancesFrom(t1, corners2), d1 = distancesFrom(t2, corners1);
    const rows = [['t2 from t1\'s plane', signed(d2)], ['t1 from t2\'s plane', signed(d1)]];
    const n1 = new THREE.Vector3().subVectors(corners1[1], corners1[0]).cross(new THREE.Vector3().subVectors(corners1[2], corners1[0]));
    const n2 = new THREE.Vector3().subVectors(corners2[1], corners2[0]).cross(new THREE.Vector3().subVectors(corners2[2], corners2[0]));
    const direction = n1.clone().cross(n2);
    bars.forEach((bar) => { bar.visible = false; });
    if (direction.lengthSq() === 0) return rows;
    direction.normalize();
    const segments = [segmentOnLine(cutPoints(corners1, d1), direction), segmentOnLine(cutPoints(corners2, d2), direction)];
    segments.forEach((segment, k) => {
      const name = `t${k + 1} on the line`;
      if (segment === null) {
        rows.push([name, 'does not reach it']);
        return;
      }
      rows.push([name, `s ∈ [${shortNumber(segment.from.s)}, ${shortNumber(segment.to.s)}]`]);
      const aside = (k === 0 ? n1 : n2).clone().normalize().multiplyScalar(0.12);
      bars[k].visible = true;
      bars[k].showBetween(segment.from.p.clone().add(aside), segment.to.p.clone().add(aside));
    });
    if (segments.every((segment) => segment !== null)) {
      const lo = Math.max(segments[0].from.s, segments[1].from.s), hi = Math.min(segments[0].to.s, segments[1].to.s);
      rows.push(['overlap', lo <= hi ? `s ∈ [${shortNumber(lo)}, ${shortNumber(hi)}]` : `none (gap ${shortNumber(lo - hi)})`]);
    }
    return rows;
  }

  return () => {
    const [t1, t2] = ['t1', 't2'].map((name) => {
      const [a, b, c] = worldPoints(handles[name], locals[name]);
      return { type: 'triangle', a, b, c };
    });
    const intersects = c3d.intersects(t1, t2);
    const set = c3d.intersection(t1, t2);
    for (const mesh of Object.values(meshes)) mesh.paint(intersects ? COLORS.intersecting : COLORS.apart);

    const shared = set?.kind === 'segment' ? [set.start, set.end] : set?.kind === 'point' ? [set.point] : [];
    const points = shared.map(toVector3);
    ends.forEach((end, i) => {
      end.visible = i < points.length;
      if (end.visible) end.position.copy(points[i]);
    });
    shaft.visible = points.length === 2;
    if (shaft.visible) shaft.showBetween(points[0], points[1]);

    const rows = [['intersects', intersects ? 'yes' : 'no'], ['intersection', set?.kind ?? 'none']];
    if (set?.kind === 'segment') {
      const length = Math.hypot(set.end.x - set.start.x, set.end.y - set.start.y, set.end.z - set.start.z);
      rows.push(['start', vectorText(set.start)], ['end', vectorText(set.end)], ['length', shortNumber(length)]);
    } else if (set?.kind === 'point') {
      rows.push(['point', vectorText(set.point)]);
    }
    rows.push(...construction(t1, t2));
    return { rows, result: { inputs: { t1, t2 }, intersects, intersection: set } };
  };
}
