// The boundary between JavaScript and the wasm module, in one place: the scratch area both sides exchange a call's
// numbers through, the guard against a call re-entering while another writes it, the shape encoders and decoders,
// the layouts of every option block and result, and the mapping of the module's statuses to errors.
// The module describes itself at start-up (describe(), cpp/bindings/embind.cpp): each shape type's code and fields,
// and each layout's fields ("name:kind", cpp/bindings/layouts.h). Nothing here repeats an offset or a code: encoders
// for the shapes take their type codes from it, readers and writers bind every offset by field name (layout()), and
// checkBoundary refuses to start when the two sides disagree on any field they share.
import { rangeError, reentered, typeError, unsupportedPair } from './errors.js';

// A field's path in messages: arg + field ("target" + "radius" -> "target.radius").
function join(arg, field) {
  if (field === '') return arg;
  return field[0] === '[' ? arg + field : `${arg}.${field}`;
}

// The range a shape's numbers keep to: 0, or a magnitude from SMALLEST to LARGEST (validation.h says why). Constants
// here, so that the check every number of every call passes compiles to two comparisons (as module variables set at
// start-up they cost a single box–box call about 12 ns in node); defineBoundary refuses to start when the module
// reports another range.
const SMALLEST = 2 ** -126, LARGEST = 2 ** 126;
let rangeRule = '';
const inRange = (x) => {
  if (typeof x !== 'number') return false;
  const magnitude = Math.abs(x);
  return magnitude <= LARGEST && (magnitude >= SMALLEST || x === 0);
};

/**
 * The nearest number to x within the range on x's side: up (towards +infinity) or down. A magnitude below the range
 * becomes 0 or the smallest; one beyond it (or NaN) gives NaN, which no shape takes. For callers that derive shapes
 * from data (collide3d/three): a box grown outwards to the range holds what it held.
 */
export function roundedIntoRange(x, up) {
  if (!(Math.abs(x) <= LARGEST)) return NaN;
  if (x === 0 || Math.abs(x) >= SMALLEST) return x;
  return x > 0 ? (up ? SMALLEST : 0) : (up ? 0 : -SMALLEST);
}

// The error for a bad number or vector: a TypeError for what is not a finite number, a RangeError for a finite one
// outside the range. Kept out of the encoders, which run on every query: with the message building inline V8
// compiled them measurably slower (ray–triangle encoding 58 -> 42 ns).
function numberError(fn, arg, field, value) {
  if (Number.isFinite(value)) return rangeError(fn, join(arg, field), `${rangeRule} (got ${value})`);
  return typeError(fn, join(arg, field), 'a finite number', value);
}

// The values already read are passed in, so getters are not run twice.
function vectorError(fn, arg, field, v, x, y, z) {
  if (typeof v !== 'object' || v === null) return typeError(fn, join(arg, field), 'a vector {x, y, z}', v);
  const [axis, value] = !inRange(x) ? ['x', x] : !inRange(y) ? ['y', y] : ['z', z];
  return numberError(fn, join(arg, field), axis, value);
}

function number(f, o, value, fn, arg, field) {
  if (!inRange(value)) throw numberError(fn, arg, field, value);
  f[o] = value;
}

function vec3(f, o, v, fn, arg, field) {
  if (typeof v !== 'object' || v === null) throw vectorError(fn, arg, field, v);
  const x = v.x, y = v.y, z = v.z;
  if (!(inRange(x) && inRange(y) && inRange(z))) throw vectorError(fn, arg, field, v, x, y, z);
  f[o] = x;
  f[o + 1] = y;
  f[o + 2] = z;
}

const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1];

