// Triangle – box: intersects() of a triangle and an axis-aligned or oriented box, by the separating axis test over
// 13 axes, listed with their gaps, the projections drawn on the widest. The triangle is a rotatable handle with its
// corners fixed in the handle's frame; the box follows its handle's rotation unless it is axis-aligned.
import * as THREE from 'three';
import { COLORS, boxMesh, rotationOfHandle, triangleMesh } from '../framework/visuals.js';
import { worldPoints } from './local-points.js';
import { axisGaps, boxFrame, boxInterval, boxTriangleAxes, gapRows, pointsInterval, projectionBars } from './separating-axes.js';

export const explanation = `A triangle and a box are apart exactly when some axis separates their projections: all
  three corners of the triangle project beyond the box's reach Σ <i>h</i><sub>i</sub> |<b>a</b><sub>i</sub>·<b>L</b>|
  on the same side of its centre. Thirteen axes suffice (Akenine-Möller 2001): the box's three face normals, the
  triangle's normal, and the nine cross products of a box edge with a triangle edge. Move the box just past a long
  edge of the triangle: then neither shape's faces separate them, only an edge axis does. Every sign is decided
  exactly, so touching counts as meeting. The readout lists each axis with the gap between the projections
  (negative: they overlap), and the projections are drawn on the widest (blue: the triangle, green: the box).
  <p>three.js's <code>Box3.intersectsTriangle</code> (the same 13 axes, in floating point) is shown beside the
  axis-aligned case. The hard cases in the panel lay the triangle flat on the box's top face, or a thousandth
  above it.</p>`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/intersects/intersects_triangle_box.h'];

const halfSize = (label, value) => ({ type: 'number', value, min: 0.05, max: 3, step: 0.01, label });

// The hard cases: nothing turned (every coordinate exact), the triangle in the plane of the box's top face z = 0.4,
// or a thousandth above it.
const FLAT = { box: [0, 0, 0, 0, 0, 0], hx: 0.6, hy: 0.5, hz: 0.4, aligned: true };
export const presets = {
  'flat on the top face': { ...FLAT, triangle: [0.5, 0.3, 0.4, 0, 0, 0] },
  'a thousandth above the top face': { ...FLAT, triangle: [0.5, 0.3, 0.401, 0, 0, 0] },
};

export const params = {
  triangle: { type: 'transform', position: [0, 0, 0], rotation: [-60, 0, 20] },
  box: { type: 'transform', position: [0.8, 0.4, 0.3], rotation: [25, 30, 0] },
  hx: halfSize('half x', 0.6), hy: halfSize('half y', 0.5), hz: halfSize('half z', 0.4),
  aligned: { type: 'boolean', value: false, label: 'axis-aligned (AABB)' },
};

export const camera = [4, 5, 8];

// The triangle's corners in its handle's frame (its xy plane).
const CORNERS = [[-2, -1.5, 0], [2, -1.5, 0], [0, 2, 0]];

export function create({ c3d, stage, handles }) {
  const locals = CORNERS.map((xyz) => new THREE.Vector3(...xyz));
  const triangle = triangleMesh(COLORS.apart);
  triangle.showTriangle(...locals);
  handles.triangle.add(triangle);
  const box = boxMesh(0.7);
  handles.box.add(box);
  const showProjections = projectionBars(stage.scene);

  return ({ hx, hy, hz, aligned }) => {
    const [a, b, c] = worldPoints(handles.triangle, locals);
    const tri = { type: 'triangle', a, b, c };
    const center = handles.box.position, half = { x: hx, y: hy, z: hz };
    const shape = aligned
      ? { type: 'aabb', min: { x: center.x - hx, y: center.y - hy, z: center.z - hz }, max: { x: center.x + hx, y: center.y + hy, z: center.z + hz } }
      : { type: 'obb', center, halfSize: half, rotation: rotationOfHandle(handles.box) };
    // An axis-aligned box does not turn with its handle: undo the handle's rotation.
    box.quaternion.copy(aligned ? handles.box.quaternion.clone().invert() : new THREE.Quaternion());
    box.scale.set(2 * hx, 2 * hy, 2 * hz);
    const intersects = c3d.intersects(tri, shape);
    for (const mesh of [triangle, box]) mesh.paint(intersects ? COLORS.intersecting : COLORS.apart);
    const frame = boxFrame(shape), corners = [a, b, c];
    const gaps = axisGaps(boxTriangleAxes(frame, corners), (L) => pointsInterval(corners, L), (L) => boxInterval(frame, L));
    const { widest, rows } = gapRows(gaps);
    showProjections(widest, new THREE.Vector3().addVectors(a, b).add(c).divideScalar(3).add(center).multiplyScalar(0.5));
    const three = aligned ? (new THREE.Box3().copy(shape).intersectsTriangle(new THREE.Triangle(a, b, c)) ? 'intersects' : 'apart')
      : 'no OBB–triangle test';
    return {
      rows: [['intersects', intersects ? 'yes' : 'no'], ['three.js', three], ['box', aligned ? 'AABB' : 'OBB'], ...rows],
      result: { inputs: { triangle: tri, box: shape }, intersects, gaps: gaps.map(({ label, gap }) => ({ label, gap })) },
    };
  };
}
