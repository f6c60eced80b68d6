// The separating axis test drawn for the box scenes (OBB – OBB, triangle – box): each candidate axis with the gap
// between the two shapes' projections on it (positive: it separates them), the table of them for the readout, and
// the two projections drawn as bars on the widest. Computed in floating point for the display; the answers the
// scenes show are collide3d's, decided exactly. Not a scene of its own.
import * as THREE from 'three';
import { COLORS, rod } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { intervalText, overlapOf, slabInterval } from './ray-handles.js';

/** A box's axes as unit vectors (the columns of its rotation) with its half sizes, from a collide3d aabb or obb. */
export function boxFrame(box) {
  if (box.type === 'aabb') {
    const center = new THREE.Vector3().addVectors(box.min, box.max).multiplyScalar(0.5);
    const half = new THREE.Vector3().subVectors(box.max, box.min).multiplyScalar(0.5);
    return { center, axes: [new THREE.Vector3(1, 0, 0), new THREE.Vector3(0, 1, 0), new THREE.Vector3(0, 0, 1)], half: half.toArray() };
  }
  return { center: new THREE.Vector3().copy(box.center), half: [box.halfSize.x, box.halfSize.y, box.halfSize.z],
    axes: [0, 1, 2].map((i) => new THREE.Vector3().fromArray(box.rotation, 3 * i)) };
}

/** A box's projection on the unit axis: its centre's ± its reach Σ h_i |a_i · L|. */
export function boxInterval({ center, axes, half }, unit) {
  const c = center.dot(unit), r = axes.reduce((sum, axis, i) => sum + half[i] * Math.abs(axis.dot(unit)), 0);
  return [c - r, c + r];
}

const NAMES = ['x', 'y', 'z'];

/**
 * The 15 candidate axes of two boxes (boxFrame), labelled with the boxes' `names`, in the order the explanations
 * give them: each box's face normals, then the cross products of an edge of each (Gottschalk, Lin, Manocha 1996).
 */
export function boxBoxAxes(frameA, frameB, [nameA, nameB]) {
  return [
    ...frameA.axes.map((axis, i) => [`${nameA} ${NAMES[i]}`, axis]), ...frameB.axes.map((axis, i) => [`${nameB} ${NAMES[i]}`, axis]),
    ...frameA.axes.flatMap((p, i) => frameB.axes.map((q, j) => [`${nameA} ${NAMES[i]} × ${nameB} ${NAMES[j]}`, new THREE.Vector3().crossVectors(p, q)])),
  ];
}

/**
 * The 13 candidate axes of a box and a triangle (its corners): the box's face normals, the triangle's normal, and
 * each box axis crossed with each edge (Akenine-Möller 2001).
 */
export function boxTriangleAxes(frame, [a, b, c]) {
  const edges = [['ab', a, b], ['bc', b, c], ['ca', c, a]].map(([name, p, q]) => [name, new THREE.Vector3().subVectors(q, p)]);
  return [
    ...frame.axes.map((axis, i) => [`box ${NAMES[i]}`, axis]),
    ['triangle normal', new THREE.Vector3().crossVectors(edges[0][1], new THREE.Vector3().subVectors(c, a))],
    ...frame.axes.flatMap((axis, i) => edges.map(([name, edge]) => [`${NAMES[i]} × ${name}`, new THREE.Vector3().crossVectors(axis, edge)])),
  ];
}

/** Points' projection on the unit axis. */
export function pointsInterval(points, unit) {
  const along = points.map((p) => unit.dot(p));
  return [Math.min(...along), Math.max(...along)];
}

/**
 * Each candidate [label, axis] with the shapes' projections on it (intervalA, intervalB: unit axis → [lo, hi]) and
 * their gap; a zero axis (the cross product of parallel edges) has gap null.
 */
