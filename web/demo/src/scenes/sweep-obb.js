// Swept OBB: sweep() of an oriented box (turned by its handle) against any target (sweep-scene.js draws and reads out
// every sweep scene; sweep-aabb.js is the same for an axis-aligned box).
import { rotationOfHandle } from '../framework/visuals.js';
import { OBSTACLE_TEXT, boxBody, boxSizes, createSweep, sweepParams } from './sweep-scene.js';
import { axesOverTime } from './separating-axes.js';

export { camera, narrow, target } from './sweep-scene.js';

export const explanation = `An oriented box sweeps as an axis-aligned one does, with its own axes. Against a triangle
  or a box: the separating axis test over time (Eberly 1999; Ericson, <i>Real-Time Collision Detection</i> §5.5.8).
  On each candidate axis <b>L</b> (the face normals, and the cross products of an edge of each: 13 axes with a
  triangle, 15 with a box) the box's interval slides at the speed <b>v</b>·<b>L</b>; the first contact is the latest
  entry over the axes, if before the earliest exit, and the axis that entered last is the normal. Turn the box so an
  edge leads onto a turned box: the normal is then an edge × edge axis. Against a point, segment, sphere or capsule,
  a ray cast on the Minkowski difference (§5.5.7); against a plane, one axis; against a cylinder, cone or ellipsoid,
  GJK ray casting (van den Bergen 2004). Against a triangle or a box the readout lists every axis's interval of
  <i>t</i> (in floating point, for the display), where they all overlap, and the axis that entered last.
  ${OBSTACLE_TEXT}`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/sweep/sweep_axes.h', 'cpp/collide3d/queries/sweep/swept_polytope.h'];

export const params = sweepParams({
  start: { position: [-2.4, 2.6, 1.4], rotation: [30, 20, 40] },
  end: [1.2, -1.4, 0.2],
  target: { position: [0, 0, 0], rotation: [-60, 0, 20] },
  kind: 'triangle',
}, boxSizes({ x: 0.8, y: 0.5, z: 0.6 }));

export function create(context) {
  const { handles } = context;
  return createSweep(context, {
    type: 'obb',
    ...boxBody,
    construction: axesOverTime,
    shape: ({ hx, hy, hz }) => ({ type: 'obb', center: handles.start.position.clone(), halfSize: { x: hx, y: hy, z: hz },
      rotation: rotationOfHandle(handles.start) }),
  });
}
