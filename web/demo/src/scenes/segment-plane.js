// Segment – plane: raycast() gives where the segment first meets the plane (t, point, normal); intersection() gives
// the set they share: a point, or the whole segment when it lies in the plane.
import { COLORS, arrow, marker, planeOfHandle, planePatch, rod, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';

export const explanation = `The ends' signed distances <i>d</i>₀ = <b>n</b>·<b>s</b> + <i>d</i> and
  <i>d</i>₁ = <b>n</b>·<b>e</b> + <i>d</i> decide: the segment crosses the plane when they differ in sign (an end
  with distance 0 touches it), at <i>t</i> = <i>d</i>₀ / (<i>d</i>₀ − <i>d</i>₁), the point
  <b>s</b> + <i>t</i>(<b>e</b> − <b>s</b>) (Ericson, <i>Real-Time Collision Detection</i> §5.3.1). The normal shown
  faces the start's side. When both distances are 0 the whole segment lies in the plane: <code>intersection</code>
  returns it, and <code>raycast</code> its first point, <i>t</i> = 0. The segment is orange when it meets the
  plane, grey when it does not.`;

export const params = {
  plane: { type: 'transform', position: [0, 0, 0], rotation: [-80, 0, 10] },
  start: { type: 'transform', position: [0.2, 2.4, 2.2] },
  end: { type: 'transform', position: [2.8, -1.8, 0.8] },
};

// On a phone the panel covers the lower part of the screen: the view pulls back and looks lower.
export const narrow = { camera: [9, 8, 13], target: [0, -2.5, 0] };

export function create({ stage, c3d, handles }) {
  handles.plane.add(planePatch(8));
  handles.start.add(marker(COLORS.caster, 0.13));
  handles.end.add(marker(COLORS.caster, 0.1));
  const body = rod(0.035);
  const inPlane = rod(0.06);  // the whole segment as the answer, drawn over it
  const crossing = marker(COLORS.result, 0.11);
  const normal = arrow(COLORS.normal);
  stage.scene.add(body, inPlane, crossing, normal);

  return () => {
    const plane = planeOfHandle(handles.plane);
    const segment = { type: 'segment', start: handles.start.position, end: handles.end.position };
    const hit = c3d.raycast(segment, plane);
    const set = c3d.intersection(segment, plane);
    body.showBetween(segment.start, segment.end);
    body.paint(hit ? COLORS.intersecting : COLORS.apart);
    inPlane.visible = set?.kind === 'segment';
    if (inPlane.visible) inPlane.showBetween(segment.start, segment.end);
    crossing.visible = normal.visible = hit !== null;
    const result = { inputs: { segment, plane }, hit, intersection: set };
    if (hit === null) return { rows: [['crosses', 'no']], result };
    crossing.position.copy(hit.point);
    normal.show(crossing.position, hit.normal);
    return {
      rows: [['crosses', set?.kind === 'segment' ? 'lies in the plane' : 'yes'], ['t', shortNumber(hit.t)],
        ['point', vectorText(hit.point)], ['normal', vectorText(hit.normal)]],
      result,
    };
  };
}
