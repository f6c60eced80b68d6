// Swept AABB: sweep() of an axis-aligned box against any target (sweep-scene.js draws and reads out every sweep
// scene; sweep-obb.js is the same for an oriented box).
import { OBSTACLE_TEXT, boxBody, boxSizes, createSweep, sweepParams } from './sweep-scene.js';
import { axesOverTime } from './separating-axes.js';

export { camera, narrow, target } from './sweep-scene.js';

export const explanation = `Against a triangle or a box: the separating axis test over time (Eberly 1999; Ericson,
  <i>Real-Time Collision Detection</i> §5.5.8). Two convex polytopes overlap when their projections overlap on every
  candidate axis <b>L</b> (the face normals, and the cross products of an edge of each: 13 axes with a triangle, 15
  with a box). On each, the box's interval slides at the speed <b>v</b>·<b>L</b> and overlaps the target's during
  one interval of <i>t</i>; the first contact is the latest entry, if it comes before the earliest exit, and the axis
  that entered last is the normal. Against a point, segment, sphere or capsule the box's centre is cast as a ray
  against their Minkowski difference grown by the radius (§5.5.7); against a plane the normal alone decides; against
  a cylinder, cone, ellipsoid or convex hull, GJK ray casting (van den Bergen 2004).
  <p>Against a triangle or a box the readout lists each axis's interval of <i>t</i> (in floating point, for the
  display; a candidate parallel to an earlier one once, so another axis-aligned box has three), where all of them
  overlap, and the axis that entered last.</p>${OBSTACLE_TEXT}`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/sweep/sweep_axes.h'];

export const params = sweepParams({
  start: { position: [-2.6, 2.4, 1] },
  end: [1.4, -0.6, 0],
  target: { position: [0.6, -0.6, 0], rotation: [70, 0, 30] },
  kind: 'capsule',
}, boxSizes({ x: 0.8, y: 0.5, z: 0.6 }));

export function create(context) {
  const { handles } = context;
  return createSweep(context, {
    type: 'aabb',
    ...boxBody,
    construction: axesOverTime,
    shape({ hx, hy, hz }) {
      const { x, y, z } = handles.start.position;
      return { type: 'aabb', min: { x: x - hx, y: y - hy, z: z - hz }, max: { x: x + hx, y: y + hy, z: z + hz } };
    },
  });
}
