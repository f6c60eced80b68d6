import type {
  AabbShape, CapsuleShape, FrustumShape, ObbShape, PlaneShape, RayShape, Rotation, SegmentShape, Shape, SphereShape, TriangleShape,
  VectorLike, PlaneLike,
} from '../index.js';

export function fromRay(ray: { origin: VectorLike; direction: VectorLike }): RayShape;
export function fromLine3(line: { start: VectorLike; end: VectorLike }): SegmentShape;
export function fromPlane(plane: PlaneLike): PlaneShape;
export function fromTriangle(triangle: { a: VectorLike; b: VectorLike; c: VectorLike }): TriangleShape;
export function fromSphere(sphere: { center: VectorLike; radius: number }): SphereShape;
export function fromBox3(box: { min: VectorLike; max: VectorLike }): AabbShape;
export function fromOBB(obb: { center: VectorLike; halfSize: VectorLike; rotation: Rotation }): ObbShape;
export function fromFrustum(frustum: { planes: ArrayLike<PlaneLike> }): FrustumShape;
/** The examples' Capsule (`three/addons/math/Capsule.js`). */
export function fromCapsule(capsule: { start: VectorLike; end: VectorLike; radius: number }): CapsuleShape;
/** Recognises a three.js Ray, Line3, Plane, Triangle, Sphere, Box3, OBB, Capsule or Frustum by its fields. */
export function toShape(object: object): Shape;