// 9 numbers, column-major: an array-like (Array, Float32Array, ...) or a three.js Matrix3 (its `elements`).
// `optional`: undefined stands for the identity.
function mat3(f, o, m, fn, arg, field, optional) {
  if (m === undefined && optional) m = IDENTITY;
  const elements = m !== null && typeof m === 'object' && m.isMatrix3 === true ? m.elements : m;
  if (elements === null || typeof elements !== 'object' || elements.length !== 9) {
    throw typeError(fn, join(arg, field), '9 numbers (column-major) or a Matrix3', m);
  }
  for (let i = 0; i < 9; ++i) {
    const e = elements[i];
    if (!inRange(e)) throw numberError(fn, arg, `${field}[${i}]`, e);
    f[o + i] = e;
  }
}

const IDENTITY4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/**
 * An object's placement (cpp/collide3d/math/affine.h): 16 numbers, column-major, an array-like or a three.js Matrix4
 * (its `elements`), each in the shapes' range, the last row (elements 3, 7, 11, 15) 0, 0, 0, 1; undefined stands for
 * the identity. A singular one (a placement that flattens) is one too. Checks it and writes it at f[o...].
 */
export function encodeAffine(f, o, m, fn, arg) {
  if (m === undefined) m = IDENTITY4;
  const elements = m !== null && typeof m === 'object' && m.isMatrix4 === true ? m.elements : m;
  if (elements === null || typeof elements !== 'object' || elements.length !== 16) {
    throw typeError(fn, arg, '16 numbers (column-major) or a Matrix4', m);
  }
  for (let i = 0; i < 16; ++i) {
    const e = elements[i];
    if (!inRange(e)) throw numberError(fn, arg, `[${i}]`, e);
    f[o + i] = e;
  }
  if (f[o + 3] !== 0 || f[o + 7] !== 0 || f[o + 11] !== 0 || f[o + 15] !== 1) {
    throw rangeError(fn, arg, 'must be affine, its last row (elements 3, 7, 11, 15) 0, 0, 0, 1 ' +
      `(got ${f[o + 3]}, ${f[o + 7]}, ${f[o + 11]}, ${f[o + 15]})`);
  }
}

function planes6(f, o, planes, fn, arg, field) {
  const count = planes === null || typeof planes !== 'object' ? undefined : planes.length;
  if (typeof count !== 'number') throw typeError(fn, join(arg, field), 'an array of 6 planes', planes);
  if (count !== 6) throw rangeError(fn, join(arg, field), `must hold 6 planes (got ${count})`);
  for (let i = 0; i < 6; ++i) {
    const plane = planes[i];
    if (plane === null || typeof plane !== 'object') {
      throw typeError(fn, join(arg, `${field}[${i}]`), 'a plane {normal, constant}', plane);
    }
    vec3(f, o + 4 * i, plane.normal, fn, arg, `${field}[${i}].normal`);
    number(f, o + 4 * i + 3, plane.constant, fn, arg, `${field}[${i}].constant`);
  }
}

// One encoder per shape type, writing the fields in the order of the C++ shape's `fields` list.
// `arg` is the argument's name in messages ("target").
function point(f, o, s, fn, arg) {
  vec3(f, o, s.position, fn, arg, 'position');
}
function ray(f, o, s, fn, arg) {
  vec3(f, o, s.origin, fn, arg, 'origin');
  vec3(f, o + 3, s.direction, fn, arg, 'direction');
}
function segment(f, o, s, fn, arg) {
  vec3(f, o, s.start, fn, arg, 'start');
  vec3(f, o + 3, s.end, fn, arg, 'end');
}
function plane(f, o, s, fn, arg) {
  vec3(f, o, s.normal, fn, arg, 'normal');
  number(f, o + 3, s.constant, fn, arg, 'constant');
}
function triangle(f, o, s, fn, arg) {
  vec3(f, o, s.a, fn, arg, 'a');
  vec3(f, o + 3, s.b, fn, arg, 'b');
  vec3(f, o + 6, s.c, fn, arg, 'c');
}
function sphere(f, o, s, fn, arg) {
  vec3(f, o, s.center, fn, arg, 'center');
  number(f, o + 3, s.radius, fn, arg, 'radius');
}
function ellipsoid(f, o, s, fn, arg) {
  vec3(f, o, s.center, fn, arg, 'center');
  vec3(f, o + 3, s.radii, fn, arg, 'radii');
  mat3(f, o + 6, s.rotation, fn, arg, 'rotation', true);
}
function aabb(f, o, s, fn, arg) {
  vec3(f, o, s.min, fn, arg, 'min');
  vec3(f, o + 3, s.max, fn, arg, 'max');
}
function obb(f, o, s, fn, arg) {
  vec3(f, o, s.center, fn, arg, 'center');
  vec3(f, o + 3, s.halfSize, fn, arg, 'halfSize');
  mat3(f, o + 6, s.rotation, fn, arg, 'rotation', false);
}
function tube(f, o, s, fn, arg) {  // cylinder and capsule share their fields
  vec3(f, o, s.start, fn, arg, 'start');
  vec3(f, o + 3, s.end, fn, arg, 'end');
  number(f, o + 6, s.radius, fn, arg, 'radius');
}
function frustum(f, o, s, fn, arg) {
  planes6(f, o, s.planes, fn, arg, 'planes');
}

