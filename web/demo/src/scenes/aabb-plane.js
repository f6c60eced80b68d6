// AABB – plane: classify() by the box's projected radius along the normal, intersection() gives the polygon of the
// cut. The drawing and readout are shared with obb-plane.js (box-plane.js).
import * as THREE from 'three';
import { createBoxPlane } from './box-plane.js';

export const explanation = `With the plane's unit normal <b>n</b>, the box of centre <b>c</b> and half sizes
  <i>h</i>ᵢ reaches <i>r</i> = Σ <i>h</i>ᵢ|<i>n</i>ᵢ| either side of <b>c</b> along <b>n</b> (its projected
  radius, reached at the two white corners). With <i>s</i> = <b>n</b>·<b>c</b> + <i>d</i> it is in <b>front</b>
  when <i>s</i> &gt; <i>r</i>, <b>behind</b> when <i>s</i> &lt; −<i>r</i>, and otherwise <b>intersecting</b>
  (Ericson, <i>Real-Time Collision Detection</i> §5.2.3). The cut is found edge by edge, each of the 12 edges
  crossing the plane giving one corner, and is a convex polygon of 3 to 6 corners, counter-clockwise about
  <b>n</b>.`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/classify/plane_side.h', 'cpp/collide3d/queries/intersection/intersection_plane_box.h'];

export const params = {
  plane: { type: 'transform', position: [0, 0, 0], rotation: [-57, -27, 0] },
  box: { type: 'transform', position: [0.35, -0.15, 0] },
  sizeX: { type: 'number', value: 2.4, min: 0.05, max: 6, step: 0.01, label: 'size x' },
  sizeY: { type: 'number', value: 1.6, min: 0.05, max: 6, step: 0.01, label: 'size y' },
  sizeZ: { type: 'number', value: 2, min: 0.05, max: 6, step: 0.01, label: 'size z' },
};

const AXES = [new THREE.Vector3(1, 0, 0), new THREE.Vector3(0, 1, 0), new THREE.Vector3(0, 0, 1)];

export function create(context) {
  const { handles } = context;
  return createBoxPlane(context, ({ sizeX, sizeY, sizeZ }) => {
    const halfSize = new THREE.Vector3(sizeX, sizeY, sizeZ).multiplyScalar(0.5);
    const center = handles.box.position;
    const box = { type: 'aabb', min: center.clone().sub(halfSize), max: center.clone().add(halfSize) };
    return { box, halfSize, axes: AXES };
  });
}
