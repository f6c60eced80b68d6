// Raycasting three.js Points, Line, LineSegments and LineLoop through a SegmentTree over the geometry's points or
// segments. three.js's own raycast (src/objects/Points.js, Line.js) tests every point or segment in the draw range
// against the ray moved into the object's frame, within raycaster.params.Points / Line.threshold divided by the
// object's mean scale. Here the tree first finds the primitives within that local threshold (a superset of
// three.js's: its tolerance covers three.js's rounding and the float32 copy of the positions), and each is then
// decided by three.js's own math applied as three.js applies it, so the intersections are the same objects with the
// same numbers, appended in the same order.
import { Matrix4, Ray, Sphere, Vector3 } from 'three';
import { show } from '../errors.js';
import { indexOf, positionsOf } from './geometry-arrays.js';

const KINDS = ['points', 'line', 'lineSegments'];

const _inverse = new Matrix4();
const _ray = new Ray();
const _sphere = new Sphere();
const _position = new Vector3();
const _start = new Vector3();
const _end = new Vector3();
const _onRay = new Vector3();
const _onSegment = new Vector3();
const _worldOrigin = new Vector3();

const sequenceLength = (geometry) => (geometry.index !== null ? geometry.index : geometry.attributes.position).count;

// The place of the sequence a 'lineSegments' tree pairs from, 0 or 1: the parity of drawRange.start, where three.js's
// loop starts (0 for other kinds).
function firstOf(geometry, kind) {
  const start = geometry.drawRange.start;
  return kind === 'lineSegments' && Number.isInteger(start) && start > 0 ? start % 2 : 0;
}

/** Whether a tree from buildPrimitiveTree still fits the geometry: the same sequence of vertices, paired alike. */
export function primitiveTreeFits(built, geometry) {
  return built.length === sequenceLength(geometry) && built.first === firstOf(geometry, built.kind);
}

/**
 * A tree over a geometry's points ('points'), line strip ('line', for Line and LineLoop) or segment pairs
 * ('lineSegments'), for raycastPoints / raycastLine; dispose() frees it. A 'lineSegments' tree pairs vertices from
 * the parity of the geometry's drawRange.start, as three.js does.
 */
export function buildPrimitiveTree(api, geometry, kind) {
  const fn = 'collide3d.three.buildPrimitiveTree';
  if (!KINDS.includes(kind)) throw new TypeError(`${fn}: kind must be 'points', 'line' or 'lineSegments' (got ${show(kind)})`);
  const position = geometry !== null && typeof geometry === 'object' && geometry.attributes !== undefined
    ? geometry.attributes.position : undefined;
  if (position === undefined) throw new TypeError(`${fn}: geometry must be a BufferGeometry with a position attribute`);
  const first = firstOf(geometry, kind);
  // Paired from an odd place: the sequence from its second vertex number (or vertex), segment k then joining
  // places 2k + 1 and 2k + 2.
  const index = indexOf(geometry.index);
  const positions = positionsOf(position);
  let tree;
  try {
    tree = new api.SegmentTree(index === null && first === 1 ? positions.subarray(3) : positions,
      { kind, index: index === null ? null : index.subarray(first) });
  } catch (error) {
    const Type = error instanceof TypeError ? TypeError : RangeError;
    throw new Type(`${fn}: geometry ${error.message.replace(/^collide3d\.SegmentTree: /, '')}`);
  }
  return Object.freeze({ tree, kind, first, length: sequenceLength(geometry), dispose: () => tree.dispose() });
}

// The numbers three.js's float arithmetic takes: 0 or magnitudes the tree's validation accepts.
const usable = (x) => x === 0 || (Math.abs(x) >= 2 ** -126 && Math.abs(x) <= 2 ** 126);

// The largest parameter along _ray (unit, local) whose point may lie within raycaster.far in world space, for the
// tree: the local point at s is M(o + s d) in the world, at least s |M d| - |M o - O| from the world origin O, less
// rounding (bounded by 2^-20 of the sizes involved, far beyond it).
function localFar(raycaster, matrixWorld) {
  const far = raycaster.far;
  const e = matrixWorld.elements;
  if (!(far < Infinity) || e[3] !== 0 || e[7] !== 0 || e[11] !== 0 || e[15] !== 1) return Infinity;
  const d = _ray.direction, o = _ray.origin;
  const stretch = Math.hypot(e[0] * d.x + e[4] * d.y + e[8] * d.z, e[1] * d.x + e[5] * d.y + e[9] * d.z,
    e[2] * d.x + e[6] * d.y + e[10] * d.z);
  const norm = Math.hypot(e[0], e[1], e[2], e[4], e[5], e[6], e[8], e[9], e[10]);
  const drift = _worldOrigin.copy(o).applyMatrix4(matrixWorld).distanceTo(raycaster.ray.origin);
  const slack = 2 ** -20 * (far + raycaster.ray.origin.length() + norm * o.length());
  const rate = stretch - 2 ** -20 * norm;
  const limit = (far + drift + slack) / rate;
  return rate > 0 && limit >= 0 ? limit : Infinity;
}