// A convex shape's points (vectors, or x, y, z in a Float32Array or Float64Array), read once, checked: a Float64Array.
export function hullPoints(points, fn, path) {
  const typed = points instanceof Float64Array || points instanceof Float32Array;
  if (!typed && !Array.isArray(points)) {
    throw typeError(fn, path, 'an array of vectors {x, y, z} or a Float32Array or Float64Array of x, y, z', points);
  }
  const length = points.length;  // 0 for a detached typed array
  if (typed && length % 3 !== 0) throw rangeError(fn, `${path}.length`, `must be a multiple of 3 (got ${length})`);
  if (length === 0) throw rangeError(fn, path, 'must hold at least one point');
  const xyz = typed ? new Float64Array(points) : new Float64Array(3 * length);
  if (!typed) for (let i = 0; i < length; ++i) vec3(xyz, 3 * i, points[i], fn, path, `[${i}]`);
  const bad = typed ? xyz.findIndex((x) => !inRange(x)) : -1;
  if (bad >= 0) throw numberError(fn, path, `[${bad}]`, xyz[bad]);
  return xyz;
}

// A convex shape: a ConvexHull (convex.js sets isHull, hullAddress) writes its address; a plain one's points wait in
// `pending` (offset, points, path) to be hulled once every argument is written: a build may grow the memory.
let isHull = () => false, hullAddress;
export function setHulls(is, address) {
  isHull = is;
  hullAddress = address;
}
const pending = [];
function convex(f, o, s, fn, arg) {
  if (isHull(s)) {
    f[o] = hullAddress(s, fn, arg);
  } else {
    f[o] = NaN;
    pending.push(o, hullPoints(s.points, fn, join(arg, 'points')), join(arg, 'points'));
  }
}

// The encoders written by hand for speed (by their names in SHAPE_ENCODERS), with the fields each writes;
// checkBoundary compares them with the module's. A shape type without one here is written by encodeFields from its
// description.
const ENCODERS = {
  point: ['point', 'position:vec3'],
  ray: ['ray', 'origin:vec3,direction:vec3'],
  line: ['ray', 'origin:vec3,direction:vec3'],
  segment: ['segment', 'start:vec3,end:vec3'],
  plane: ['plane', 'normal:vec3,constant:number'],
  triangle: ['triangle', 'a:vec3,b:vec3,c:vec3'],
  sphere: ['sphere', 'center:vec3,radius:number'],
  ellipsoid: ['ellipsoid', 'center:vec3,radii:vec3,rotation:mat3'],
  aabb: ['aabb', 'min:vec3,max:vec3'],
  obb: ['obb', 'center:vec3,halfSize:vec3,rotation:mat3'],
  cylinder: ['tube', 'start:vec3,end:vec3,radius:number'],
  capsule: ['tube', 'start:vec3,end:vec3,radius:number'],
  frustum: ['frustum', 'planes:planes6'],
  convex: ['convex', 'hull:handle'],
};

