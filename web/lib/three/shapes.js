// Tag three.js math objects as collide3d shapes, without copying their vectors.
// toShape() recognises Ray, Line3, Plane, Triangle, Sphere, Box3, Frustum and the examples' OBB and Capsule by their
// fields.

export const fromRay = (ray) => ({ type: 'ray', origin: ray.origin, direction: ray.direction });
export const fromLine3 = (line) => ({ type: 'segment', start: line.start, end: line.end });
export const fromPlane = (plane) => ({ type: 'plane', normal: plane.normal, constant: plane.constant });
export const fromTriangle = (t) => ({ type: 'triangle', a: t.a, b: t.b, c: t.c });
export const fromSphere = (s) => ({ type: 'sphere', center: s.center, radius: s.radius });
export const fromBox3 = (box) => ({ type: 'aabb', min: box.min, max: box.max });
export const fromOBB = (obb) => ({ type: 'obb', center: obb.center, halfSize: obb.halfSize, rotation: obb.rotation });
export const fromFrustum = (frustum) => ({ type: 'frustum', planes: frustum.planes });
export const fromCapsule = (c) => ({ type: 'capsule', start: c.start, end: c.end, radius: c.radius });

export function toShape(object) {
  if (object === null || typeof object !== 'object') {
    throw new TypeError(`collide3d/three.toShape: expected a three.js math object (got ${String(object)})`);
  }
  if (object.isBox3) return fromBox3(object);
  if (object.isSphere) return fromSphere(object);
  if (object.isPlane) return fromPlane(object);
  if (object.origin !== undefined && object.direction !== undefined) return fromRay(object);
  if (object.start !== undefined && object.end !== undefined) {
    return object.radius !== undefined ? fromCapsule(object) : fromLine3(object);
  }
  if (object.a !== undefined && object.b !== undefined && object.c !== undefined) return fromTriangle(object);
  if (object.halfSize !== undefined && object.rotation !== undefined) return fromOBB(object);
  if (Array.isArray(object.planes)) return fromFrustum(object);
  throw new TypeError('collide3d/three.toShape: not a Ray, Line3, Plane, Triangle, Sphere, Box3, OBB, Capsule or Frustum');
}
