// The code panel's source: every collide3d call a scene makes while it answers, recorded as it happens (the
// function, its arguments as plain data, its answer), and written back out as code that runs as is. Scenes get the
// recording API in place of the library's; what they pass for drawing only (a circle's basis, the hull of a
// Minkowski difference) they pass to `quiet`, the library itself, and it is not shown.
//
// The code is `import init from 'collide3d'; const c3d = await init();` and one statement per call, each followed by
// `// → answer`: the form of the README's examples. The browser tests run each statement in node and compare its
// value with the answer the page got.

const SHOWN_CALLS = 8;         // a scene that makes hundreds of calls (culling) shows the first few
const SHOWN_ANSWER = 1500;     // characters of an answer shown (a GJK trace runs to many thousands)

/** Plain data for a value passed to or returned by collide3d: three.js vectors as { x, y, z }, hulls by name. */
export function plain(value, names = new WeakMap()) {
  if (value === null || typeof value !== 'object') return value;
  if (names.has(value)) return { $hull: names.get(value) };
  if (ArrayBuffer.isView(value)) return { $typed: value.constructor.name, values: [...value] };
  if (Array.isArray(value)) return value.map((item) => plain(item, names));
  if (value.isVector3) return { x: value.x, y: value.y, z: value.z };
  // An object of the library's built from the scene's own data (a TriangleMesh of its level): named, not shown.
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return { $object: value.constructor.name };
  return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v !== 'function').map(([k, v]) => [k, plain(v, names)]));
}

/**
 * The library's API with every function and the ConvexHull constructor recording into `calls()`; `reset()` starts
 * a new update's record (hulls built before keep their names).
 */
export function recordingApi(api) {
  let calls = [];
  const names = new WeakMap(), builds = new WeakMap();  // hull → its name, and the call that built it
  // Records a call, after the construction of any hull it takes (shapes are top-level arguments) that this update's
  // record lacks.
  function record(call, args) {
    for (const arg of args) {
      if (builds.has(arg) && !calls.includes(builds.get(arg))) calls.push(builds.get(arg));
    }
    calls.push(call);
  }
  let hullCount = 0;
  const recorded = {};
  for (const [name, value] of Object.entries(api)) {
    recorded[name] = typeof value === 'function' && name[0] === name[0].toLowerCase()
      ? (...args) => {
        const given = args.map((arg) => plain(arg, names));  // as given, before the call could change them
        const answer = value(...args);
        record({ name, args: given, answer: plain(answer, names) }, args);
        return answer;
      }
      : value;
  }
  recorded.ConvexHull = new Proxy(api.ConvexHull, {
    construct(Hull, args) {
      const hull = new Hull(...args);
      hullCount += 1;
      names.set(hull, `hull${hullCount}`);
      builds.set(hull, { name: 'ConvexHull', construct: `hull${hullCount}`, args: args.map((arg) => plain(arg, names)) });
      record(builds.get(hull), []);
      return hull;
    },
  });
  return {
    api: Object.freeze(recorded),
    calls: () => calls,
    reset: () => { calls = []; },
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
  if (value.$hull !== undefined) return value.$hull;
  if (value.$object !== undefined) return `scene${value.$object}`;
  if (value.$typed !== undefined) return `new ${value.$typed}([${value.values.map(literal).join(', ')}])`;
  const entries = Object.entries(value).map(([k, v]) => `${IDENTIFIER.test(k) ? k : literal(k)}: ${literal(v)}`);
  return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
}

/** The code for recorded calls: runnable as is, the first SHOWN_CALLS of them with their answers. */
export function codeOf(calls) {
  const lines = ["import init from 'collide3d';", 'const c3d = await init();'];
  const unshown = new Set(JSON.stringify(calls.slice(0, SHOWN_CALLS)).match(/"\$object":"\w+"/g) ?? []);
  for (const text of unshown) {
    const type = text.slice(11, -1);
    lines.push(`// scene${type}: the scene's ${type}, built from its geometry (not shown)`);
  }
  for (const call of calls.slice(0, SHOWN_CALLS)) {
    if (call.construct !== undefined) {
      lines.push(`const ${call.construct} = new c3d.ConvexHull(${call.args.map(literal).join(', ')});`);
      continue;
    }
    const answer = literal(call.answer);
    lines.push(`c3d.${call.name}(${call.args.map(literal).join(', ')});`,
      `// → ${answer.length > SHOWN_ANSWER ? `${answer.slice(0, SHOWN_ANSWER)} …` : answer}`);
  }
  if (calls.length > SHOWN_CALLS) lines.push(`// … and ${calls.length - SHOWN_CALLS} more calls like these`);
  return lines.join('\n');
}

/** The calls the code shows, in its order. */
export const shownCalls = (calls) => calls.slice(0, SHOWN_CALLS);