// Numbers per kind; a layout's own name is a kind too (its fields in turn).
const KIND_SIZES = { number: 1, bool: 1, integer: 1, index: 1, vec3: 3, mat3: 9, planes6: 24, handle: 1 };
// The kinds a shape's fields may have: what the encoders can write (a handle: convex()).
const SHAPE_KINDS = ['number', 'vec3', 'mat3', 'planes6', 'handle'];

// "name:kind,name:kind*count,..." as [{ name, kind, count }].
const fieldsOf = (schema) => schema.split(',').map((text) => {
  const [name, kindCount] = text.split(':');
  const [kind, count = '1'] = kindCount.split('*');
  return { name, kind, count: Number(count) };
});

function disagree(what, wasm, js) {
  return new Error(`collide3d: the wasm module and the JS entry disagree on ${what} (wasm: ${wasm}; js: ${js})`);
}

/**
 * Reads the module's description of the boundary: its shape types ({ name: { code, schema, size } }) and layouts
 * ("name=field:kind,...;..."). Throws when the JS side cannot follow it: a hand-written encoder whose fields differ,
 * a shape field of a kind no encoder writes, a layout field of an unknown kind, or sizes that do not add up.
 * Returns { types (by code), codes, shapes: { name: { code, fields, size } }, layouts: { name: { fields, size } } }
 * with every field's offset.
 */
export function checkBoundary(description) {
  const layouts = {};
  const sizeOf = (kind) => (Object.hasOwn(KIND_SIZES, kind) ? KIND_SIZES[kind]
    : Object.hasOwn(layouts, kind) ? layouts[kind].size : undefined);
  const place = (what, fields) => {
    let offset = 0;
    for (const field of fields) {
      const size = sizeOf(field.kind);
      if (size === undefined) throw disagree(`${what}.${field.name}`, `kind '${field.kind}'`, 'no such kind');
      field.offset = offset;
      offset += size * field.count;
    }
    return { fields, size: offset };
  };
  // In order: a layout's fields name only the layouts before it.
  for (const entry of description.layouts.split(';')) {
    if (entry === '') continue;
    const [name, schema] = entry.split('=');
    layouts[name] = place(`layout '${name}'`, fieldsOf(schema));
  }
  const shapes = {}, types = [], codes = {};
  for (const [name, { code, schema, size }] of Object.entries(description.shapes)) {
    const shape = place(`shape '${name}'`, fieldsOf(schema));
    const bad = shape.fields.find((field) => !SHAPE_KINDS.includes(field.kind) || field.count !== 1);
    if (bad !== undefined) throw disagree(`shape '${name}'`, schema, `no encoder for ${bad.name}`);
    if (shape.size !== size) throw disagree(`shape '${name}'`, `${size} numbers`, `${shape.size} from ${schema}`);
    if (ENCODERS[name] !== undefined && ENCODERS[name][1] !== schema) throw disagree(`shape '${name}'`, schema, ENCODERS[name][1]);
    shapes[name] = { code, ...shape };
    types[code] = name;
    codes[name] = code;
  }
  const missing = Object.keys(ENCODERS).find((name) => shapes[name] === undefined);
  if (missing !== undefined) throw disagree(`shape '${missing}'`, 'missing', ENCODERS[missing][1]);
  return { types, codes, shapes, layouts };
}

// Filled at start-up (defineBoundary) from the module's description.
export let SHAPE_TYPES = Object.freeze([]);
let CODE = {}, SHAPES = {}, TYPE_LIST = '';

// The fields of a shape without a hand-written encoder, from its description (a rotation may be omitted).
function encodeFields(f, o, s, fields, fn, arg) {
  for (const { name, kind, offset } of fields) {
    const at = o + offset, value = s[name];
    if (kind === 'number') number(f, at, value, fn, arg, name);
    else if (kind === 'vec3') vec3(f, at, value, fn, arg, name);
    else if (kind === 'mat3') mat3(f, at, value, fn, arg, name, name === 'rotation');
    else if (kind === 'handle') convex(f, at, s, fn, arg);
    else planes6(f, at, value, fn, arg, name);
  }
}

