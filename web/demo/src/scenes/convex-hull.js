// Convex hull: drag eight points and watch their hull, built by collide3d's exact Quickhull (c3d.ConvexHull); a
// probe point is tested against it, and the hull's nearest point to the probe is drawn.
import { COLORS, marker, polytopeMesh, rod } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';

export const explanation = `Quickhull (Barber, Dobkin, Huhdanpaa 1996) grows the hull from a tetrahedron of extreme
  points: each face takes the points above it, the farthest of them becomes a vertex, and the faces it sees are
  replaced by a cone from it to their horizon. Every "above" and "coplanar" is the exact sign of an orientation
  determinant, so points on a face or an edge, repeated points, and flat or collinear sets (drag the points into a
  plane or onto a line) give the true hull: its vertices are input points, and coplanar faces merge into polygons,
  each listed counter-clockwise from outside. The probe is inside when it is behind every face (exact); its distance
  is GJK's.`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/hull/quickhull.cpp', 'cpp/collide3d/hull/hull_builder.cpp'];

const CORNERS = [[-1.5, -1, -1], [1.5, -1.2, -0.8], [1.2, 1.4, -1], [-1.3, 1.1, -1.2], [-1, -1.3, 1.2], [1.4, -0.9, 1.1],
  [0.9, 1.2, 1.4], [-1.2, 0.8, 1]];
export const params = {
  ...Object.fromEntries(CORNERS.map((position, i) => [`p${i}`, { type: 'transform', position }])),
  probe: { type: 'transform', position: [2.6, 0.4, 0.3] },
};

export const camera = [4, 5, 9];
export const narrow = { camera: [5, 7, 15], target: [0.7, -0.8, 0] };

export function create({ c3d, stage, handles }) {
  const names = CORNERS.map((_, i) => `p${i}`);
  names.forEach((name) => handles[name].add(marker(0xdde3ee, 0.1)));
  handles.probe.add(marker(COLORS.result, 0.12));
  const body = polytopeMesh(COLORS.apart, { opacity: 0.55, edgeColor: 0xdde3ee });
  const nearest = rod(0.02, COLORS.result);
  stage.scene.add(body, nearest);
  let hull = null;

  return () => {
    const points = names.map((name) => handles[name].position.clone());
    hull?.dispose();
    hull = new c3d.ConvexHull(points);
    const { triangles, faces, sourceIndex, dimension } = hull;
    body.showHull(hull);
    const probe = { type: 'point', position: handles.probe.position.clone() };
    const inside = c3d.intersects(probe, hull);
    const near = c3d.closestPoints(probe, hull);
    body.paint(inside ? COLORS.intersecting : COLORS.apart);
    nearest.showBetween(near.pointA, near.pointB);
    nearest.visible = near.distance > 0;
    const inputs = { points: points.map(({ x, y, z }) => ({ x, y, z })), probe };
    return {
      rows: [['dimension', String(dimension)], ['vertices', `${sourceIndex.length} (points ${[...sourceIndex].join(', ')})`],
        ['faces', String(faces.length)], ['triangles', String(triangles.length / 3)],
        ['probe inside', inside ? 'yes' : 'no'], ['probe distance', shortNumber(near.distance)]],
      result: { inputs, dimension, sourceIndex: [...sourceIndex], faces: faces.map((f) => [...f]), inside, distance: near.distance },
    };
  };
}
