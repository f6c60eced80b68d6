// Shape encoders: each checks a shape's fields and writes its numbers into the scratch area of the wasm heap, in
// the order of the C++ shape's `fields` list (cpp/collide3d/shapes/*.h). checkShapeSchemas compares the field
// names, kinds and type codes with the schema the wasm module reports at start-up, and tests/js/encoding.test.js
// checks every encoder's offsets against that schema.
import { rangeError, typeError } from './errors.js';

// A field's path in messages: arg + field ("target" + "radius" -> "target.radius").
function join(arg, field) {
  if (field === '') return arg;
  return field[0] === '[' ? arg + field : `${arg}.${field}`;
}

// The range a shape's numbers keep to: 0, or a magnitude from `smallest` to `largest`,
// as the wasm module reports it at start-up (setNumberRange); validation.h says why.
let smallest = 0, largest = Infinity, rangeRule = '';
export function setNumberRange(range) {
  ({ smallest, largest, rule: rangeRule } = range);
}
const inRange = (x) => typeof x === 'number' && (x === 0 || (Math.abs(x) >= smallest && Math.abs(x) <= largest));

/**
 * The nearest number to x within the range on x's side: up (towards +infinity) or down. A magnitude below the range
 * becomes 0 or the smallest; one beyond it (or NaN) gives NaN, which no shape takes. For callers that derive shapes
 * from data (collide3d/three): a box grown outwards to the range holds what it held.
 */
export function roundedIntoRange(x, up) {
  if (!(Math.abs(x) <= largest)) return NaN;
  if (x === 0 || Math.abs(x) >= smallest) return x;
  return x > 0 ? (up ? smallest : 0) : (up ? 0 : -smallest);
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

// Type codes are the C++ ShapeType enum's values; checkShapeSchemas verifies them and the field order at start-up.
const SHAPES = [
  ['point', 'position:vec3'],
  ['ray', 'origin:vec3,direction:vec3'],
  ['line', 'origin:vec3,direction:vec3'],
  ['segment', 'start:vec3,end:vec3'],
  ['plane', 'normal:vec3,constant:number'],
  ['triangle', 'a:vec3,b:vec3,c:vec3'],
  ['sphere', 'center:vec3,radius:number'],
  ['ellipsoid', 'center:vec3,radii:vec3,rotation:mat3'],
  ['aabb', 'min:vec3,max:vec3'],
  ['obb', 'center:vec3,halfSize:vec3,rotation:mat3'],
  ['cylinder', 'start:vec3,end:vec3,radius:number'],
  ['capsule', 'start:vec3,end:vec3,radius:number'],
  ['frustum', 'planes:planes6'],
];

export const SHAPE_TYPES = Object.freeze(SHAPES.map(([type]) => type));
const TYPE_LIST = SHAPE_TYPES.map((t) => `'${t}'`).join(', ');

export function checkShapeSchemas(native) {
  SHAPES.forEach(([type, schema], code) => {
    const n = native[type];
    if (n === undefined || n.code !== code || n.schema !== schema) {
      throw new Error(`collide3d: the wasm module and the JS entry disagree on shape '${type}' ` +
        `(wasm: ${n === undefined ? 'missing' : `code ${n.code}, ${n.schema}`}; js: code ${code}, ${schema})`);
    }
  });
}

// Checks `shape` and writes it at f[o...]; returns its type code. A switch on the tag is the fastest dispatch V8
// offers here (each case a direct, inlinable call).
export function encodeShape(f, o, shape, fn, arg) {
  if (typeof shape !== 'object' || shape === null) throw typeError(fn, arg, 'a shape object', shape);
  switch (shape.type) {
    case 'point': point(f, o, shape, fn, arg); return 0;
    case 'ray': ray(f, o, shape, fn, arg); return 1;
    case 'line': ray(f, o, shape, fn, arg); return 2;
    case 'segment': segment(f, o, shape, fn, arg); return 3;
    case 'plane': plane(f, o, shape, fn, arg); return 4;
    case 'triangle': triangle(f, o, shape, fn, arg); return 5;
    case 'sphere': sphere(f, o, shape, fn, arg); return 6;
    case 'ellipsoid': ellipsoid(f, o, shape, fn, arg); return 7;
    case 'aabb': aabb(f, o, shape, fn, arg); return 8;
    case 'obb': obb(f, o, shape, fn, arg); return 9;
    case 'cylinder': tube(f, o, shape, fn, arg); return 10;
    case 'capsule': tube(f, o, shape, fn, arg); return 11;
    case 'frustum': frustum(f, o, shape, fn, arg); return 12;
    default: throw typeError(fn, `${arg}.type`, `one of ${TYPE_LIST}`, shape.type);
  }
}

export { vec3 as encodeVector, number as encodeNumber };

const FIELDS = Object.fromEntries(SHAPES.map(([type, schema]) => [type, schema.split(',').map((field) => field.split(':'))]));

// The shape of type `type` whose numbers are at f[o...], read by the schema above, as a plain object (a rotation as 9
// numbers): a shape the module gives back (moveAndSlide's moved shape). Not for a frustum (its planes).
export function decodeShape(type, f, o) {
  const shape = { type };
  for (const [name, kind] of FIELDS[type]) {
    if (kind === 'number') {
      shape[name] = f[o] + 0;
      o += 1;
    } else if (kind === 'vec3') {
      shape[name] = { x: f[o] + 0, y: f[o + 1] + 0, z: f[o + 2] + 0 };
      o += 3;
    } else {
      shape[name] = Array.from(f.subarray(o, o + 9), (x) => x + 0);
      o += 9;
    }
  }
  return shape;
}
