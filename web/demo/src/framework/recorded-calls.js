// The code panel's source: every collide3d call a scene makes while it answers, recorded as it happens (the
// function, its arguments as plain data, its answer), and written back out as code that runs as is. Scenes get the
// recording API in place of the library's; what they pass for drawing only (a circle's basis, the hull of a
// Minkowski difference) they pass to `quiet`, the library itself, and it is not shown.
//
// The code is `import init from 'collide3d'; const c3d = await init();` and one statement per call, each followed by
// `// → answer`: the form of the README's examples. Objects the calls use are built first: convex hulls and triangle
// meshes by their constructors (their methods' calls are recorded too), and the scene's own data (a geometry's
// arrays) by the code the scene gives for it with `describe`, or named and marked as the scene's when it gives none.
// A statement that uses such unshown data cannot run by itself and is marked so (`runnable`); the browser tests run
// every other statement in node and compare its value with the answer the page got.

const SHOWN_CALLS = 10;        // a scene that makes hundreds of calls (culling) shows the first few
const SHOWN_ANSWER = 1500;     // characters of an answer shown (a GJK trace runs to many thousands)
// The library's classes whose objects the code builds, with the names it gives them (hull1, mesh1, ...).
const BUILT = { ConvexHull: 'hull', TriangleMesh: 'mesh' };

/**
 * Plain data for a value passed to or returned by collide3d: three.js vectors as { x, y, z }, objects the record
 * knows (hulls, meshes, described data) by name.
 */
export function plain(value, known = new WeakMap()) {
  if (value === null || typeof value !== 'object') return value;
  if (known.has(value)) return { $name: known.get(value).name };
  if (ArrayBuffer.isView(value)) return { $typed: value.constructor.name, values: [...value] };
  if (Array.isArray(value)) return value.map((item) => plain(item, known));
  if (value.isVector3) return { x: value.x, y: value.y, z: value.z };
  // Another object of the library's (an AabbTree): named by its class, not shown.
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return { $object: value.constructor.name };
  return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v !== 'function').map(([k, v]) => [k, plain(v, known)]));
}

// The objects the record knows that a value refers to (top level, or inside arrays and plain objects).
function knownIn(value, known, found = []) {
  if (value === null || typeof value !== 'object') return found;
  if (known.has(value)) found.push(value);
  else if (ArrayBuffer.isView(value)) return found;
  else if (Array.isArray(value)) value.forEach((item) => knownIn(item, known, found));
  else if (Object.getPrototypeOf(value) === Object.prototype) Object.values(value).forEach((v) => knownIn(v, known, found));
  return found;
}

/**
 * The library's API with every function, the ConvexHull and TriangleMesh constructors and their objects' methods
 * recording into `calls()`; `reset()` starts a new update's record (objects built before keep their names), and
 * `describe(value, { name, code, about, methods })` names a value of the scene's: `code` (lines that define `name`)
 * builds it in the shown code, or without it `about` says what it is and the calls that use it are not runnable;
 * `methods` (of an object of the library's the scene built unrecorded, an AabbTree it keeps up to date) are recorded.
 */