export function axisGaps(candidates, intervalA, intervalB) {
  return candidates.map(([label, axis]) => {
    if (axis.length() < 1e-9) return { label, axis: null, gap: null };
    const unit = axis.clone().normalize(), a = intervalA(unit), b = intervalB(unit);
    return { label, axis: unit, a, b, gap: Math.max(b[0] - a[1], a[0] - b[1]) };
  });
}

/** The readout rows for the gaps: how many separate, the widest, then every axis (— for a zero one). */
export function gapRows(gaps) {
  const widest = gaps.filter((g) => g.axis !== null).reduce((best, g) => (g.gap > best.gap ? g : best));
  const separating = gaps.filter((g) => g.gap !== null && g.gap > 0).length;
  return {
    widest,
    rows: [['separating axes', `${separating} of ${gaps.length}`], ['widest', `${widest.label}: ${shortNumber(widest.gap)}`],
      ...gaps.map(({ label, gap }) => [label, gap === null ? '—' : shortNumber(gap)])],
  };
}

/** Two bars (the first shape's blue, the second's green) showing the projections on an axis, below `middle`. */
export function projectionBars(scene) {
  const bars = [rod(0.05, COLORS.back), rod(0.05, COLORS.front)];
  scene.add(...bars);
  return ({ axis, a, b }, middle) => {
    // Along a line parallel to the axis through a point 2.2 below the middle, set apart across it to show both.
    const base = middle.clone().addScaledVector(axis, -axis.dot(middle)).add(new THREE.Vector3(0, -2.2, 0));
    const across = new THREE.Vector3(0, 1, 0).cross(axis).lengthSq() > 1e-6 ? new THREE.Vector3(0, 0.12, 0) : new THREE.Vector3(0.12, 0, 0);
    [a, b].forEach(([lo, hi], k) => {
      bars[k].showBetween(base.clone().addScaledVector(axis, lo).addScaledVector(across, k),
        base.clone().addScaledVector(axis, hi).addScaledVector(across, k));
    });
  };
}

/**
 * The separating axis test over time for a box (aabb or obb) moving by `velocity` against a triangle or a box (Eberly
 * 1999; Ericson §5.5.8): on each candidate axis the box's projection slides at v·L and overlaps the target's for an
 * interval of t; the first contact is where all of them overlap first, and the axis that entered last is the normal.
 * The readout rows: each axis's interval (candidates parallel to an earlier one left out, so an AABB against an AABB
 * lists three), where all overlap, and the last to enter. None for other targets.
 */
export function axesOverTime(moving, velocity, target) {
  if (!['triangle', 'aabb', 'obb'].includes(target.type)) return [];
  const frame = boxFrame(moving);
  const corners = target.type === 'triangle' ? [target.a, target.b, target.c] : null;
  const other = corners === null ? boxFrame(target) : null;
  const candidates = corners === null ? boxBoxAxes(frame, other, ['box', 'target']) : boxTriangleAxes(frame, corners);
  const axes = [];
  for (const [label, axis] of candidates) {
    if (axis.length() < 1e-9) continue;
    const unit = axis.clone().normalize();
    if (axes.some((kept) => Math.abs(kept.unit.dot(unit)) > 1 - 1e-12)) continue;
    const [lo, hi] = boxInterval(frame, unit), reach = (hi - lo) / 2;
    const [targetLo, targetHi] = corners === null ? boxInterval(other, unit) : pointsInterval(corners, unit);
    axes.push({ label, unit, span: slabInterval((lo + hi) / 2, unit.dot(velocity), targetLo - reach, targetHi + reach) });
  }
  const all = overlapOf(axes.map(({ span }) => span));
  const rows = [...axes.map(({ label, span }) => [label, intervalText(span)]), ['all axes', intervalText(all)]];
  if (all !== null && all[0] > 0 && all[0] <= 1) {
    rows.push(['entered last', axes.reduce((last, axis) => (axis.span[0] > last.span[0] ? axis : last)).label]);
  }
  return rows;
}
