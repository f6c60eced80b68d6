// Triangle – triangle: intersects() colours both, intersection() gives the segment (or point) they share, or says
// they are coplanar. Each triangle is a rotatable handle with its corners fixed in the handle's frame.
import * as THREE from 'three';
import { COLORS, marker, rod, toVector3, triangleMesh, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { worldPoints } from './local-points.js';

export const explanation = `First each triangle's corners are tested against the other's plane by the sign of an
  orientation determinant: all strictly on one side, and the triangles are apart. Otherwise each triangle cuts the
  other's plane in a segment lying on the line where the two planes meet, and the triangles meet exactly when those
  two segments overlap, which takes two more determinant signs (Devillers–Guigue 2002). The overlap is the shared
  segment, or a point when they only touch. Triangles in the same plane are decided in 2D and reported as coplanar.`;

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
  stage.scene.add(shaft, ...ends);

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
    return { rows, result: { inputs: { t1, t2 }, intersects, intersection: set } };
  };
}