// Checks `shape` and writes it at f[o...]; returns its type code. A switch on the tag is the fastest dispatch V8
// offers here (each case a direct, inlinable call).
export function encodeShape(f, o, shape, fn, arg) {
  if (typeof shape !== 'object' || shape === null) throw typeError(fn, arg, 'a shape object', shape);
  const type = shape.type;
  switch (type) {
    case 'point': point(f, o, shape, fn, arg); return CODE.point;
    case 'ray': ray(f, o, shape, fn, arg); return CODE.ray;
    case 'line': ray(f, o, shape, fn, arg); return CODE.line;
    case 'segment': segment(f, o, shape, fn, arg); return CODE.segment;
    case 'plane': plane(f, o, shape, fn, arg); return CODE.plane;
    case 'triangle': triangle(f, o, shape, fn, arg); return CODE.triangle;
    case 'sphere': sphere(f, o, shape, fn, arg); return CODE.sphere;
    case 'ellipsoid': ellipsoid(f, o, shape, fn, arg); return CODE.ellipsoid;
    case 'aabb': aabb(f, o, shape, fn, arg); return CODE.aabb;
    case 'obb': obb(f, o, shape, fn, arg); return CODE.obb;
    case 'cylinder': tube(f, o, shape, fn, arg); return CODE.cylinder;
    case 'capsule': tube(f, o, shape, fn, arg); return CODE.capsule;
    case 'frustum': frustum(f, o, shape, fn, arg); return CODE.frustum;
    case 'convex': convex(f, o, shape, fn, arg); return CODE.convex;
    default:
      if (typeof type !== 'string' || !Object.hasOwn(SHAPES, type)) throw typeError(fn, `${arg}.type`, `one of ${TYPE_LIST}`, type);
      return described(f, o, shape, fn, arg, type);
  }
}

export { vec3 as encodeVector, number as encodeNumber };

// A shape of type `type` (already checked) written from its description, as a type without a hand-written encoder is.
function described(f, o, shape, fn, arg, type) {
  const { fields, code } = SHAPES[type];
  encodeFields(f, o, shape, fields, fn, arg);
  return code;
}
// The same, for tests, which check that both ways write the same numbers.
export const encodeDescribed = (f, o, shape, fn, arg) => described(f, o, shape, fn, arg, shape.type);

/**
 * The encoders by the names ENCODERS gives them, for the per-pair entries (pair-entries.js); `described` takes the
 * shape's type as a sixth argument.
 */
export const SHAPE_ENCODERS = Object.freeze({
  point, ray, segment, plane, triangle, sphere, ellipsoid, aabb, obb, tube, frustum, convex, described,
});
export const encoderOf = (type) => (Object.hasOwn(ENCODERS, type) ? ENCODERS[type][0] : 'described');

/** Every (query, a, b) the module answers ({ query, a, b }: a query name and two shape types). */
export const supportedPairs = (module) => module.supportedPairs().trim().split('\n').map((line) => {
  const [query, a, b] = line.split(':');
  return Object.freeze({ query, a, b });
});

/** `shape` when it is an object of type `type`; else the TypeError encodeShape would give for it. */
export function shapeOf(shape, type, fn, arg) {
  if (typeof shape !== 'object' || shape === null) throw typeError(fn, arg, 'a shape object', shape);
  const actual = shape.type;
  if (actual !== type) throw typeError(fn, `${arg}.type`, `'${type}'`, actual);
  return shape;
}

// A fresh vector from f[o..o+2]; + 0 turns -0 into 0 (here and for other returned numbers).
export function vec(f, o) {
  return { x: f[o] + 0, y: f[o + 1] + 0, z: f[o + 2] + 0 };
}

// The 6 planes {normal, constant} at f[o...] (planes6's layout).
const planesAt = (f, o) => Array.from({ length: 6 }, (_, i) => ({ normal: vec(f, o + 4 * i), constant: f[o + 4 * i + 3] + 0 }));

