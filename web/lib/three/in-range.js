// Shapes derived from a scene's data (an object's world box, a ray carried into an object's frame) kept to the
// range of numbers collide3d's shapes take (boundary.js), so that a pick never fails on it: a box is grown outwards to
// the range, a ray's parts below it become 0 (moving the ray by less than 2^-126). Numbers beyond the range, and
// non-finite ones, leave no shape: three.js finds nothing there either.
import { roundedIntoRange } from '../boundary.js';

/** The aabb shape holding a three.js Box3 (grown outwards into the range), or null for an empty or unplaceable box. */
export function boxShapeOf(box) {
  if (box.isEmpty()) return null;
  const { min, max } = box;
  const shape = {
    type: 'aabb',
    min: { x: roundedIntoRange(min.x, false), y: roundedIntoRange(min.y, false), z: roundedIntoRange(min.z, false) },
    max: { x: roundedIntoRange(max.x, true), y: roundedIntoRange(max.y, true), z: roundedIntoRange(max.z, true) },
  };
  const numbers = [shape.min.x, shape.min.y, shape.min.z, shape.max.x, shape.max.y, shape.max.z];
  return numbers.every((x) => !Number.isNaN(x)) ? shape : null;
}

// A part of a ray: below the range, 0; beyond it or not finite, NaN.
const flush = (x) => roundedIntoRange(x, x < 0);

/**
 * Writes a three.js Ray into `caster` ({ type: 'ray', origin, direction }), its parts kept to the range; false when
 * a part is beyond it or not finite (no shape).
 */
export function writeRay(ray, caster) {
  const o = caster.origin, d = caster.direction;
  o.x = flush(ray.origin.x), o.y = flush(ray.origin.y), o.z = flush(ray.origin.z);
  d.x = flush(ray.direction.x), d.y = flush(ray.direction.y), d.z = flush(ray.direction.z);
  return !Number.isNaN(o.x + o.y + o.z + d.x + d.y + d.z);  // each within 2^126: the sum cannot overflow
}
