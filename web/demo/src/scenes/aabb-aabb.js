// AABB – AABB: intersects() by interval overlap on each axis, closestPoints() while apart, contact() while they
// overlap. Each box is centred on its handle, sized by its three size parameters.
import * as THREE from 'three';
import { COLORS, boxMesh } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { separationView } from './separation.js';

export const explanation = `An axis-aligned box is three intervals, [min, max] on x, y and z. Two boxes meet
  exactly when their intervals overlap on all three axes: min<sub>A</sub> ≤ max<sub>B</sub> and min<sub>B</sub> ≤
  max<sub>A</sub> on each (touching counts). Apart, the gap on each axis is clamped at 0 and the distance is the
  length of that gap vector (Ericson, <i>Real-Time Collision Detection</i> §4.2.1). Overlapping, the contact
  pushes B out along the axis of least overlap, and that overlap is the depth. three.js's
  <code>Box3.intersectsBox</code>, shown beside it, makes the same comparisons; the hard cases (in the panel) are
  boxes that only touch, on a face, an edge or a corner, and boxes a thousandth apart.`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/intersects/intersects_aabb_aabb.h', 'cpp/collide3d/queries/contact/contact.h'];

const size = (value, label) => ({ type: 'number', value, min: 0.1, max: 5, step: 0.01, label });

export const params = {
  a: { type: 'transform', position: [-0.5, 0, 0] },
  b: { type: 'transform', position: [2.2, 0.7, 0.4] },
  sizeAx: size(2.2, 'A size x'),
  sizeAy: size(1.6, 'A size y'),
  sizeAz: size(2, 'A size z'),
  sizeBx: size(1.6, 'B size x'),
  sizeBy: size(1.2, 'B size y'),
  sizeBz: size(1.4, 'B size z'),
};

// The hard cases: two cubes of side 2, B moved from A's centre by 2 along one, two or three axes (touching on a face,
// an edge, a corner; every coordinate exact), or by 2.001 (a thousandth apart).
const CUBES = { a: [0, 0, 0], sizeAx: 2, sizeAy: 2, sizeAz: 2, sizeBx: 2, sizeBy: 2, sizeBz: 2 };
export const presets = {
  'touching on a face': { ...CUBES, b: [2, 0, 0] },
  'touching along an edge': { ...CUBES, b: [2, 2, 0] },
  'touching at a corner': { ...CUBES, b: [2, 2, 2] },
  'a thousandth apart': { ...CUBES, b: [2.001, 0, 0] },
};

export const camera = [1.2, 4.5, 10];
// On a phone the panel covers the lower part of the screen: the view pulls back and looks lower.
export const narrow = { camera: [2, 6, 16], target: [0.5, -1.8, 0] };

const AXES = ['x', 'y', 'z'];

function aabbAround(center, size) {
  const half = size.clone().multiplyScalar(0.5);
  return { type: 'aabb', min: center.clone().sub(half), max: center.clone().add(half) };
}

export function create({ c3d, stage, handles }) {
  const boxes = { a: boxMesh(0.55), b: boxMesh(0.55) };
  handles.a.add(boxes.a);
  handles.b.add(boxes.b);
  const relate = separationView(c3d, stage.scene);

  return (values) => {
    const sizes = {
      a: new THREE.Vector3(values.sizeAx, values.sizeAy, values.sizeAz),
      b: new THREE.Vector3(values.sizeBx, values.sizeBy, values.sizeBz),
    };
    boxes.a.scale.copy(sizes.a);
    boxes.b.scale.copy(sizes.b);
    const a = aabbAround(handles.a.position, sizes.a);
    const b = aabbAround(handles.b.position, sizes.b);
    const { rows, answers } = relate(a, b);
    const threeMeets = new THREE.Box3().copy(a).intersectsBox(new THREE.Box3().copy(b));
    rows.splice(1, 0, ['three.js', threeMeets ? 'intersects' : 'apart']);
    for (const box of Object.values(boxes)) box.paint(answers.intersects ? COLORS.intersecting : COLORS.apart);
    // The per-axis interval test the answer comes from: a negative overlap is a gap.
    for (const axis of AXES) {
      const overlap = Math.min(a.max[axis], b.max[axis]) - Math.max(a.min[axis], b.min[axis]);
      rows.push([`${axis} overlap`, overlap >= 0 ? shortNumber(overlap) : `gap ${shortNumber(-overlap)}`]);
    }
    return { rows, result: { inputs: { a, b }, ...answers } };
  };
}