// The shape of type `type` whose numbers are at f[o...], read by its description, as a plain object (a rotation as 9
// numbers): a shape the module gives back (moveAndSlide's moved shape), or one read once to be sent to a worker.
// Not for a convex hull (its handle).
export function decodeShape(type, f, o) {
  const shape = { type };
  for (const { name, kind, offset } of SHAPES[type].fields) {
    const at = o + offset;
    shape[name] = kind === 'number' ? f[at] + 0 : kind === 'vec3' ? vec(f, at)
      : kind === 'mat3' ? Array.from(f.subarray(at, at + 9), (x) => x + 0) : planesAt(f, at);
  }
  return shape;
}

// The error for a bad item of a batch input (`values`, at `path`, items of `type`): `problem` says where the module
// found it, { at, isNumber, field, message }: values[at], a number that is not finite or out of range, or item `at`,
// whose `field` breaks the rule `message`. The error keeps the problem with its path and type (ITEM_PROBLEM), so that
// a worker's error can be told again for the whole batch its items came from (worker-pool.js).
export const ITEM_PROBLEM = Symbol('collide3d.itemProblem');
export function itemError(fn, path, type, values, problem) {
  const { at, isNumber, field, message } = problem;
  let error;
  if (isNumber) {
    const value = values[at];
    error = rangeError(fn, `${path}[${at}]`, Number.isFinite(value) ? `${rangeRule} (got ${value})` : `must be a finite number (got ${value})`);
  } else {
    error = rangeError(fn, `${path}, ${type} ${at}${field === '' ? '' : `: ${field}`}`, message);
  }
  Object.defineProperty(error, ITEM_PROBLEM, { value: { ...problem, path, type } });
  return error;
}

/**
 * The boundary of one module instance: `io()` the scratch view (Float64Array; offsets A, B, OPT, OUT), the call
 * guard, `run`/`runOnShape` (write shapes, check, call, map a status to its error), `failure`, `badItem`,
 * `takeFound`, and `layout(name, fields)` to bind a layout's offsets by name.
 */
