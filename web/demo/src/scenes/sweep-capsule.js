// Swept capsule: sweep() of a capsule (its axis along its handle's y) against any target (sweep-scene.js draws and
// reads out every sweep scene).
import { capsuleBody, createSweep, sweepParams } from './sweep-scene.js';

export { camera, narrow, target } from './sweep-scene.js';

export const explanation = `A capsule is a segment grown by a radius <i>r</i>; moving by <i>t</i><b>v</b>, it
  touches the target when its segment comes within <i>r</i> of the target (plus the target's own radius, for a
  sphere or capsule). So one end of the segment is cast as a ray against the Minkowski difference of the target and
  the segment, grown by the radii (Ericson, <i>Real-Time Collision Detection</i> §5.5.7): the target's corners copied
  at both ends of the segment and the edges swept between the copies, a polytope whose faces are pushed out by the
  radii, with a cylinder round each edge. The first place the ray enters it is the time of impact, and the point of
  the target it came from the contact. Against a plane a segment arrives end first: the earlier of its two end
  balls' closed-form times. Against a cylinder, conservative advancement (Mirtich 1996): <i>t</i> steps on by the
  gap over the closing speed. Whether it touches at the start is decided exactly, except against a box or a
  cylinder, where it is a distance within 10⁻¹² of the sizes.`;

export const params = sweepParams({
  start: { position: [-2.6, 2.2, 1.2], rotation: [20, 0, 60] },
  end: [1.4, -0.4, 0.2],
  target: { position: [0.4, -0.5, -0.2], rotation: [0, 30, 15] },
  kind: 'obb',
}, {
  radius: { type: 'number', value: 0.5, min: 0.05, max: 2, step: 0.01 },
  length: { type: 'number', value: 1.6, min: 0, max: 4, step: 0.01 },
});

export function create(context) {
  return createSweep(context, {
    type: 'capsule',
    ...capsuleBody,
    shape: (values) => capsuleBody.shapeOn(context.handles.start, values),
  });
}
