// c3d.moveAndSlide (and traceMoveAndSlide, its sweeps listed): a character's sphere, capsule or box moved through a world of TriangleMeshes and AabbTrees by
// collide-and-slide (cpp/collide3d/character/move_and_slide.h says how). The module keeps the world's list between
// calls, as a game moves its characters through the same world every frame; a call naming other objects replaces it.
import { rangeError, typeError } from './errors.js';
import { SHAPE_TYPES, decodeShape, encodeNumber, encodeVector } from './boundary.js';

// `meshAddress`, `treeAddress`: (x, fn, what) => the address of a live TriangleMesh / AabbTree, 0 for anything else.
export function defineMoveAndSlide(shared, meshAddress, treeAddress) {
  const { module, OPT, OUT, vec, layout, maxIterations: MAX_ITERATIONS } = shared;
  const { mesh: MESH, tree: TREE } = shared.enumOf('worldKinds');
  const OPTION = layout('characterOptions',
    'up:vec3 maxSlope:number stepHeight:number snapToGround:number maxIterations:integer skinWidth:number');
  const MOVE = layout('characterMove', 'translation:vec3 grounded:bool groundNormal:vec3');
  const CONTACT = layout('worldHit', 'hit:sweepHit object:index element:index');
  const HIT = layout('sweepHit', 'point:vec3 normal:vec3');
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
    const up = get('up'), u = OPT + OPTION.up;
    if (up === undefined) {
      f[u] = 0, f[u + 1] = 1, f[u + 2] = 0;
    } else {
      encodeVector(f, u, up, fn, 'opts', 'up');
      if (f[u] === 0 && f[u + 1] === 0 && f[u + 2] === 0) throw rangeError(fn, 'opts.up', 'must not be the zero vector');
    }
    const size = (name, fallback, rule = (x) => x >= 0, ruleText = 'must be >= 0') => {
      const value = get(name), at = OPT + OPTION[name];
      if (value === undefined) {
        f[at] = fallback;
        return;
      }
      encodeNumber(f, at, value, fn, 'opts', name);
      if (!rule(value)) throw rangeError(fn, `opts.${name}`, `${ruleText} (got ${value})`);
    };
    size('maxSlope', Math.PI / 4, (x) => x >= 0 && x < Math.PI / 2, 'must be in [0, π/2) radians');
    size('stepHeight', 0);
    size('snapToGround', 0);
    const iterations = get('maxIterations');
    if (iterations === undefined) {
      f[OPT + OPTION.maxIterations] = 4;
    } else {
      if (!Number.isInteger(iterations)) throw typeError(fn, 'opts.maxIterations', 'an integer', iterations);
      if (iterations < 1 || iterations > MAX_ITERATIONS) {
        throw rangeError(fn, 'opts.maxIterations', `must be from 1 to ${MAX_ITERATIONS} (got ${iterations})`);
      }
      f[OPT + OPTION.maxIterations] = iterations;
    }
    size('skinWidth', -1);  // -1: the module's default, 1% of the shape's size
  }

  const STEP = layout('slideStep', 'part:integer from:vec3 to:vec3 met:bool contact:worldHit next:vec3');
  const PARTS = Object.keys(shared.enumOf('slideParts'));

  // A contact as the answers give it: the object met, and its triangle (a mesh) or box id (a tree).
  function contactAt(numbers, o, objects, entries) {
    const at = numbers[o + CONTACT.object], element = numbers[o + CONTACT.element];
    const point = vec(numbers, o + CONTACT.hit + HIT.point), normal = vec(numbers, o + CONTACT.hit + HIT.normal);
    return entries[2 * at] === MESH
      ? { point, normal, object: objects[at], triangleIndex: element }
      : { point, normal, object: objects[at], id: element };
  }

  // The move, and when `traced` its sweeps (`steps`).
  function move(fn, shape, motion, world, opts, traced) {
    const m = new Float64Array(3);
    encodeVector(m, 0, motion, fn, 'motion', '');
    const { objects, entries } = worldOf(world, fn);
    let type;
    const count = shared.runOnShape(fn, 'shape', shape, (code) => {
      type = SHAPE_TYPES[code];
      send(entries, fn);
      return module.characterMove(code, m[0], m[1], m[2], traced);
    }, (t) => typeError(fn, 'shape.type', "'sphere', 'capsule', 'aabb' or 'obb'", t), (f) => writeOptions(f, opts, fn));
    const f = shared.io();
    const grounded = f[OUT + MOVE.grounded] === 1;
    const numbers = new Float64Array(module.HEAPU8.buffer, module.characterContactsAddress(), count * CONTACT.size);
    const contacts = [];
    for (let o = 0; o < numbers.length; o += CONTACT.size) contacts.push(contactAt(numbers, o, objects, entries));
    const moved = {
      shape: decodeShape(type, f, OUT + MOVE.size),  // the moved shape follows the move
      translation: vec(f, OUT + MOVE.translation),
      grounded,
      groundNormal: grounded ? vec(f, OUT + MOVE.groundNormal) : null,
      contacts,
    };
    if (!traced) return moved;
    const g = new Float64Array(module.HEAPU8.buffer, module.characterStepsAddress(), module.characterStepCount() * STEP.size);
    moved.steps = [];
    for (let o = 0; o < g.length; o += STEP.size) {
      moved.steps.push({
        part: PARTS[g[o + STEP.part]], from: vec(g, o + STEP.from), to: vec(g, o + STEP.to),
        contact: g[o + STEP.met] === 1 ? contactAt(g, o + STEP.contact, objects, entries) : null, next: vec(g, o + STEP.next),
      });
    }
    return moved;
  }

  return {
    /**
     * The shape (a sphere, capsule, aabb or obb) moved by `motion` through `world` (a TriangleMesh, an AabbTree, or
     * an array of them), sliding along what it meets: { shape, translation, grounded, groundNormal, contacts }.
     */
    moveAndSlide: (shape, motion, world, opts) => move('moveAndSlide', shape, motion, world, opts, false),
    /**
     * moveAndSlide's answer with its sweeps in order (`steps`): each one's part of the move ('walk', 'fall', 'step'
     * or 'ground'), the translation it started from and reached, the contact it met (or null) and the motion it went
     * on with.
     */
    traceMoveAndSlide: (shape, motion, world, opts) => move('traceMoveAndSlide', shape, motion, world, opts, true),
  };
}