export function defineBoundary(module) {
  const description = module.describe();
  const checked = checkBoundary(description);
  SHAPE_TYPES = Object.freeze(checked.types);
  CODE = checked.codes;
  SHAPES = checked.shapes;
  TYPE_LIST = SHAPE_TYPES.map((t) => `'${t}'`).join(', ');
  const { smallest, largest, rule } = description.range;
  if (smallest !== SMALLEST || largest !== LARGEST) {
    throw disagree('the range of shape numbers', `${smallest} to ${largest}`, `${SMALLEST} to ${LARGEST}`);
  }
  rangeRule = rule;
  const { unsupportedPair: UNSUPPORTED, invalidA: INVALID_A, heapFull: HEAP_FULL } = description.status;
  const A = description.a, B = description.b, OPT = description.options, OUT = description.result;
  let f = new Float64Array(module.HEAPF64.buffer, description.address, description.size);

  // The scratch view, re-made if memory growth detached it.
  function io() {
    if (f.length === 0) f = new Float64Array(module.HEAPF64.buffer, description.address, description.size);
    return f;
  }

  // `{ field: offset, ..., size }` for the fields of layout `name` this side reads or writes, given as
  // "field:kind ..." and checked against the module's description; each bound field is marked used (unread()).
  const used = new Set();
  function layout(name, fields) {
    const described = Object.hasOwn(checked.layouts, name) ? checked.layouts[name] : undefined;
    if (described === undefined) throw disagree(`layout '${name}'`, 'missing', fields);
    const offsets = { size: described.size };
    for (const text of fields.split(' ')) {
      const [field, kind] = text.split(':');
      const found = described.fields.find((d) => d.name === field);
      const wasm = found === undefined ? 'missing' : `${found.kind}${found.count > 1 ? `*${found.count}` : ''}`;
      if (wasm !== kind) throw disagree(`layout '${name}' field '${field}'`, wasm, kind);
      offsets[field] = found.offset;
      used.add(`${name}.${field}`);
    }
    return offsets;
  }
  // The fields the module describes that no reader or writer bound: none, once every part of the API is defined.
  const unread = () => Object.entries(checked.layouts).flatMap(([name, { fields }]) =>
    fields.map((field) => `${name}.${field.name}`).filter((key) => !used.has(key)));

  // The last validation failure's field and message, read where the module keeps them (NUL-terminated).
  const text = new TextDecoder();
  function textAt(address) {
    const heap = module.HEAPU8;
    return text.decode(heap.subarray(address, heap.indexOf(0, address)));
  }
  const lastProblem = () => [textAt(description.problemField), textAt(description.problemMessage)];

  // Turns a negative status from the module into the error it stands for.
  function failure(status, fn, argA, argB, codeA, codeB) {
    if (status === UNSUPPORTED) return unsupportedPair(fn, SHAPE_TYPES[codeA], SHAPE_TYPES[codeB]);
    if (status === HEAP_FULL) return rangeError(fn, argA, 'needs more memory than the wasm heap can give');
    const [field, message] = lastProblem();
    const arg = status === INVALID_A ? argA : argB;
    return rangeError(fn, join(arg, field), message);
  }

  // The error for a bad item of a batch input (whose numbers are `values`, at `path`), from where the module found it
  // (itemProblem): a number that is not finite, or an item, a `type`, its validation rejects.
  const ITEM = layout('itemProblem', 'at:number isNumber:bool');
  function badItem(fn, path, type, values) {
    const g = io();
    const isNumber = g[OUT + ITEM.isNumber] === 1;
    const [field, message] = isNumber ? ['', ''] : lastProblem();
    return itemError(fn, path, type, values, { at: g[OUT + ITEM.at], isNumber, field, message });
  }

  // Counts calls into the module. A getter or Proxy in an argument could call collide3d while this call is writing
  // its own arguments into the shared scratch area; the nested call would overwrite them, or grow the memory, which
  // detaches the view being written (the writes after it are lost). Each query checks after writing its arguments
  // and refuses to run on a scratch area that another call has used or moved meanwhile.
  let calls = 0;
  const beginCall = () => ++calls;
  // `view`: the scratch view the call wrote before user code ran, if any.
  function checkCall(call, fn, view) {
    if (call !== calls || (view !== undefined && view.length === 0)) throw reentered(fn);
  }

  // Starts a call that writes shapes: counts it and drops what a call that threw left pending (setting a length
  // costs ~15 ns, so only when there is something). Returns the call's number for checkCall.
  function beginShapes() {
    if (pending.length !== 0) pending.length = 0;
    return ++calls;
  }

  // Runs a bound query on two shapes: writes them and up to three option numbers (at the scratch offsets `slots`)
  // into the scratch area, checks that no other call used the area meanwhile, calls `bound` with the shapes' type
  // codes and returns its status, having turned a negative one into its error. The answer is then in f[OUT...].
  // A `filter` (filters.js) may return the status first, from the shapes' numbers, when it can prove it.
  function run(bound, fn, argA, a, argB, b, slots, option0, option1, option2, filter) {
    const f = io();
    const call = beginShapes();
    const codeA = encodeShape(f, A, a, fn, argA);
    const codeB = encodeShape(f, B, b, fn, argB);
    checkCall(call, fn, f);
    return finish(f, bound, fn, argA, argB, codeA, codeB, slots, option0, option1, option2, filter);
  }

  // run()'s part once both shapes are written into `f` and the call checked: hulls what is pending, then answers.
  function finish(f, bound, fn, argA, argB, codeA, codeB, slots, option0, option1, option2, filter) {
    if (pending.length === 0) {
      return answer(f, bound, fn, argA, argB, codeA, codeB, slots, option0, option1, option2, filter);
    }
    const made = buildPending(fn);
    try {
      return answer(io(), bound, fn, argA, argB, codeA, codeB, slots, option0, option1, option2);
    } finally {
      freeHulls(made);
    }
  }

  // Hulls the plain convex shapes pending and writes their addresses where they wait; returns the addresses, which
  // the caller frees once its query has run. (No closure in run() or runOnShape(): one over their arguments would
  // make V8 allocate a context on every call, ~100 bytes and 20 ns a sphere–sphere call.)
  function buildPending(fn) {
    const made = [], held = pending.splice(0);
    try {
      for (let k = 0; k < held.length; k += 3) {
        const address = buildHull(held[k + 1], fn, held[k + 2]);
        made.push(address);
        io()[held[k]] = address;
      }
    } catch (error) {
      freeHulls(made);
      throw error;
    }
    return made;
  }
  const freeHulls = (made) => {
    for (const address of made) module.convexHullDestroy(address);
  };

  // A new hull of `xyz` (hullPoints): its address.
  function buildHull(xyz, fn, path) {
    const block = module._malloc(xyz.length * 8);
    let status = HEAP_FULL;
    if (block !== 0) {
      module.HEAPF64.set(xyz, block / 8);
      status = module.convexHullBuild(block, xyz.length / 3);
      module._free(block);
    }
    if (status < 0) throw failure(status, fn, path, path, 0, 0);
    return status;
  }

  // run()'s part once the arguments are written into `f`.
  function answer(f, bound, fn, argA, argB, codeA, codeB, slots, option0, option1, option2, filter) {
    if (filter !== undefined) {
      const proven = filter(f, codeA, A, codeB, B);
      if (proven >= 0) return proven;
    }
    if (slots.length > 0) f[slots[0]] = option0;
    if (slots.length > 1) f[slots[1]] = option1;
    if (slots.length > 2) f[slots[2]] = option2;
    const status = bound(codeA, codeB);
    if (status < 0) throw failure(status, fn, argA, argB, codeA, codeB);
    return status;
  }

  // The pattern of the mesh and tree methods that take one shape: writes `shape` into argument A, lets `before(f)`
  // read and write options, checks that no other call used the scratch area meanwhile, runs bound(code), and turns
  // a failing status into its error (`unsupported(type)` makes the one for a shape type the method does not take).
  function runOnShape(fn, arg, shape, bound, unsupported, before) {
    const f = io();
    const call = beginShapes();
    const code = encodeShape(f, A, shape, fn, arg);
    if (before !== undefined) before(f);
    checkCall(call, fn, f);
    let status;
    if (pending.length === 0) {
      status = bound(code);
    } else {
      const made = buildPending(fn);
      try {
        status = bound(code);
      } finally {
        freeHulls(made);
      }
    }
    if (status === UNSUPPORTED) throw unsupported(SHAPE_TYPES[code]);
    if (status < 0) throw failure(status, fn, arg, arg, code, code);
    return status;
  }

  // A copy of the `count` numbers the last call found (io::numbersFound), whose heap memory is then released, copied
  // or not. `fn` and `what` (the argument or object) name the call if JavaScript cannot hold the copy.
  function takeFound(count, fn, what) {
    try {
      const numbers = new Uint32Array(count);
      numbers.set(new Uint32Array(module.HEAPU8.buffer, module.foundAddress(), count));
      return numbers;
    } catch {
      throw rangeError(fn, what, `has ${count} numbers found, more than a JavaScript array can hold here`);
    } finally {
      module.releaseFound();
    }
  }

  // An enum's codes by name ({ first: 0, any: 1, all: 2 }), as the module numbers them.
  const enumOf = (name) => Object.fromEntries(description.enums[name].split(',').map((value, code) => [value, code]));

  return {
    module, A, B, OPT, OUT, status: description.status, enumOf, maxIterations: description.maxIterations, sides: description.sides, rangeRule,
    intersectionKinds: description.intersectionKinds, sizes: Object.fromEntries(SHAPE_TYPES.map((t) => [t, SHAPES[t].size])),
    io, layout, unread, failure, badItem, beginCall, checkCall, beginShapes, run, finish, runOnShape, takeFound, vec,
    buildHull,
  };
}
