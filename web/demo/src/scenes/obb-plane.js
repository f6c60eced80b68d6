// OBB – plane: as AABB – plane (box-plane.js draws both), with the box's axes turned by its rotation.
import * as THREE from 'three';
import { rotationOfHandle } from '../framework/visuals.js';
import { createBoxPlane } from './box-plane.js';

export const explanation = `An oriented box has centre <b>c</b>, half sizes <i>h</i>ᵢ and unit axes
  <b>a</b>ᵢ (the columns of its rotation). Along the plane's unit normal <b>n</b> it reaches
  <i>r</i> = Σ <i>h</i>ᵢ|<b>a</b>ᵢ·<b>n</b>| either side of <b>c</b> (its projected radius, reached at the two
  white corners); with <i>s</i> = <b>n</b>·<b>c</b> + <i>d</i> it is in <b>front</b> when <i>s</i> &gt; <i>r</i>,
  <b>behind</b> when <i>s</i> &lt; −<i>r</i>, and otherwise <b>intersecting</b> (Ericson, <i>Real-Time Collision
  Detection</i> §5.2.3). The cut, from the edges that cross the plane, is a convex polygon of 3 to 6 corners,
  counter-clockwise about <b>n</b>.`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/classify/plane_side.h', 'cpp/collide3d/queries/intersection/intersection_plane_box.h'];

export const params = {
  plane: { type: 'transform', position: [0, 0, 0], rotation: [-65, -15, 0] },
  box: { type: 'transform', position: [0.2, 0, 0.2], rotation: [-30, 40, 20] },
  halfX: { type: 'number', value: 1.2, min: 0.05, max: 3, step: 0.01, label: 'half size x' },
  halfY: { type: 'number', value: 0.7, min: 0.05, max: 3, step: 0.01, label: 'half size y' },
  halfZ: { type: 'number', value: 0.9, min: 0.05, max: 3, step: 0.01, label: 'half size z' },
};

export const camera = [5, 9, 8];

export function create(context) {
  const { handles } = context;
  return createBoxPlane(context, ({ halfX, halfY, halfZ }) => {
    const rotation = rotationOfHandle(handles.box);
    const box = { type: 'obb', center: handles.box.position, halfSize: { x: halfX, y: halfY, z: halfZ }, rotation };
    const axes = [0, 1, 2].map((i) => new THREE.Vector3().fromArray(rotation, 3 * i));
    return { box, halfSize: box.halfSize, axes };
  });
}
