// Type declarations for collide3d. Shapes are plain objects with a `type` tag and three.js field names, so a
// three.js object plus `type` is a valid shape (see `collide3d/three`).

import type { MeshPairs, SupportedPairs } from './pairs.js';

/** The typed arrays three.js's BufferAttribute.array may be. */
export type TypedArray =
  | Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array
  | Float64Array;

/** Any object with finite numeric x, y, z — a plain object or a THREE.Vector3. */
export interface VectorLike {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** A returned vector: always a fresh plain object. */
export interface Vector {
  x: number;
  y: number;
  z: number;
}

/** 9 numbers, column-major like THREE.Matrix3.elements (columns are the local axes), or a THREE.Matrix3. */
export type Rotation = ArrayLike<number> | { readonly isMatrix3: true; readonly elements: ArrayLike<number> };

export interface PlaneLike {
  readonly normal: VectorLike;
  readonly constant: number;
}

export interface PointShape { readonly type: 'point'; readonly position: VectorLike }
/** origin + t*direction, t >= 0. */
export interface RayShape { readonly type: 'ray'; readonly origin: VectorLike; readonly direction: VectorLike }
/** origin + t*direction for every real t. */
export interface LineShape { readonly type: 'line'; readonly origin: VectorLike; readonly direction: VectorLike }
/** start + t*(end - start), t in [0, 1] (THREE.Line3). */
export interface SegmentShape { readonly type: 'segment'; readonly start: VectorLike; readonly end: VectorLike }
/** dot(normal, p) + constant = 0 (THREE.Plane); the normal need not be unit length. */
export interface PlaneShape extends PlaneLike { readonly type: 'plane' }
/** A filled triangle (THREE.Triangle); its front face is counter-clockwise a, b, c. */
export interface TriangleShape { readonly type: 'triangle'; readonly a: VectorLike; readonly b: VectorLike; readonly c: VectorLike }
/** A solid ball (THREE.Sphere). */
export interface SphereShape { readonly type: 'sphere'; readonly center: VectorLike; readonly radius: number }
/** A solid ellipsoid; axis-aligned unless `rotation` is given. */
export interface EllipsoidShape {
  readonly type: 'ellipsoid'; readonly center: VectorLike; readonly radii: VectorLike; readonly rotation?: Rotation;
}
/** A solid axis-aligned box (THREE.Box3). */
export interface AabbShape { readonly type: 'aabb'; readonly min: VectorLike; readonly max: VectorLike }
/** A solid oriented box (three.js examples' OBB). */
export interface ObbShape {
  readonly type: 'obb'; readonly center: VectorLike; readonly halfSize: VectorLike; readonly rotation: Rotation;
}
/** A solid capped cylinder around the segment start–end. */
export interface CylinderShape {
  readonly type: 'cylinder'; readonly start: VectorLike; readonly end: VectorLike; readonly radius: number;
}
/** Every point within `radius` of the segment start–end. */
export interface CapsuleShape {
  readonly type: 'capsule'; readonly start: VectorLike; readonly end: VectorLike; readonly radius: number;
}
/** The region inside six planes whose normals point inwards (THREE.Frustum). */
export interface FrustumShape { readonly type: 'frustum'; readonly planes: ArrayLike<PlaneLike> }
/** A solid capped cone: a disc of `radius` at `base`, perpendicular to apex − base, narrowing to `apex`. */
export interface ConeShape {
  readonly type: 'cone'; readonly base: VectorLike; readonly apex: VectorLike; readonly radius: number;
}

/**
 * The convex hull of `points` (an array of vectors, or x, y, z per point in a typed array), hulled for the one call:
 * a ConvexHull, built once, is the shape to pass again and again.
 */
export interface ConvexShape { readonly type: 'convex'; readonly points: ConvexPoints }
export type ConvexPoints = readonly VectorLike[] | Float32Array | Float64Array;

export type Shape =
  | PointShape | RayShape | LineShape | SegmentShape | PlaneShape | TriangleShape | SphereShape | EllipsoidShape
  | AabbShape | ObbShape | CylinderShape | CapsuleShape | FrustumShape | ConeShape | ConvexShape | ConvexHull;
export type ShapeType = Shape['type'];
export type Caster = RayShape | LineShape | SegmentShape;
/** The shapes that are a convex core grown by a radius: every pair of them has every distance and contact query. */
export type Solid =
  | PointShape | SegmentShape | TriangleShape | SphereShape | CapsuleShape | CylinderShape | ConeShape
  | EllipsoidShape | AabbShape | ObbShape | ConvexShape | ConvexHull;

export interface RaycastOptions {
  /** The largest caster parameter t accepted (default Infinity). */
  maxDistance?: number;
  /** Triangles: only hits on the front face count (default false). */
  backfaceCulling?: boolean;
  /** Volumes: a caster starting inside hits at t = 0 (default true); false: it reports where it leaves. */
  solid?: boolean;
}

export interface RaycastHit {
  /** The caster's own parameter: the distance along a unit-direction ray. */
  t: number;
  point: Vector;
  /** Unit outward normal; on planes and triangles the side facing the caster. */
  normal: Vector;
  /** Triangles: barycentric weight of b. */
  u?: number;
  /** Triangles: barycentric weight of c. */
  v?: number;
  /** Triangles: whether the caster met the front (counter-clockwise) face. */
  frontFace?: boolean;
}

export type Side = 'front' | 'back' | 'intersecting';

export interface ClassifyOptions {
  /** Half-thickness of the slab around the plane that counts as intersecting, in distance units (default 0). */
  epsilon?: number;
}

export interface SweepHit {
  /** Fraction of the velocity travelled at first contact, in [0, 1]. */
  t: number;
  point: Vector;
  /** Unit normal of the target at the contact, pointing towards the moving shape. */
  normal: Vector;
}

/** The shapes a sweep moves (those TriangleMesh.sweep takes). */
export type MovingShape = MeshQueryShape<'sweep'>;

export interface MeshSweepHit extends SweepHit {
  triangleIndex: number;
}

/** The shapes moveAndSlide moves. */
export type CharacterShape = SphereShape | CapsuleShape | AabbShape | ObbShape;
/** What a character moves among: triangle meshes, and the boxes of an AabbTree as solid obstacles. */
export type CharacterWorld = TriangleMesh | AabbTree;

export interface MoveAndSlideOptions {
  /** Which way is up (default { x: 0, y: 1, z: 0 }; any non-zero vector, its direction is used). */
  up?: VectorLike;
  /** The steepest walkable slope, in radians from level, in [0, π/2) (default π/4). */
  maxSlope?: number;
  /** The highest step it climbs while on the ground (default 0). */
  stepHeight?: number;
  /** How far down it is pulled to stay on walkable ground when it started on it and is not moving up (default 0). */
  snapToGround?: number;
  /** Sweeps for each part of the motion (walking, then falling), 1 to 32 (default 4). */
  maxIterations?: number;
  /** The gap kept from every surface (default 1% of the radius, or of a box's least half-size). */
  skinWidth?: number;
}

/** A surface the move met: a mesh's triangle or a tree's box. */
export type CharacterContact =
  | { point: Vector; normal: Vector; object: TriangleMesh; triangleIndex: number }
  | { point: Vector; normal: Vector; object: AabbTree; id: number };

export interface CharacterMove<S extends CharacterShape = CharacterShape> {
  /** The shape at its new position, as a plain shape of the same type (an obb's rotation as 9 numbers). */
  shape: Extract<CharacterShape, { readonly type: S['type'] }>;
  /** How far it moved. */
  translation: Vector;
  /** Whether it stands on walkable ground after the move. */
  grounded: boolean;
  /** That ground's normal (pointing towards the shape), or null. */
  groundNormal: Vector | null;
  /** Each surface the move met once, in the order it met them (the ground last). */
  contacts: CharacterContact[];
}

/** One sweep of a move, as traceMoveAndSlide lists them. */
export interface SlideStep {
  /**
   * Which part of the move: walking (the motion across `up`), falling (along it), a step (lifted, moved across and
   * dropped onto what it climbs), or the final look for the ground (and the snap down onto it).
   */
  part: 'walk' | 'fall' | 'step' | 'ground';
  /** The translation it started from, and the one it reached (from the start of the move). */
  from: Vector;
  to: Vector;
  /** The surface it met, or null. */
  contact: CharacterContact | null;
  /** The motion it went on with, turned along what it met (zero: none). */
  next: Vector;
}

export interface CharacterMoveTrace<S extends CharacterShape = CharacterShape> extends CharacterMove<S> {
  /** Every sweep of the move in order: each starts where the one before ended, the last ends at `translation`. */
  steps: SlideStep[];
}

export type IntersectionResult =
  | { kind: 'point'; point: Vector }
  | { kind: 'segment'; start: Vector; end: Vector }
  | { kind: 'line'; origin: Vector; direction: Vector }
  | { kind: 'circle'; center: Vector; normal: Vector; radius: number }
  /** A convex polygon, its points counter-clockwise around `normal` (the plane's unit normal). */
  | { kind: 'polygon'; points: Vector[]; normal: Vector }
  | { kind: 'coplanar' };

export interface OrthonormalBasis {
  u: Vector;
  v: Vector;
  w: Vector;
}

export interface ClosestPoints {
  /** A point of the first shape. */
  pointA: Vector;
  /** A point of the second shape, as close to pointA as the shapes get. */
  pointB: Vector;
  /** |pointB - pointA|: 0, with pointA = pointB a common point, when the shapes meet. */
  distance: number;
}

export interface Contact {
  /** Unit, from the first shape towards the second: moving the second by depth * normal separates them. */
  normal: Vector;
  /** The penetration depth, >= 0 (0 when the shapes only touch). */
  depth: number;
  /** A point of the first shape; pointA - depth * normal = pointB. */
  pointA: Vector;
  /** A point of the second shape. */
  pointB: Vector;
}

/** A support point of the cores' Minkowski difference A − B, and the points of each core it came from. */
export interface GjkVertex {
  /** onA − onB. */
  point: Vector;
  onA: Vector;
  onB: Vector;
}

/** One step of GJK on the cores' Minkowski difference A − B. */
export interface GjkStep {
  /** The direction searched (−v, v the previous nearest point); zero for the first step, the start. */
  direction: Vector;
  /** The support point of A − B along `direction` (the start: the difference of the cores' first points). */
  support: GjkVertex;
  /** Whether the support point joined the simplex (false on the step that stops GJK but for reaching the origin). */
  added: boolean;
  /** The simplex after the step (1 to 4 vertices), reduced to the face nearest the origin. */
  simplex: GjkVertex[];
  /** The barycentric weights of `closest` on the simplex's vertices. */
  weights: number[];
  /** v: the simplex's point nearest the origin (zero when it encloses the origin). */
  closest: Vector;
  /** A lower bound on the cores' distance proved so far (the support plane's distance from the origin). */
  lower: number;
  /** |closest|: an upper bound on the cores' distance. */
  upper: number;
}

/** One expansion step of EPA: the polytope of support points around the origin, and the face it grows from. */
export interface EpaStep {
  /** The polytope's vertices are the trace's first `vertexCount`. */
  vertexCount: number;
  /** Its faces: vertex indices, counter-clockwise seen from outside. */
  faces: [number, number, number][];
  /** The face nearest the origin (an index into `faces`). */
  nearest: number;
  /** That face's outward unit normal, and its plane's distance from the origin. */
  normal: Vector;
  distance: number;
  /** The support point of A − B along `normal`: the polytope stops growing when it is no farther than the face. */
  support: GjkVertex;
  /** The least penetration depth of the cores proved so far. */
  depth: number;
}

/** What GJK (and EPA, for overlapping cores) did on two solids, step by step: gjkTrace's answer. */
export interface GjkTrace {
  /** GJK runs on the cores (a sphere's centre, a capsule's segment); the shapes are the cores grown by these. */
  radiusA: number;
  radiusB: number;
  steps: GjkStep[];
  /** Why GJK stopped: it reached the origin (the cores overlap), no support point was nearer, one repeated, or |v| stalled. */
  stop: 'origin' | 'converged' | 'repeated' | 'stalled' | 'proved' | 'limit';
  /** GJK's nearest points of the cores and their distance (0 when they overlap). */
  pointA: Vector;
  pointB: Vector;
  distance: number;
  /** Whether the shapes meet by GJK's distance, to its rounding (intersects decides exactly). */
  meets: boolean;
  /** The shapes' contact when they meet (as contact() computes it for pairs without a kernel of their own). */
  contact: Contact | null;
  /** EPA's polytope at each step, when the cores overlap. */
  epa: { vertices: GjkVertex[]; steps: EpaStep[] } | null;
}

export interface Separation {
  /** Unit, from the first shape towards the second: the shapes' projections onto it do not overlap. */
  axis: Vector;
  /** How far apart the projections are (> 0); at most the shapes' distance. */
  gap: number;
}

export type QueryName =
  | 'intersects' | 'raycast' | 'classify' | 'intersection' | 'sweep' | 'closestPoints' | 'distance' | 'contact'
  | 'separatingAxis';

/** The TriangleMesh methods that take a shape or another mesh (pairs.d.ts, generated from the mesh bindings). */
export type MeshQueryName = `TriangleMesh.${keyof MeshPairs}`;

/**
 * A pair the module answers: c3d's `query(a, b)`, or for a TriangleMesh method (`'TriangleMesh.sweep'`) the mesh,
 * named 'TriangleMesh', and the shape type the method takes, in the single query's order (`a` a raycast's caster,
 * a sweep's moving shape).
 */
export interface SupportedPair {
  readonly query: QueryName | MeshQueryName;
  readonly a: ShapeType | 'TriangleMesh';
  readonly b: ShapeType | 'TriangleMesh';
}

/** The shape with the type tag T. */
export type ShapeOfType<T extends ShapeType> = Extract<Shape, { readonly type: T }>;
/**
 * `B` when `query` answers the pair (A, B) (pairs.d.ts, generated from the module's tables), else never, so an
 * unsupported pair does not compile. A shape typed only as `Shape` on either side is let through (checked when run).
 */
export type Answered<Q extends keyof SupportedPairs, A extends Shape, B extends Shape> =
  [ShapeType] extends [A['type']] ? B
    : [ShapeType] extends [B['type']] ? B
      : [B['type'] extends Extract<SupportedPairs[Q], [A['type'], ShapeType]>[1] ? true : false] extends [true] ? B : never;

export interface Collide3d {
  /** Whether the two closed sets share a point (touching counts). */
  intersects<A extends Shape, B extends Shape>(a: A, b: B & Answered<'intersects', A, B>): boolean;
  /** The first hit of a ray, segment or line on `target`, or null. */
  raycast<C extends Caster, B extends Shape>(caster: C, target: B & Answered<'raycast', C, B>, opts?: RaycastOptions): RaycastHit | null;
  /**
   * intersects for shapes of types A and B, as a function of its own: the same answers and errors, without the
   * dispatch on the shapes' tags (for a loop over many pairs of two types). A shape of another type is a TypeError;
   * a pair intersects does not answer throws here.
   */
  intersectsOf<A extends SupportedPairs['intersects'][0], B extends Extract<SupportedPairs['intersects'], [A, ShapeType]>[1]>(
    typeA: A, typeB: B): (a: ShapeOfType<A>, b: ShapeOfType<B>) => boolean;
  /** raycast for a caster of type C and a target of type B, as a function of its own (as intersectsOf). */
  raycastOf<C extends SupportedPairs['raycast'][0], B extends Extract<SupportedPairs['raycast'], [C, ShapeType]>[1]>(
    casterType: C, targetType: B): (caster: ShapeOfType<C>, target: ShapeOfType<B>, opts?: RaycastOptions) => RaycastHit | null;
  /** Which side of the plane the shape lies on; touching is 'intersecting'. */
  classify<B extends Shape>(plane: PlaneShape, shape: B & Answered<'classify', PlaneShape, B>, opts?: ClassifyOptions): Side;
  /** First contact of `moving` translated by t*velocity, t in [0, 1], with `target`; t = 0 when already touching. */
  sweep<A extends Shape, B extends Shape>(moving: A, velocity: VectorLike, target: B & Answered<'sweep', A, B>): SweepHit | null;
  /** The intersection set of the two shapes, or null when they do not meet. */
  intersection<A extends Shape, B extends Shape>(a: A, b: B & Answered<'intersection', A, B>): IntersectionResult | null;
  /** The distance between the two closed sets (0 when they meet). */
  distance<A extends Shape, B extends Shape>(a: A, b: B & Answered<'distance', A, B>): number;
  /** A point of each shape as close as the shapes get, and their distance. */
  closestPoints<A extends Shape, B extends Shape>(a: A, b: B & Answered<'closestPoints', A, B>): ClosestPoints;
  /** How deeply two solids interpenetrate, or null when they do not meet. */
  contact<A extends Shape, B extends Shape>(a: A, b: B & Answered<'contact', A, B>): Contact | null;
  /**
   * For two boxes that do not meet, the axis of the separating axis test (a face normal of either box or the cross
   * product of an edge of each) along which their projections are furthest apart; null exactly when they intersect.
   */
  separatingAxis(a: AabbShape | ObbShape, b: AabbShape | ObbShape): Separation | null;
  /** A right-handed orthonormal basis whose w is `w` normalised. */
  orthonormalBasis(w: VectorLike): OrthonormalBasis;
  /**
   * intersects over many pairs in one call: pair i is shape i of each side (a side of one shape pairs it with every
   * shape of the other). 1 where the pair meets, 0 where not; written into `out` when given.
   */
  intersectsBatch<Out extends BatchOutput<Uint8Array> = Uint8Array>(a: BatchSide, b: BatchSide, out?: Out): Out;
  /** raycast over many pairs in one call: each pair's hit t, Infinity for none; written into `out` when given. */
  raycastBatch<Out extends BatchOutput<Float64Array> = Float64Array>(casters: BatchSide<Caster['type']>,
    targets: BatchSide, opts?: RaycastOptions, out?: Out): Out;
  /**
   * Shapes of one type (not convex) packed as batch items, each as the numbers of its fields in order: a new
   * Float64Array (default) or Float32Array. Each number is read once and checked; the batch call checks the rest.
   */
  packItems<S extends Exclude<Shape, { type: 'convex' }>>(shapes: readonly S[],
    Type?: Float64ArrayConstructor): BatchSide<S['type']> & { readonly items: Float64Array };
  packItems<S extends Exclude<Shape, { type: 'convex' }>>(shapes: readonly S[],
    Type: Float32ArrayConstructor): BatchSide<S['type']> & { readonly items: Float32Array };
  /**
   * Frustum culling of many bounding spheres, stored as x, y, z, radius per sphere: 1 where a sphere may be seen
   * (intersects(frustum, sphere)), 0 where it is culled. Writes into `visible` (one byte per sphere) when given.
   */
  cullSpheres<Out extends BatchOutput<Uint8Array> = Uint8Array>(frustum: FrustumShape, spheres: BatchNumbers,
    visible?: Out): Out;
  /** The same for boxes, stored as min x, y, z, max x, y, z per box. */
  cullBoxes<Out extends BatchOutput<Uint8Array> = Uint8Array>(frustum: FrustumShape, boxes: BatchNumbers,
    visible?: Out): Out;
  /**
   * Every overlapping pair among many boxes, stored as min x, y, z, max x, y, z per box (touching counts, as in
   * intersects): i, j, i, j, ... with i < j, in no particular order. opts.part of opts.parts (0 <= part < parts,
   * default 0 of 1): only that share of the pairs, each pair in exactly one share, for threads that split the call.
   */
  allPairs(boxes: BatchNumbers, opts?: { part?: number; parts?: number }): Uint32Array;
  /**
   * A character's shape moved by `motion` through `world` by collide-and-slide: it stops a skin width short of what it
   * meets and slides along it, walks up walkable slopes and meets steeper ones as walls, slides down them when
   * falling, climbs steps up to `opts.stepHeight`, and never passes into a surface, however fast it moves.
   */
  moveAndSlide<S extends CharacterShape>(shape: S, motion: VectorLike, world: CharacterWorld | readonly CharacterWorld[],
    opts?: MoveAndSlideOptions): CharacterMove<S>;
  /**
   * moveAndSlide's answer with the sweeps that made it (a teaching or debugging aid): where each started and
   * stopped, what it met, and the motion it turned into.
   */
  traceMoveAndSlide<S extends CharacterShape>(shape: S, motion: VectorLike,
    world: CharacterWorld | readonly CharacterWorld[], opts?: MoveAndSlideOptions): CharacterMoveTrace<S>;
  /** Triangle meshes with a BVH: raycasts, intersection tests, contacts and closest points over many triangles. */
  readonly TriangleMesh: TriangleMeshConstructor;
  /** Points or line segments with a BVH: which lie within a radius of a ray, line or segment (picking them). */
  readonly SegmentTree: SegmentTreeConstructor;
  /** Dynamic AABB trees: a broadphase for boxes that move. */
  readonly AabbTree: AabbTreeConstructor;
  /** Typed arrays in the wasm heap, which the batch calls read and write in place (no copy). */
  readonly HeapArray: HeapArrayConstructor;
  /** Convex hulls of point sets, built once (exactly) and passed to any query as a `convex` shape. */
  readonly ConvexHull: ConvexHullConstructor;
  /**
   * GJK and EPA on two solids, step by step, for watching them work (a teaching or debugging aid): the simplex and
   * the distance bounds after each GJK step, and EPA's polytope at each expansion when the cores overlap.
   */
  gjkTrace(a: Solid, b: Solid): GjkTrace;
  /** Every (query, a, b) shape-type pair the module answers. */
  readonly supported: readonly SupportedPair[];
  /**
   * A pool of worker threads, each with the module loaded, that answers the batch queries split across them (the
   * calling thread stays free); resolves once every worker is ready. dispose() it when done.
   */
  createWorkerPool(opts?: WorkerPoolOptions): Promise<WorkerPool>;
}

export interface WorkerPoolOptions {
  /** Worker threads, 1 to 256 (default: the threads the machine runs at once). */
  workers?: number;
}

/**
 * Batch queries split across worker threads: each batch is cut into parts, copied to the workers and answered by the
 * same calls as on the calling thread, so the answers are the same, number for number. Pays where a query costs more
 * than copying its numbers: rays against a mesh, raycasts against curved shapes.
 */
export interface WorkerPool {
  readonly workers: number;
  /** raycastBatch, split: each pair's hit t, Infinity for none. */
  raycastBatch(casters: BatchSide<Caster['type']>, targets: BatchSide, opts?: RaycastOptions): Promise<Float64Array>;
  /** intersectsBatch, split: 1 where the pair meets, 0 where not. */
  intersectsBatch(a: BatchSide, b: BatchSide): Promise<Uint8Array>;
  /** cullSpheres, split. */
  cullSpheres(frustum: FrustumShape, spheres: BatchNumbers): Promise<Uint8Array>;
  /** cullBoxes, split. */
  cullBoxes(frustum: FrustumShape, boxes: BatchNumbers): Promise<Uint8Array>;
  /** allPairs, split: each worker finds its share of the pairs (allPairs' opts.part); every pair once, in no particular order. */
  allPairs(boxes: BatchNumbers): Promise<Uint32Array>;
  /** A copy of the mesh (as it is now) in every worker, for raycastBatch; dispose() it when done. */
  share(mesh: TriangleMesh): Promise<PooledMesh>;
  /** Ends the workers and their copies of shared meshes; calls still waiting reject. */
  dispose(): void;
}

/** A mesh shared with a pool's workers (WorkerPool.share). */
export interface PooledMesh {
  readonly triangleCount: number;
  /** TriangleMesh.raycastBatch, split across the pool: each ray's first (or any) hit. */
  raycastBatch(rays: BatchNumbers, opts?: MeshRaycastOptions & { hits?: 'first' | 'any' }):
    Promise<{ t: Float64Array; triangleIndex: Int32Array }>;
  /** Drops the workers' copies. */
  dispose(): void;
}

/**
 * Many shapes of one type for the batch queries: `items` holds one shape after another, each as the numbers of its
 * fields in order (ray: origin x, y, z, direction x, y, z; triangle: a, b, c; sphere: center, radius; aabb: min,
 * max; plane: normal, constant; obb: center, halfSize, rotation's 9; frustum: 6 × normal, constant; ...).
 */
export interface BatchSide<T extends ShapeType = ShapeType> {
  readonly type: T;
  readonly items: BatchNumbers;
}

/**
 * The convex hull of a point set in the wasm heap, itself a shape of type 'convex'. Its arrays are fresh copies on
 * each read. Call dispose() when done: the heap memory is not the garbage collector's.
 */
export interface ConvexHull {
  readonly type: 'convex';
  /** 3 for a solid, 2 flat (a polygon), 1 a segment, 0 a point. */
  readonly dimension: number;
  /** The corners, x, y, z each: input points, each once. */
  readonly vertices: Float64Array;
  /** Per vertex, the index of its input point (the first of equal points). */
  readonly sourceIndex: Uint32Array;
  /** Each face's vertex numbers, counter-clockwise seen from outside; a flat hull has its polygon both ways. */
  readonly faces: Uint32Array[];
  /** Three vertex numbers per triangle (each face fanned), ready as a BufferGeometry's index. */
  readonly triangles: Uint32Array;
  dispose(): void;
}

export interface ConvexHullConstructor {
  new (points: ConvexPoints): ConvexHull;
}

/** The element types a HeapArray can hold. */
export type HeapArrayType = Float32Array | Float64Array | Uint8Array | Int32Array;

/**
 * A typed array in the wasm heap. The batch calls read a HeapArray input and write a HeapArray output in place,
 * where a plain typed array is copied in or out. `array` is a view of the heap: the heap can grow during any
 * collide3d call, which detaches every view of it (length 0), so read `array` again after a call instead of keeping
 * it. Call dispose() when done.
 */
export interface HeapArray<T extends HeapArrayType = HeapArrayType> {
  readonly array: T;
  readonly length: number;
  /** Frees the heap memory; using the array afterwards throws. */
  dispose(): void;
}

export interface HeapArrayConstructor {
  /** `length` elements of `Type`, zero-filled. */
  new (Type: Float32ArrayConstructor, length: number): HeapArray<Float32Array>;
  new (Type: Float64ArrayConstructor, length: number): HeapArray<Float64Array>;
  new (Type: Uint8ArrayConstructor, length: number): HeapArray<Uint8Array>;
  new (Type: Int32ArrayConstructor, length: number): HeapArray<Int32Array>;
}

/** Batch input numbers: a Float32Array or Float64Array, or a HeapArray of one. */
export type BatchNumbers = Float32Array | Float64Array | HeapArray<Float32Array> | HeapArray<Float64Array>;

/** A batch output: a typed array of the call's type, or a HeapArray of one. */
export type BatchOutput<T extends HeapArrayType> = T | HeapArray<T>;

export interface MeshRaycastOptions {
  /** The largest caster parameter t accepted (default Infinity). */
  maxDistance?: number;
  /** Only hits on a triangle's front (counter-clockwise) face count (default false). */
  backfaceCulling?: boolean;
}

/** A hit on a mesh: the triangle's raycast hit and which triangle (its position in the index / 3). */
export interface MeshHit {
  t: number;
  point: Vector;
  /** The unit normal of the triangle, on the side facing the caster. */
  normal: Vector;
  /** Barycentric weight of the triangle's second vertex. */
  u: number;
  /** Barycentric weight of the triangle's third vertex. */
  v: number;
  frontFace: boolean;
  triangleIndex: number;
}

/** A box of a TriangleMesh's tree: its bounds, its depth (the root's is 0), and a leaf's triangles (0: an inner node). */
export interface TreeBox {
  min: Vector;
  max: Vector;
  depth: number;
  triangles: number;
}

/** TriangleMesh.traceRaycast's answer. */
export interface MeshRaycastTrace {
  hit: MeshHit | null;
  /** The boxes the search entered, in order, the root first; a first-hit search tests every triangle of each leaf. */
  entered: TreeBox[];
  /** The triangles tested (their triangleIndex), in order. */
  tested: Uint32Array;
  /** Every box of the tree down to the depth asked, each after its parent. */
  tree: TreeBox[];
}

export interface MeshPoint {
  point: Vector;
  distance: number;
  triangleIndex: number;
}

/**
 * An object's placement: 16 numbers, column-major like THREE.Matrix4.elements, or a THREE.Matrix4; affine (its last
 * row 0, 0, 0, 1), singular allowed.
 */
export type Matrix4Like = ArrayLike<number> | { readonly isMatrix4: true; readonly elements: ArrayLike<number> };

/** closestPointsToMesh's answer: pointB lies on the other mesh, in this mesh's frame. */
export interface MeshPairPoints {
  pointA: Vector;
  pointB: Vector;
  distance: number;
  triangleIndexA: number;
  triangleIndexB: number;
}

/** The shape type of each pair P of a mesh method (the side that is not 'TriangleMesh'). */
type ShapeSide<P> = P extends ['TriangleMesh', infer B extends ShapeType] ? B
  : P extends [infer A extends ShapeType, 'TriangleMesh'] ? A : never;
/** The shapes TriangleMesh's method M takes (pairs.d.ts, generated from what the mesh bindings accept). */
export type MeshQueryShape<M extends keyof MeshPairs> = ShapeOfType<ShapeSide<MeshPairs[M]>>;

export interface MeshContactOptions {
  /** Leave out contacts shallower than this (default 0: touching ones are included). */
  minDepth?: number;
}

/** How a shape penetrates one triangle of a mesh. */
export interface MeshContact {
  /** Unit, from the triangle towards the shape: moving the shape by depth * normal leaves it just touching. */
  normal: Vector;
  /** >= 0; 0 when the shape only touches the triangle. */
  depth: number;
  /** The triangle's point deepest inside the shape (the shape's is point - depth * normal). */
  point: Vector;
  triangleIndex: number;
}

export interface MeshClosestPoints {
  /** A point of the mesh's surface. */
  pointA: Vector;
  /** A point of the shape, as close to pointA as the two get. */
  pointB: Vector;
  /** |pointB - pointA|: 0, with pointA = pointB, when the shape meets the surface. */
  distance: number;
  /** The triangle pointA lies on. */
  triangleIndex: number;
}

/** raycastBatch's results: t (Infinity for a miss) and the triangle hit (-1 for a miss), one per ray. */
export interface RaycastBatchResult {
  t: BatchOutput<Float64Array>;
  triangleIndex: BatchOutput<Int32Array>;
}

/**
 * A triangle mesh in the wasm heap with a BVH over its triangles. Every answer is what the single queries give on
 * its triangles one by one. Call dispose() when done: the heap memory is not the garbage collector's.
 */
export interface TriangleMesh {
  readonly vertexCount: number;
  readonly triangleCount: number;
  /** Bytes of the wasm heap the mesh holds. */
  readonly byteLength: number;
  /** The first hit (least t; ties: the lowest triangleIndex), or with hits: 'any' any one hit; null for none. */
  raycast(caster: MeshQueryShape<'raycast'>, opts?: MeshRaycastOptions & { hits?: 'first' | 'any' }): MeshHit | null;
  /** Every hit, by t then triangleIndex (a caster through a shared edge hits each triangle there). */
  raycast(caster: MeshQueryShape<'raycast'>, opts: MeshRaycastOptions & { hits: 'all' }): MeshHit[];
  /**
   * The first hit, as raycast gives it, and how the search found it (a teaching and tuning aid): the tree's boxes it
   * entered, the root first; the triangles it tested, in order; the tree's boxes down to opts.depth (0 to 60,
   * default 3).
   */
  traceRaycast(caster: MeshQueryShape<'raycast'>, opts?: MeshRaycastOptions & { hits?: 'first'; depth?: number }): MeshRaycastTrace;
  /**
   * Many rays, stored as origin x, y, z, direction x, y, z per ray: each ray's first (or any) hit, written into
   * `out` when given.
   */
  raycastBatch<Out extends RaycastBatchResult = { t: Float64Array; triangleIndex: Int32Array }>(rays: BatchNumbers,
    opts?: MeshRaycastOptions & { hits?: 'first' | 'any' }, out?: Out): Out;
  /** Whether the surface (not the volume a closed mesh bounds) meets the shape, of any type. */
  intersects(shape: MeshQueryShape<'intersects'>): boolean;
  /** The surface's point nearest to `point` (ties: the lowest triangleIndex); null for a mesh without triangles. */
  closestPoint(point: VectorLike): MeshPoint | null;
  /**
   * The first contact of `moving` translated by t * velocity, t in [0, 1] (least t; ties: the lowest
   * triangleIndex), as c3d.sweep against every triangle would find it; null when it touches none.
   */
  sweep(moving: MovingShape, velocity: VectorLike): MeshSweepHit | null;
  /**
   * Whether any triangle meets any triangle of `other` placed by `matrix` (other's frame into this one's; the identity
   * when omitted), decided exactly on other's vertices as the matrix maps them to doubles.
   */
  intersectsMesh(other: TriangleMesh, matrix?: Matrix4Like): boolean;
  /**
   * The closest points of this mesh and of `other` placed by `matrix` (pointB in this mesh's frame), distance 0 exactly
   * when intersectsMesh is true; ties to the lowest triangleIndexA, then triangleIndexB; null when either has no
   * triangles.
   */
  closestPointsToMesh(other: TriangleMesh, matrix?: Matrix4Like): MeshPairPoints | null;
  /** Every triangle the shape touches or penetrates, by triangleIndex: how to push the shape out of each. */
  contacts(shape: MeshQueryShape<'contacts'>, opts?: MeshContactOptions): MeshContact[];
  /** The closest points of the surface and the shape (ties: the lowest triangleIndex); null without triangles. */
  closestPoints(shape: MeshQueryShape<'closestPoints'>): MeshClosestPoints | null;
  /** New positions for the same vertices: the BVH's boxes follow, without a rebuild. */
  refit(positions: Float32Array): void;
  /**
   * The built mesh as one ArrayBuffer, for TriangleMesh.deserialize() to make it again without a build: store it
   * (IndexedDB, a file) or transfer it (`postMessage(data, [data.buffer])`).
   */
  serialize(): SerializedTriangleMesh;
  /** Frees the mesh's heap memory; using the mesh afterwards throws. */
  dispose(): void;
}

/**
 * A serialized TriangleMesh: `buffer` holds everything (a header with the format's version, then the sections);
 * the typed arrays are views of it, for reading. Little-endian; `version` changes when the layout does.
 */
export interface SerializedTriangleMesh {
  readonly version: number;
  readonly vertexCount: number;
  readonly triangleCount: number;
  /** The one buffer to store or transfer. */
  readonly buffer: ArrayBuffer;
  /** x, y, z per vertex, as given. */
  readonly positions: Float32Array;
  /** Three vertex numbers per triangle slot, slots in the BVH's order. */
  readonly index: Uint32Array;
  /** Each slot's triangle: its position in the index the mesh was built from / 3 (a hit's triangleIndex). */
  readonly triangleIds: Uint32Array;
  /** The BVH's nodes, 128 bytes each. */
  readonly nodes: Uint8Array;
}

export interface TriangleMeshOptions {
  /**
   * Called with the fraction of triangles placed in the BVH (rising to 1, about 64 calls); an exception thrown by it
   * stops the build.
   */
  onProgress?: (fraction: number) => void;
}

export interface BuildAsyncOptions extends TriangleMeshOptions {
  /** Aborting ends the build's worker; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface TriangleMeshConstructor {
  /**
   * positions: x, y, z per vertex (BufferGeometry.attributes.position.array); index: three vertex numbers per
   * triangle (BufferGeometry.index.array), or none: every three vertices are then a triangle.
   */
  /**
   * positions: x, y, z per vertex, a Float32Array (or a Float64Array, rounded to float); index: three vertex numbers
   * per triangle (Uint32Array, Uint16Array or Uint8Array), or none. Typed as three.js's BufferAttribute.array, so a
   * geometry's arrays pass as they are; other typed arrays are refused when called (TypeError).
   */
  new (positions: TypedArray, index?: TypedArray | null, opts?: TriangleMeshOptions): TriangleMesh;
  /**
   * Makes a mesh again from what serialize() returned, its buffer, or a Uint8Array of its bytes, without a build.
   * Everything is checked: a damaged or foreign image throws a RangeError naming the field.
   */
  deserialize(data: SerializedTriangleMesh | ArrayBuffer | Uint8Array): TriangleMesh;
  /**
   * Builds the mesh in a worker (a module Web Worker; worker_threads in node) and resolves to it: the calling thread
   * only copies the arrays out and the serialized mesh in. Rejects with the constructor's errors.
   */
  buildAsync(positions: TypedArray, index?: TypedArray | null, opts?: BuildAsyncOptions): Promise<TriangleMesh>;
}

/** How a SegmentTree makes primitives of its vertices, as three.js's Points, Line and LineSegments draw them. */
export type SegmentKind = 'points' | 'line' | 'lineSegments';

/**
 * Points or line segments in the wasm heap with a BVH over them. Primitive numbers: for 'points' the vertex's place
 * in the index (or the vertex), for 'line' segment i joins places i and i + 1, for 'lineSegments' segment k joins
 * places 2k and 2k + 1. Call dispose() when done.
 */
export interface SegmentTree {
  readonly kind: SegmentKind;
  /** How many points or segments the tree holds. */
  readonly size: number;
  /** Bytes of the wasm heap the tree holds. */
  readonly byteLength: number;
  /**
   * The numbers (ascending) of the primitives within `radius` of the caster (up to opts.maxDistance along it), with
   * a tolerance of 2^-20 of the coordinates' magnitude: every one within the radius is found, none beyond the
   * radius and that tolerance.
   */
  near(caster: Caster, radius: number, opts?: { maxDistance?: number }): Uint32Array;
  /** Frees the tree's heap memory; using it afterwards throws. */
  dispose(): void;
}

export interface SegmentTreeConstructor {
  /** positions: x, y, z per vertex; opts.index: vertex numbers, else the vertices in order; opts.kind: 'lineSegments'. */
  new (positions: TypedArray, opts?: { index?: TypedArray | null; kind?: SegmentKind }): SegmentTree;
}

/** The box a caster hits first in an AabbTree. */
export interface TreeHit {
  id: number;
  t: number;
  point: Vector;
  normal: Vector;
}

/**
 * A dynamic AABB tree in the wasm heap: boxes inserted, moved and removed by id, for broadphases of moving
 * scenes. Answers are decided on the boxes as given (the margin only spares the tree work). Call dispose() when done.
 */
export interface AabbTree {
  /** How many boxes the tree holds. */
  readonly size: number;
  /** Adds a box; returns its id: 0, 1, 2, ... in order, the ids of removed boxes reused first. */
  insert(box: AabbShape): number;
  /**
   * Adds many boxes at once (an aabb's six numbers each: min x, y, z, max x, y, z); returns their ids in order, as
   * insert() one by one would give them. A batch of a third of the tree or more builds the tree again at once.
   */
  insertMany(boxes: BatchNumbers): Uint32Array;
  /** Moves box `id`. */
  update(id: number, box: AabbShape): void;
  remove(id: number): void;
  has(id: number): boolean;
  /** The ids (ascending) of the boxes the shape meets (touching counts). */
  query(shape: AabbShape | ObbShape | SphereShape | PlaneShape | FrustumShape | Caster): Uint32Array;
  /** The box the caster hits first (least t; ties: the lowest id), or null. */
  raycast(caster: Caster, opts?: Omit<RaycastOptions, 'backfaceCulling'>): TreeHit | null;
  /** The ids of every box the caster hits, nearest first (ties: the lower id). */
  raycastAll(caster: Caster, opts?: Omit<RaycastOptions, 'backfaceCulling'>): Uint32Array;
  /** Every overlapping pair: ids i, j, i, j, ... with i < j, in no particular order. */
  pairs(): Uint32Array;
  /** Frees the tree's heap memory; using it afterwards throws. */
  dispose(): void;
}

export interface AabbTreeConstructor {
  /** opts.margin (default 0.1, scene units): how far a box may move before the tree needs to change. */
  new (opts?: { margin?: number }): AabbTree;
}

export interface InitOptions {
  /** The bytes of collide3d.wasm: nothing is fetched. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** collide3d.wasm compiled (e.g. by WebAssembly.compileStreaming, or received from another thread): nothing is fetched or compiled. */
  wasmModule?: WebAssembly.Module;
  /**
   * Where collide3d.wasm is: called with its file name and the URL of the directory it ships in; returns a URL
   * (in node also a path). Without it the file is loaded from beside the package's glue module.
   */
  locateFile?: (path: string, prefix: string) => string | URL;
}

/** Compiles the wasm module once; later calls return the same instance. */
export function init(options?: InitOptions): Promise<Collide3d>;
export default init;
