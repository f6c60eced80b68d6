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
export function toShape(box: { readonly isBox3: true; min: VectorLike; max: VectorLike }): AabbShape;
export function toShape(sphere: { readonly isSphere: true; center: VectorLike; radius: number }): SphereShape;
export function toShape(plane: { readonly isPlane: true; normal: VectorLike; constant: number }): PlaneShape;
export function toShape(ray: { origin: VectorLike; direction: VectorLike }): RayShape;
export function toShape(capsule: { start: VectorLike; end: VectorLike; radius: number }): CapsuleShape;
export function toShape(line: { start: VectorLike; end: VectorLike }): SegmentShape;
export function toShape(triangle: { a: VectorLike; b: VectorLike; c: VectorLike }): TriangleShape;
export function toShape(obb: { center: VectorLike; halfSize: VectorLike; rotation: Rotation }): ObbShape;
export function toShape(frustum: { planes: ArrayLike<PlaneLike> }): FrustumShape;
export function toShape(object: object): Shape;

// The drop-in accelerated raycast (three-mesh-bvh's names and call shapes).
import type * as THREE from 'three';
import type { AabbTree, Collide3d, SegmentKind, SegmentTree, TriangleMesh } from '../index.js';

/** What computeBoundsTree() puts on a geometry: trees over its triangles, in the geometry's own space. */
export class GeometryBoundsTree {
  private constructor();
  /** The geometry the tree was built for. */
  readonly geometry: THREE.BufferGeometry;
  /** The TriangleMesh over the geometry's triangles, or null for a geometry without triangles. */
  readonly triangles: TriangleMesh | null;
  /**
   * The tree over the geometry's points or segments as a Points ('points'), Line or LineLoop ('line') or
   * LineSegments ('lineSegments') draws them: built when first asked for (a raycast asks), rebuilt when the
   * positions or index changed.
   */
  primitivesOf(kind: SegmentKind): PrimitiveTree;
  /** Bytes of the wasm heap the tree holds. */
  readonly byteLength: number;
  readonly disposed: boolean;
  /** After the positions changed in place (raycasts also notice a new `position.version` by themselves). */
  refit(): void;
  /** Frees the heap memory; raycasts then fall back to three.js's own. */
  dispose(): void;
}

/** What to build at once: the triangles (the default), or the points or segments of a Points, Line or LineSegments. */
export interface BoundsTreeOptions {
  kind?: 'triangles' | SegmentKind;
}
/** Builds `geometry.boundsTree`; install as `THREE.BufferGeometry.prototype.computeBoundsTree`. */
export function computeBoundsTree(this: THREE.BufferGeometry, options?: BoundsTreeOptions): GeometryBoundsTree;
/** Frees `geometry.boundsTree` and sets it to null; install as `THREE.BufferGeometry.prototype.disposeBoundsTree`. */
export function disposeBoundsTree(this: THREE.BufferGeometry): void;
/**
 * three.js's raycast answered through bounds trees, for Mesh, SkinnedMesh, InstancedMesh, BatchedMesh, Points,
 * Line, LineSegments and LineLoop; objects without a tree fall back to three.js's own raycast.
 */
export function acceleratedRaycast(this: THREE.Object3D, raycaster: THREE.Raycaster, intersects: THREE.Intersection[]): void;
/** Builds the tree of one geometry of a BatchedMesh (or of all, -1) into `boundsTrees`. */
export function computeBatchedBoundsTree(this: THREE.BatchedMesh, geometryId?: number): void;
/** Frees the tree of one geometry of a BatchedMesh (or of all, -1). */
export function disposeBatchedBoundsTree(this: THREE.BatchedMesh, geometryId?: number): void;
/**
 * Installs all of the above on three.js's prototypes (`three` defaults to the three.js collide3d imports); returns
 * a function that puts three.js's own methods back.
 */
export function installAcceleratedRaycast(three?: typeof THREE): () => void;

/** A SegmentTree over a geometry's points or segments, as buildPrimitiveTree makes it. */
export interface PrimitiveTree {
  readonly tree: SegmentTree;
  readonly kind: SegmentKind;
  /** The place of the vertex sequence a 'lineSegments' tree pairs from (0 or 1: drawRange.start's parity). */
  readonly first: number;
  dispose(): void;
}
/** A tree over a geometry's points or segments for raycastPoints / raycastLine. */
export function buildPrimitiveTree(api: Collide3d, geometry: THREE.BufferGeometry, kind: SegmentKind): PrimitiveTree;
/** Points.prototype.raycast's intersections, through `tree` (three.js's own loop where the tree does not fit). */
export function raycastPoints(object: THREE.Points, raycaster: THREE.Raycaster, intersects: THREE.Intersection[],
  tree: PrimitiveTree | null): void;
/** Line.prototype.raycast's (LineSegments, LineLoop by the object's flags), through `tree`. */
export function raycastLine(object: THREE.Line, raycaster: THREE.Raycaster, intersects: THREE.Intersection[],
  tree: PrimitiveTree | null): void;

/**
 * A tree over the world bounds of a scene's objects: raycasts visit only the objects whose box the ray enters, shape
 * queries only the boxes the shape meets. Call update() after objects move.
 */
export class SceneIndex {
  /** Indexes `root` and every Mesh, InstancedMesh, BatchedMesh, SkinnedMesh, Points and line under it. */
  constructor(root: THREE.Object3D, opts?: { margin?: number });
  readonly size: number;
  add(object: THREE.Object3D): void;
  remove(object: THREE.Object3D): void;
  /** Moves the boxes of the objects (or of `object`) whose world matrix, positions or instances changed. */
  update(object?: THREE.Object3D): void;
  /** raycaster.intersectObjects over the indexed objects, visiting only those the ray reaches. */
  intersectObjects(raycaster: THREE.Raycaster, intersects?: THREE.Intersection[]): THREE.Intersection[];
  /** The indexed objects whose world box meets the shape. */
  intersectsShape(shape: Parameters<AabbTree['query']>[0]): THREE.Object3D[];
  dispose(): void;
}

declare module 'three' {
  interface BufferGeometry {
    boundsTree?: GeometryBoundsTree | null;
    computeBoundsTree(options?: BoundsTreeOptions): GeometryBoundsTree;
    disposeBoundsTree(): void;
  }
  interface BatchedMesh {
    boundsTrees?: (TriangleMesh | null)[] | null;
    computeBatchedBoundsTree(geometryId?: number): void;
    disposeBatchedBoundsTree(geometryId?: number): void;
  }
  interface Raycaster {
    /** With acceleratedRaycast: each object reports only its nearest intersection. */
    firstHitOnly?: boolean;
  }
}
