// c3d.moveAndSlide: a character's sphere, capsule or box moved through a world of TriangleMeshes and AabbTrees by
// collide-and-slide (cpp/collide3d/character/move_and_slide.h says how). The module keeps the world's list between
// calls, as a game moves its characters through the same world every frame; a call naming other objects replaces it.
import { rangeError, typeError } from './errors.js';
import { SHAPE_TYPES, decodeShape, encodeNumber, encodeVector } from './shapes.js';

const MESH = 0, TREE = 1;
const MAX_ITERATIONS = 32;  // CharacterMove::kMaxIterations
const CONTACT_SIZE = 8;     // point, normal, the object's place in the world, the triangle or box id

// `meshAddress`, `treeAddress`: (x, fn, what) => the address of a live TriangleMesh / AabbTree, 0 for anything else.
export function defineMoveAndSlide(shared, meshAddress, treeAddress) {
  const { module, OPT, OUT, vec } = shared;
  let sent = [];  // kind, address, kind, address, ...: the world the module holds

  // The objects of `world` (one, or an array), checked, with their kinds and addresses.
  function worldOf(world, fn) {
    const many = Array.isArray(world);
    const objects = many ? Array.from(world) : [world];
    if (many && objects.length === 0) throw rangeError(fn, 'world', 'must hold at least one TriangleMesh or AabbTree (got an empty array)');
    const entries = [];
    objects.forEach((object, i) => {
      const what = many ? `world[${i}]` : 'world';
      const mesh = meshAddress(object, fn, what);
      const address = mesh || treeAddress(object, fn, what);
      if (address === 0) throw typeError(fn, what, 'a TriangleMesh or an AabbTree', object);
      entries.push(mesh ? MESH : TREE, address);
    });
    return { objects, entries };
  }

  function send(entries, fn) {
    if (entries.length === sent.length && entries.every((x, i) => x === sent[i])) return;
    sent = [];
    module.characterWorldClear();
    for (let i = 0; i < entries.length; i += 2) {
      if (!module.characterWorldAdd(entries[i], entries[i + 1])) {
        module.characterWorldClear();
        throw rangeError(fn, 'world', `(${entries.length / 2} objects): the wasm heap cannot hold its list`);
      }
    }
    sent = entries;
  }

  // The options, read once each and checked, into the scratch area's options (character_bindings.cpp's order).
  function writeOptions(f, opts, fn) {
    const o = shared.options(opts, fn);
    const get = (name) => (o === undefined ? undefined : o[name]);
    const up = get('up');
    if (up === undefined) {
      f[OPT] = 0, f[OPT + 1] = 1, f[OPT + 2] = 0;
    } else {
      encodeVector(f, OPT, up, fn, 'opts', 'up');
      if (f[OPT] === 0 && f[OPT + 1] === 0 && f[OPT + 2] === 0) throw rangeError(fn, 'opts.up', 'must not be the zero vector');
    }
    const size = (name, at, fallback, rule = (x) => x >= 0, ruleText = 'must be >= 0') => {
      const value = get(name);
      if (value === undefined) {
        f[at] = fallback;
        return;
      }
      encodeNumber(f, at, value, fn, 'opts', name);
      if (!rule(value)) throw rangeError(fn, `opts.${name}`, `${ruleText} (got ${value})`);
    };
    size('maxSlope', OPT + 3, Math.PI / 4, (x) => x >= 0 && x < Math.PI / 2, 'must be in [0, π/2) radians');
    size('stepHeight', OPT + 4, 0);
    size('snapToGround', OPT + 5, 0);
    const iterations = get('maxIterations');
    if (iterations === undefined) {
      f[OPT + 6] = 4;
    } else {
      if (!Number.isInteger(iterations)) throw typeError(fn, 'opts.maxIterations', 'an integer', iterations);
      if (iterations < 1 || iterations > MAX_ITERATIONS) {
        throw rangeError(fn, 'opts.maxIterations', `must be from 1 to ${MAX_ITERATIONS} (got ${iterations})`);
      }
      f[OPT + 6] = iterations;
    }
    size('skinWidth', OPT + 7, -1);  // -1: the module's default, 1% of the shape's size
  }

  /**
   * The shape (a sphere, capsule, aabb or obb) moved by `motion` through `world` (a TriangleMesh, an AabbTree, or an
   * array of them), sliding along what it meets: { shape, translation, grounded, groundNormal, contacts }.
   */
  return function moveAndSlide(shape, motion, world, opts) {
    const fn = 'moveAndSlide';
    const m = new Float64Array(3);
    encodeVector(m, 0, motion, fn, 'motion', '');
    const { objects, entries } = worldOf(world, fn);
    let type;
    const count = shared.runOnShape(fn, 'shape', shape, (code) => {
      type = SHAPE_TYPES[code];
      send(entries, fn);
      return module.characterMove(code, m[0], m[1], m[2]);
    }, (t) => typeError(fn, 'shape.type', "'sphere', 'capsule', 'aabb' or 'obb'", t), (f) => writeOptions(f, opts, fn));
    const f = shared.io();
    const grounded = f[OUT + 3] === 1;
    const numbers = new Float64Array(module.HEAPU8.buffer, module.characterContactsAddress(), count * CONTACT_SIZE);
    const contacts = [];
    for (let o = 0; o < numbers.length; o += CONTACT_SIZE) {
      const object = objects[numbers[o + 6]];
      const element = numbers[o + 7];
      contacts.push(entries[2 * numbers[o + 6]] === MESH
        ? { point: vec(numbers, o), normal: vec(numbers, o + 3), object, triangleIndex: element }
        : { point: vec(numbers, o), normal: vec(numbers, o + 3), object, id: element });
    }
    return {
      shape: decodeShape(type, f, OUT + 7),
      translation: vec(f, OUT),
      grounded,
      groundNormal: grounded ? vec(f, OUT + 4) : null,
      contacts,
    };
  };
}