export function recordingApi(api) {
  let calls = [], tainted = new Set();  // this update's record, and the objects changed by a call that cannot run
  const known = new WeakMap();          // object → { name, runnable, entry: the record entry that makes it }
  const uses = new WeakMap();           // record entry → the known objects it needs first
  const counts = {};

  // Adds an entry to this update's record after the entries making what it uses, if they are not in it yet.
  function include(entry) {
    if (calls.includes(entry)) return;
    for (const object of uses.get(entry)) include(known.get(object).entry);
    calls.push(entry);
  }
  function record(entry, values) {
    const needed = knownIn(values, known);
    uses.set(entry, needed);
    entry.runnable = entry.runnable !== false && !JSON.stringify(entry.args ?? []).includes('"$object"')
      && needed.every((object) => known.get(object).runnable && !tainted.has(object));
    include(entry);
  }
  const plainOf = (value) => plain(value, known);

  // A call that records itself: `target` names the object whose method it is, if any.
  const recorded = (fn, name, target) => (...args) => {
    const given = args.map(plainOf);  // as given, before the call could change them
    const answer = fn(...args);
    const entry = { name, args: given, answer: plainOf(answer) };
    if (target !== undefined) entry.target = known.get(target).name;
    record(entry, target === undefined ? args : [target, ...args]);
    if (target !== undefined && !entry.runnable) tainted.add(target);
    return answer;
  };

  const recordedApi = {};
  for (const [name, value] of Object.entries(api)) {
    recordedApi[name] = typeof value === 'function' && name[0] === name[0].toLowerCase() ? recorded(value, name) : value;
  }
  for (const [className, prefix] of Object.entries(BUILT)) {
    recordedApi[className] = new Proxy(api[className], {
      construct(Class, args) {
        const object = new Class(...args);
        counts[prefix] = (counts[prefix] ?? 0) + 1;
        const entry = { name: className, construct: `${prefix}${counts[prefix]}`, args: args.map(plainOf) };
        const needed = knownIn(args, known);
        uses.set(entry, needed);
        entry.runnable = needed.every((value) => known.get(value).runnable);
        known.set(object, { name: entry.construct, runnable: entry.runnable, entry });
        // Its methods record too (own properties in front of the class's; `dispose` only frees memory).
        for (const method of Object.getOwnPropertyNames(Class.prototype)) {
          const { value } = Object.getOwnPropertyDescriptor(Class.prototype, method);
          if (typeof value === 'function' && method !== 'constructor' && method !== 'dispose') {
            object[method] = recorded(value.bind(object), method, object);
          }
        }
        include(entry);
        return object;
      },
    });
  }
  return {
    api: Object.freeze(recordedApi),
    calls: () => calls,
    reset: () => { calls = []; tainted = new Set(); },
    describe(value, { name, code, about, methods = [] }) {
      const entry = code === undefined ? { unshown: name, about } : { setup: code };
      uses.set(entry, []);
      known.set(value, { name, runnable: code !== undefined, entry });
      for (const method of methods) value[method] = recorded(value[method].bind(value), method, value);
    },
  };
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A plain value as a JavaScript literal (numbers as JavaScript prints them, which read back to the same double). */
export function literal(value) {
  if (value === undefined) return 'undefined';
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value.$name !== undefined) return value.$name;
  if (value.$object !== undefined) return `scene${value.$object}`;
  if (value.$typed !== undefined) return `new ${value.$typed}([${value.values.map(literal).join(', ')}])`;
  const entries = Object.entries(value).map(([k, v]) => `${IDENTIFIER.test(k) ? k : literal(k)}: ${literal(v)}`);
  return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
}

/** The statements of one record entry, without its answer: what the tests run. */
export function statementsOf(entry) {
  if (entry.setup !== undefined) return entry.setup;
  if (entry.unshown !== undefined) return [];
  const args = entry.args.map(literal).join(', ');
  if (entry.construct !== undefined) return [`const ${entry.construct} = new c3d.${entry.name}(${args});`];
  return [`${entry.target ?? 'c3d'}.${entry.name}(${args});`];
}

/** The code for recorded calls: runnable as is, the first SHOWN_CALLS of them with their answers. */
export function codeOf(calls) {
  const shown = shownCalls(calls);
  const lines = ["import init from 'collide3d';"];
  if (shown.some((entry) => entry.setup?.some((line) => line.includes('THREE.')))) lines.push("import * as THREE from 'three';");
  lines.push('const c3d = await init();');
  const unshown = new Set(JSON.stringify(shown).match(/"\$object":"\w+"/g) ?? []);
  for (const text of unshown) {
    const type = text.slice(11, -1);
    lines.push(`// scene${type}: the scene's ${type}, built from its geometry (not shown)`);
  }
  for (const entry of shown) {
    if (entry.unshown !== undefined) lines.push(`// ${entry.unshown}: ${entry.about} (the scene's, not shown)`);
    lines.push(...statementsOf(entry));
    if (entry.answer === undefined) continue;
    const answer = literal(entry.answer);
    lines.push(`// → ${answer.length > SHOWN_ANSWER ? `${answer.slice(0, SHOWN_ANSWER)} …` : answer}`);
  }
  if (calls.length > SHOWN_CALLS) lines.push(`// … and ${calls.length - SHOWN_CALLS} more calls like these`);
  return lines.join('\n');
}

/** The calls the code shows, in its order. */
export const shownCalls = (calls) => calls.slice(0, SHOWN_CALLS);
