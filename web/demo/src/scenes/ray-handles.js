// The ray of the ray-casting scenes: an origin handle and a target handle it points at. It is drawn as a beam that
// stops at the hit, where a marker and the normal arrow show; intervals of its parameter t (a slab, the inside of a
// side) can be drawn beside it.
import * as THREE from 'three';
import { shortNumber } from '../framework/params.js';
import { COLORS, arrow, marker, polyline, rod, toVector3 } from '../framework/visuals.js';

const FAR = 30;  // how far a missing ray is drawn

export function rayHandles(stage, handles) {
  handles.origin.add(marker(COLORS.caster, 0.14));
  handles.target.add(marker(0xdde3ee, 0.1));
  const beam = polyline(COLORS.caster);
  const hitMarker = marker(COLORS.result, 0.1);
  const normal = arrow(COLORS.normal);
  stage.scene.add(beam, hitMarker, normal);

  return {
    /** The unit-direction ray from the origin handle towards the target (any direction when they coincide). */
    ray() {
      const origin = handles.origin.position;
      const direction = new THREE.Vector3().subVectors(handles.target.position, origin);
      if (direction.lengthSq() === 0) direction.set(1, 0, 0);
      return { type: 'ray', origin, direction: direction.normalize() };
    },
    /** Draws the beam up to the hit (or far along the ray when it misses), the hit point and its normal. */
    show(ray, hit) {
      hitMarker.visible = normal.visible = hit !== null;
      const stop = hit ? toVector3(hit.point) : ray.origin.clone().addScaledVector(ray.direction, FAR);
      beam.show([ray.origin, stop]);
      if (hit === null) return;
      hitMarker.position.copy(stop);
      normal.show(stop, hit.normal);
    },
  };
}

/**
 * three.js's answer for a unit-direction ray, as the hard cases' readout row shows it: `cast(threeRay, target)` is the
 * three.js method (it returns the hit point or null).
 */
export function threeHitText(ray, cast) {
  const point = cast(new THREE.Ray(ray.origin, ray.direction), new THREE.Vector3());
  return point === null ? 'no hit' : `hit at t = ${shortNumber(point.distanceTo(ray.origin))}`;
}

/** An interval of t as the readout shows it: "t ∈ [lo, hi]", "every t" (a parallel ray inside), or "never". */
export const intervalText = (span) => (span === null ? 'never' : span[0] === -Infinity ? 'every t'
  : `t ∈ [${shortNumber(span[0])}, ${shortNumber(span[1])}]`);

/**
 * Bars beside the ray, one per colour, each showing an interval [lo, hi] of t (null: none), clipped to 20 either
 * side of the origin and set a little apart from the beam and from each other.
 */
export function intervalBars(stage, colors) {
  const bars = colors.map((color) => rod(0.035, color));
  stage.scene.add(...bars);
  return (ray, spans) => {
    const beside = new THREE.Vector3().crossVectors(ray.direction, new THREE.Vector3(0, 1, 0));
    if (beside.lengthSq() < 1e-6) beside.set(1, 0, 0);
    beside.normalize();
    spans.forEach((span, k) => {
      bars[k].visible = span !== null;
      if (span === null) return;
      const at = (t) => toVector3(ray.origin).addScaledVector(ray.direction, Math.min(20, Math.max(-20, t)))
        .addScaledVector(beside, 0.2 * (k + 1));
      bars[k].showBetween(at(span[0]), at(span[1]));
    });
  };
}

/**
 * The t where a coordinate moving as position + t·speed lies in [lo, hi] (a slab between two planes): every t when
 * it stands still inside (speed 0), null when it stands still outside.
 */
export function slabInterval(position, speed, lo, hi) {
  if (speed === 0) return position >= lo && position <= hi ? [-Infinity, Infinity] : null;
  return [(lo - position) / speed, (hi - position) / speed].sort((p, q) => p - q);
}

/** The t where a·t² + 2b·t + c ≤ 0 (a ≥ 0: inside a ball or a cylinder's side): its roots, every t, or null. */
export function quadraticInterval(a, b, c) {
  if (a === 0) return c <= 0 ? [-Infinity, Infinity] : null;
  const discriminant = b * b - a * c;
  if (discriminant < 0) return null;
  const root = Math.sqrt(discriminant);
  return [(-b - root) / a, (-b + root) / a];
}

/** Where intervals overlap: [the greatest start, the least end], or null. */
export function overlapOf(spans) {
  if (spans.some((span) => span === null)) return null;
  const lo = Math.max(...spans.map((span) => span[0])), hi = Math.min(...spans.map((span) => span[1]));
  return lo <= hi ? [lo, hi] : null;
}
