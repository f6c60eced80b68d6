// Swept AABB: sweep() of an axis-aligned box against any target (sweep-scene.js draws and reads out every sweep
// scene; sweep-obb.js is the same for an oriented box).
import { boxBody, boxSizes, createSweep, sweepParams } from './sweep-scene.js';

export { camera, narrow, target } from './sweep-scene.js';

export const explanation = `Against a triangle or a box the sweep runs the separating axis test over time (Eberly
  1999; Ericson, <i>Real-Time Collision Detection</i> §5.5.8): two convex polytopes overlap exactly when their
  projections overlap on every candidate axis (the boxes' face normals, the triangle's normal, the cross products of
  an edge of each: 13 axes with a triangle, 15 with a box). Moving does not turn the axes, so on each the box's
  interval slides at the speed <b>v</b>·<b>L</b> and overlaps the target's during one interval of <i>t</i>. The
  first contact is the latest entry over the axes, if it comes before the earliest exit; the axis that entered last
  is the contact normal (the arrow). Against a point, segment, sphere or capsule the box's centre is cast as a ray
  against the Minkowski difference of the two, grown by the target's radius (§5.5.7); against a plane one axis, the
  normal, decides; against a cylinder, conservative advancement (Mirtich 1996). Whether the box touches at the start
  is decided exactly, except against a capsule or a cylinder.`;

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
    shape({ hx, hy, hz }) {
      const { x, y, z } = handles.start.position;
      return { type: 'aabb', min: { x: x - hx, y: y - hy, z: z - hz }, max: { x: x + hx, y: y + hy, z: z + hz } };
    },
  });
}
