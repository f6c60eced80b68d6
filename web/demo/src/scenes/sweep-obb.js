// Swept OBB: sweep() of an oriented box (turned by its handle) against any target (sweep-scene.js draws and reads out
// every sweep scene; sweep-aabb.js is the same for an axis-aligned box).
import { rotationOfHandle } from '../framework/visuals.js';
import { boxBody, boxSizes, createSweep, sweepParams } from './sweep-scene.js';

export { camera, narrow, target } from './sweep-scene.js';

export const explanation = `An oriented box sweeps like an axis-aligned one, with its own axes. Against a triangle or
  a box: the separating axis test over time (Eberly 1999; Ericson, <i>Real-Time Collision Detection</i> §5.5.8). On
  each candidate axis <b>L</b> (the face normals of both, the triangle's normal, and the cross products of an edge
  of each: 13 axes with a triangle, 15 with a box) the box's projected interval slides at the speed
  <b>v</b>·<b>L</b>, so the projections overlap during one interval of <i>t</i>; the first contact is the latest
  entry over the axes, provided it comes before the earliest exit, and the axis that entered last is the contact
  normal (the arrow). Turn the box so that an edge leads: the normal is then often an edge–edge axis. Against a
  point, segment, sphere or capsule the box's centre is cast as a ray against their Minkowski difference grown by
  the radius (§5.5.7); against a plane one axis decides; against a cylinder, conservative advancement (Mirtich
  1996).`;

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
    shape: ({ hx, hy, hz }) => ({ type: 'obb', center: handles.start.position.clone(), halfSize: { x: hx, y: hy, z: hz },
      rotation: rotationOfHandle(handles.start) }),
  });
}