// The places (ascending, in [from, to)) of the primitives the tree finds within the local threshold, or null when
// the tree cannot serve this raycast (every place is then tested, as three.js does). `step` and `first` map a
// primitive number to its place (place = step * number + first).
function candidates(built, kind, geometry, threshold, raycaster, matrixWorld, step) {
  if (built === undefined || built === null || built.kind !== kind || !primitiveTreeFits(built, geometry) ||
    !Number.isInteger(geometry.drawRange.start)) {
    return null;
  }
  const o = _ray.origin, d = _ray.direction;
  const radius = Math.abs(threshold);
  if (![o.x, o.y, o.z, d.x, d.y, d.z, radius].every(usable) || (d.x === 0 && d.y === 0 && d.z === 0)) return null;
  const numbers = built.tree.near({ type: 'ray', origin: o, direction: d }, radius,
    { maxDistance: localFar(raycaster, matrixWorld) });
  if (step !== 1 || built.first !== 0) for (let k = 0; k < numbers.length; ++k) numbers[k] = step * numbers[k] + built.first;
  return numbers;
}

// Calls test(place) for every place three.js's loop `for (i = from; i < to; i += step)` visits, or only for those of
// them among `found`.
function visit(found, from, to, step, test) {
  if (found === null) {
    for (let i = from; i < to; i += step) test(i);
    return;
  }
  for (let k = 0; k < found.length; ++k) {
    if (found[k] >= from && found[k] < to) test(found[k]);
  }
}

// three.js's opening: the bounding sphere grown by the threshold, then the ray in the object's frame. False when
// the ray misses the sphere.
function begin(object, raycaster, threshold) {
  const geometry = object.geometry;
  if (geometry.boundingSphere === null) geometry.computeBoundingSphere();
  _sphere.copy(geometry.boundingSphere);
  _sphere.applyMatrix4(object.matrixWorld);
  _sphere.radius += threshold;
  if (raycaster.ray.intersectsSphere(_sphere) === false) return false;
  _inverse.copy(object.matrixWorld).invert();
  _ray.copy(raycaster.ray).applyMatrix4(_inverse);
  return true;
}

const localThresholdOf = (object, threshold) => threshold / ((object.scale.x + object.scale.y + object.scale.z) / 3);

/** Points.prototype.raycast's intersections, found through `tree` (buildPrimitiveTree(api, geometry, 'points')). */
export function raycastPoints(object, raycaster, intersects, tree) {
  const geometry = object.geometry;
  const threshold = raycaster.params.Points.threshold;
  if (!begin(object, raycaster, threshold)) return;
  const localThreshold = localThresholdOf(object, threshold);
  const localThresholdSq = localThreshold * localThreshold;
  const index = geometry.index, position = geometry.attributes.position, drawRange = geometry.drawRange;
  const start = Math.max(0, drawRange.start);
  const end = Math.min(index !== null ? index.count : position.count, drawRange.start + drawRange.count);
  const found = candidates(tree, 'points', geometry, localThreshold, raycaster, object.matrixWorld, 1);
  visit(found, start, end, 1, (i) => {
    const a = index !== null ? index.getX(i) : i;
    _position.fromBufferAttribute(position, a);
    const rayPointDistanceSq = _ray.distanceSqToPoint(_position);
    if (!(rayPointDistanceSq < localThresholdSq)) return;
    const point = new Vector3();
    _ray.closestPointToPoint(_position, point);
    point.applyMatrix4(object.matrixWorld);
    const distance = raycaster.ray.origin.distanceTo(point);
    if (distance < raycaster.near || distance > raycaster.far) return;
    intersects.push({
      distance, distanceToRay: Math.sqrt(rayPointDistanceSq), point, index: a, face: null, faceIndex: null,
      barycoord: null, object,
    });
  });
}

/**
 * Line.prototype.raycast's intersections (LineSegments and LineLoop by the object's flags), found through `tree`
 * (buildPrimitiveTree(api, geometry, 'lineSegments') for LineSegments, 'line' for Line and LineLoop).
 */
export function raycastLine(object, raycaster, intersects, tree) {
  const geometry = object.geometry;
  const threshold = raycaster.params.Line.threshold;
  if (!begin(object, raycaster, threshold)) return;
  const localThreshold = localThresholdOf(object, threshold);
  const localThresholdSq = localThreshold * localThreshold;
  const step = object.isLineSegments ? 2 : 1;
  const index = geometry.index, position = geometry.attributes.position, drawRange = geometry.drawRange;
  const start = Math.max(0, drawRange.start);
  const end = Math.min(index !== null ? index.count : position.count, drawRange.start + drawRange.count);
  const vertex = (i) => (index !== null ? index.getX(i) : i);
  const test = (a, b, i) => {
    _start.fromBufferAttribute(position, a);
    _end.fromBufferAttribute(position, b);
    const distSq = _ray.distanceSqToSegment(_start, _end, _onRay, _onSegment);
    if (distSq > localThresholdSq) return;
    _onRay.applyMatrix4(object.matrixWorld);
    const distance = raycaster.ray.origin.distanceTo(_onRay);
    if (distance < raycaster.near || distance > raycaster.far) return;
    intersects.push({
      distance, point: _onSegment.clone().applyMatrix4(object.matrixWorld), index: i, face: null, faceIndex: null,
      barycoord: null, object,
    });
  };
  const kind = object.isLineSegments ? 'lineSegments' : 'line';
  const found = candidates(tree, kind, geometry, localThreshold, raycaster, object.matrixWorld, step);
  visit(found, start, end - 1, step, (i) => test(vertex(i), vertex(i + 1), i));
  if (object.isLineLoop) test(vertex(end - 1), vertex(start), end - 1);
}
