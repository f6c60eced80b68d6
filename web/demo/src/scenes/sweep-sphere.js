// Swept sphere: sweep() of a sphere against any target (sweep-scene.js draws and reads out every sweep scene).
import * as THREE from 'three';
import { answerMesh } from '../framework/visuals.js';
import { OBSTACLE_TEXT, createSweep, sweepParams } from './sweep-scene.js';

export { camera, narrow, target } from './sweep-scene.js';

export const explanation = `The sphere's centre moves from <b>c</b> to <b>c</b> + <i>t</i><b>v</b>, <i>t</i> in
  [0, 1] (drag the arrow's tip to change <b>v</b>). It touches the target when its centre comes within <i>r</i> of
  it, so the sweep is a ray cast: the centre's path against the target grown by <i>r</i> (Ericson, <i>Real-Time
  Collision Detection</i> §5.5.7), which for a triangle or box is its faces pushed out, a cylinder round each edge
  and a ball on each corner. Whether it touches at all is decided exactly first: the capsule the sphere sweeps meets
  the target or not. Against a plane the centre's distance is linear in <i>t</i>, a closed form (§5.5.3); against a
  cylinder, cone, ellipsoid or convex hull, GJK ray casting (van den Bergen 2004) jumps <i>t</i> to where the motion closes the
  gap a separating plane leaves, never past the contact. <i>t</i> = 0 when it already touches.
  ${OBSTACLE_TEXT}`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/sweep/sweep.h', 'cpp/collide3d/queries/sweep/cast_rounded.h'];

export const params = sweepParams({
  start: { position: [-2.2, 2.6, 1.5] },
  end: [1.6, -1.8, 0.4],
  target: { position: [0, 0, 0], rotation: [-60, 0, 20] },
  kind: 'triangle',
}, {
  radius: { type: 'number', value: 0.8, min: 0.05, max: 3, step: 0.01 },
});

export function create(context) {
  return createSweep(context, {
    type: 'sphere',
    body: (opacity) => answerMesh(new THREE.SphereGeometry(1, 48, 24), opacity),
    fit: (mesh, { radius }) => mesh.scale.setScalar(radius),
    shape: ({ radius }) => ({ type: 'sphere', center: context.handles.start.position.clone(), radius }),
  });
}
