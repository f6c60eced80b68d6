// Swept capsule: sweep() of a capsule (its axis along its handle's y) against any target (sweep-scene.js draws and
// reads out every sweep scene).
import { OBSTACLE_TEXT, capsuleBody, createSweep, sweepParams } from './sweep-scene.js';

export { camera, narrow, target } from './sweep-scene.js';

export const explanation = `A capsule is a segment grown by a radius <i>r</i>: moving by <i>t</i><b>v</b>, it
  touches the target when the segment comes within <i>r</i> of it (plus the target's radius). So one end of the
  segment is cast as a ray against the Minkowski difference of the target and the segment (Ericson, <i>Real-Time
  Collision Detection</i> §5.5.7): the target's corners copied at both ends and the edges swept between, a polytope,
  grown by the radii. Where the ray enters it is the time of impact; the target point it came from, the contact.
  A segment reaches a plane end first: the earlier of its end balls' closed-form times. Against a cylinder,
  cone, ellipsoid or convex hull, GJK ray casting (van den Bergen 2004). Touching at the start is decided exactly, except against
  a cylinder, cone or ellipsoid (GJK proves them apart by more than 2⁻⁴⁰ of the sizes, or they touch).
  ${OBSTACLE_TEXT}`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/sweep/sweep.h', 'cpp/collide3d/queries/sweep/cast_rounded.h', 'cpp/collide3d/queries/sweep/gjk_raycast.h'];

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
