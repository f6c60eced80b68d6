// Segment, ray, line – plane: raycast() gives where the caster first meets the plane (t, point, normal);
// intersection() gives the set a segment or a line shares with it: a point, or all of it when it lies in the plane.
// The caster runs from the start handle through the end handle.
import { COLORS, arrow, marker, planeOfHandle, planePatch, rod, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';

export const explanation = `The ends' signed distances <i>d</i>₀ = <b>n</b>·<b>s</b> + <i>d</i> and
  <i>d</i>₁ = <b>n</b>·<b>e</b> + <i>d</i> decide: the segment crosses the plane when they differ in sign (an end
  with distance 0 touches it), at <i>t</i> = <i>d</i>₀ / (<i>d</i>₀ − <i>d</i>₁), the point
  <b>s</b> + <i>t</i>(<b>e</b> − <b>s</b>) (Ericson, <i>Real-Time Collision Detection</i> §5.3.1). The normal shown
  faces the start's side. When both distances are 0 the whole segment lies in the plane: <code>intersection</code>
  returns it, and <code>raycast</code> its first point, <i>t</i> = 0. The segment is orange when it meets the
  plane, grey when it does not.
  <p>A <b>ray</b> or a <b>line</b> through <b>o</b> along <b>d</b> (here from the start through the end) meets it
  at <i>t</i> = −(<b>n</b>·<b>o</b> + <i>d</i>) / (<b>n</b>·<b>d</b>), in units of <b>d</b>: a ray only for
  <i>t</i> ≥ 0, a line for any <i>t</i>. When <b>n</b>·<b>d</b> = 0 it runs parallel: it meets the plane only if
  it lies in it (then at its origin).</p>`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/raycast/raycast_plane.h', 'cpp/collide3d/queries/intersection/intersection_plane.h'];

export const params = {
  plane: { type: 'transform', position: [0, 0, 0], rotation: [-80, 0, 10] },
  start: { type: 'transform', position: [0.2, 2.4, 2.2] },
  end: { type: 'transform', position: [2.8, -1.8, 0.8] },
  caster: { type: 'choice', value: 'segment', options: ['segment', 'ray', 'line'] },
};

const REACH = 12;  // how far a ray or a line is drawn past its start

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

  // The caster and the stretch of it drawn: the segment itself, a ray REACH past its start, a line both ways.
  function casterOf(kind) {
    const { position: start } = handles.start, { position: end } = handles.end;
    if (kind === 'segment') return { caster: { type: 'segment', start, end }, drawn: [start, end] };
    const direction = end.clone().sub(start);
    const far = direction.clone().setLength(REACH);
    return { caster: { type: kind, origin: start, direction }, drawn: [kind === 'ray' ? start : start.clone().sub(far), start.clone().add(far)] };
  }

  return ({ caster: kind }) => {
    const plane = planeOfHandle(handles.plane);
    const { caster, drawn } = casterOf(kind);
    const hit = c3d.raycast(caster, plane);
    // The set shared (collide3d answers it for a segment or a line; a ray's is its hit).
    const set = kind === 'ray' ? undefined : c3d.intersection(caster, plane);
    body.showBetween(...drawn);
    body.paint(hit ? COLORS.intersecting : COLORS.apart);
    inPlane.visible = set?.kind === kind;
    if (inPlane.visible) inPlane.showBetween(...drawn);
    crossing.visible = normal.visible = hit !== null;
    const result = { inputs: { [kind]: caster, plane }, hit, intersection: set };
    if (hit === null) return { rows: [['crosses', 'no']], result };
    crossing.position.copy(hit.point);
    normal.show(crossing.position, hit.normal);
    return {
      rows: [['crosses', set?.kind === kind ? 'lies in the plane' : 'yes'], ['t', shortNumber(hit.t)],
        ['point', vectorText(hit.point)], ['normal', vectorText(hit.normal)]],
      result,
    };
  };
}
