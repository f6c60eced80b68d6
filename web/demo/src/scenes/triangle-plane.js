// Triangle – plane: classify() colours the triangle, intersection() gives the segment where the plane cuts it
// (a point when it only touches, `coplanar` when it lies in the plane).
import { COLORS, marker, planeOfHandle, planePatch, polygon, polyline, triangleMesh, vectorText } from '../framework/visuals.js';

export const explanation = `The vertices' signed distances <i>d</i><sub>a</sub>, <i>d</i><sub>b</sub>,
  <i>d</i><sub>c</sub> (<b>n</b>·<b>p</b> + <i>d</i>) decide: all positive is <b>front</b>, all negative
  <b>behind</b>, anything else <b>intersecting</b>. The plane cuts each edge whose ends lie strictly on opposite
  sides at <b>p</b> + (<b>q</b> − <b>p</b>) <i>d</i><sub>p</sub> / (<i>d</i><sub>p</sub> − <i>d</i><sub>q</sub>)
  (Ericson, <i>Real-Time Collision Detection</i> §5.3.1), and a vertex at distance 0 is a cut point itself:
  together a segment, or a point when the plane only touches a corner. With all three distances 0 the triangle is
  coplanar.`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/classify/plane_side.h', 'cpp/collide3d/queries/intersection/intersection_plane.h'];

export const params = {
  plane: { type: 'transform', position: [0, 0, 0], rotation: [-80, 0, 10] },
  a: { type: 'transform', position: [-0.6, 1.8, 2.4] },
  b: { type: 'transform', position: [3, -1.2, 1.4] },
  c: { type: 'transform', position: [1.2, 1.4, -1.6] },
};

// On a phone the panel covers the lower part of the screen: the view pulls back and looks lower.
export const narrow = { camera: [9, 8, 13], target: [0, -2.5, 0] };

export function create({ stage, c3d, handles }) {
  handles.plane.add(planePatch(8));
  for (const name of ['a', 'b', 'c']) handles[name].add(marker(0xdde3ee, 0.12));
  const surface = triangleMesh(COLORS.apart);
  const cut = polyline(COLORS.result);
  const ends = [marker(COLORS.result, 0.08), marker(COLORS.result, 0.08)];
  const coplanar = polygon(COLORS.result);
  stage.scene.add(surface, cut, ...ends, coplanar);

  return () => {
    const plane = planeOfHandle(handles.plane);
    const [a, b, c] = ['a', 'b', 'c'].map((name) => handles[name].position);
    const triangle = { type: 'triangle', a, b, c };
    const side = c3d.classify(plane, triangle);
    const set = c3d.intersection(plane, triangle);
    surface.showTriangle(a, b, c);
    surface.paint(COLORS[side]);

    const points = set?.kind === 'segment' ? [set.start, set.end] : set?.kind === 'point' ? [set.point] : [];
    cut.show(points);
    ends.forEach((end, i) => {
      end.visible = i < points.length;
      if (end.visible) end.position.copy(points[i]);
    });
    coplanar.show(set?.kind === 'coplanar' ? [a, b, c] : []);

    const rows = [['classify', side], ['intersection', set?.kind ?? 'none']];
    if (set?.kind === 'segment') rows.push(['start', vectorText(set.start)], ['end', vectorText(set.end)]);
    if (set?.kind === 'point') rows.push(['point', vectorText(set.point)]);
    return { rows, result: { inputs: { plane, triangle }, side, intersection: set } };
  };
}
