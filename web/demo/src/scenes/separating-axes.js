// The separating axis test drawn for the box scenes (OBB – OBB, triangle – box): each candidate axis with the gap
// between the two shapes' projections on it (positive: it separates them), the table of them for the readout, and
// the two projections drawn as bars on the widest. Computed in floating point for the display; the answers the
// scenes show are collide3d's, decided exactly. Not a scene of its own.
import * as THREE from 'three';
import { COLORS, rod } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';

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
