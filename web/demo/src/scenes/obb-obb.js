// OBB – OBB: intersects() by the separating axis test, and separatingAxis() — the axis found when they are apart,
// drawn with the plane it defines between the boxes; the 15 candidate axes listed with their gaps, and the boxes'
// projections drawn on the widest.
import * as THREE from 'three';
import { OBB } from 'three/addons/math/OBB.js';
import { COLORS, arrow, boxMesh, decoration, planePatch, rotationOfHandle, toVector3, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { axisGaps, boxBoxAxes, boxFrame, boxInterval, gapRows, projectionBars } from './separating-axes.js';

export const explanation = `Two convex solids are apart exactly when some axis <b>L</b> separates their projections:
  |<b>L</b>·(<b>c</b><sub>B</sub> − <b>c</b><sub>A</sub>)| &gt; <i>r</i><sub>A</sub> + <i>r</i><sub>B</sub>, where a box's
  projected radius is <i>r</i> = Σ <i>h</i><sub>i</sub> |<b>a</b><sub>i</sub>·<b>L</b>|. For two boxes 15 axes suffice: the three face normals of
  each and the 9 cross products of an edge of each (Gottschalk, Lin, Manocha 1996). The readout lists every axis
  with its gap (negative: the projections overlap; — for the cross product of parallel edges), and the two
  projections are drawn on the axis with the widest gap. When they are apart, that axis is drawn with the plane
  halfway across the gap. The gaps here are computed in floating point for the table; the answer is collide3d's,
  decided exactly.
  <p>three.js's <code>OBB.intersectsOBB</code> (from its addons) is shown beside it; the hard cases in the panel are
  boxes touching face to face and a thousandth apart.</p>`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/intersects/intersects_obb_obb.h', 'cpp/collide3d/queries/separation/separating_axis_box_box.h'];

const halfSize = (label, value) => ({ type: 'number', value, min: 0.05, max: 3, step: 0.01, label });

export const params = {
  a: { type: 'transform', position: [-1.2, 0, 0], rotation: [0, 0, 30] },
  b: { type: 'transform', position: [1.6, 0.5, 0.3], rotation: [20, 35, 0] },
  ax: halfSize('A half x', 1), ay: halfSize('A half y', 0.7), az: halfSize('A half z', 0.8),
  bx: halfSize('B half x', 0.9), by: halfSize('B half y', 0.6), bz: halfSize('B half z', 0.5),
};

// The hard cases: unturned cubes of half size 1 whose centres are 2 apart along x (touching faces), or 2.001.
const CUBES = { ax: 1, ay: 1, az: 1, bx: 1, by: 1, bz: 1 };
export const presets = {
  'touching face to face': { ...CUBES, a: [0, 0, 0, 0, 0, 0], b: [2, 0, 0, 0, 0, 0] },
  'a thousandth apart': { ...CUBES, a: [0, 0, 0, 0, 0, 0], b: [2.001, 0, 0, 0, 0, 0] },
};

export const camera = [2, 5, 10];

// Which candidate the axis is: a face normal of A or B (parallel to a column of its rotation), or an edge pair.
function axisSource(axis, rotationA, rotationB) {
  for (const [name, m] of [['face of A', rotationA], ['face of B', rotationB]]) {
    for (let i = 0; i < 3; i += 1) {
      const dot = axis.x * m[3 * i] + axis.y * m[3 * i + 1] + axis.z * m[3 * i + 2];
      if (Math.abs(Math.abs(dot) - 1) < 1e-9) return `${name} (${'xyz'[i]})`;
    }
  }
  return 'edge × edge';
}

export function create({ c3d, stage, handles }) {
  const meshA = boxMesh(0.7), meshB = boxMesh(0.7);
  handles.a.add(meshA);
  handles.b.add(meshB);
  const plane = decoration(planePatch(5, COLORS.result));
  const axisArrow = arrow(COLORS.result, 2);
  stage.scene.add(plane, axisArrow);
  const showProjections = projectionBars(stage.scene);

  return ({ ax, ay, az, bx, by, bz }) => {
    meshA.scale.set(2 * ax, 2 * ay, 2 * az);
    meshB.scale.set(2 * bx, 2 * by, 2 * bz);
    const a = { type: 'obb', center: handles.a.position, halfSize: { x: ax, y: ay, z: az }, rotation: rotationOfHandle(handles.a) };
    const b = { type: 'obb', center: handles.b.position, halfSize: { x: bx, y: by, z: bz }, rotation: rotationOfHandle(handles.b) };
    const intersects = c3d.intersects(a, b);
    const separation = c3d.separatingAxis(a, b);
    meshA.paint(intersects ? COLORS.intersecting : COLORS.apart);
    meshB.paint(intersects ? COLORS.intersecting : COLORS.apart);
    plane.visible = axisArrow.visible = separation !== null;

    const frameA = boxFrame(a), frameB = boxFrame(b);
    const gaps = axisGaps(boxBoxAxes(frameA, frameB, ['A', 'B']), (L) => boxInterval(frameA, L), (L) => boxInterval(frameB, L));
    const { widest, rows: table } = gapRows(gaps);
    const middle = new THREE.Vector3().addVectors(a.center, b.center).multiplyScalar(0.5);
    showProjections(widest, middle);
    const result = { inputs: { a, b }, intersects, separation, gaps: gaps.map(({ label, gap }) => ({ label, gap })) };
    const threeObb = (box) => new OBB(box.center, new THREE.Vector3().copy(box.halfSize), new THREE.Matrix3().fromArray(box.rotation));
    const three = ['three.js', threeObb(a).intersectsOBB(threeObb(b)) ? 'intersects' : 'apart'];
    if (separation === null) {
      return { rows: [['intersects', 'true'], three, ['separating axis', 'none'], ...table], result };
    }

    // The plane halfway across the gap: where B's projection starts, less half the gap, measured along the axis.
    const axis = toVector3(separation.axis);
    const offset = boxInterval(frameB, axis)[0] - separation.gap / 2;
    const onPlane = middle.clone().addScaledVector(axis, offset - axis.dot(middle));
    plane.position.copy(onPlane);
    plane.quaternion.setFromUnitVectors(new THREE.Vector3(0, 0, 1), axis);
    axisArrow.show(onPlane, axis, 1.5);
    return {
      rows: [['intersects', 'false'], three, ['separating axis', vectorText(separation.axis)],
        ['axis from', axisSource(separation.axis, a.rotation, b.rotation)], ['gap', shortNumber(separation.gap)],
        ...table],
      result,
    };
  };
}
