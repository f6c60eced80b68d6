// The traces, as the module recorded them: gjkTrace, GJK and EPA on two solids' cores step by step
// (queries/trace/gjk_trace.h), and TriangleMesh.traceRaycast's reading, a raycast through a mesh's tree
// (queries/trace/mesh_raycast_trace.h). Each answer's counts are in the scratch area, its lists in one block of the
// heap (GJK's steps, EPA's vertices, EPA's steps, face indices; or the boxes entered, the triangles tested, the
// tree's boxes), each read through its layout and released at once.
export function defineGjkTrace(shared) {
  const { module, OUT, io, layout, run, vec, enumOf } = shared;
  const VERTEX = layout('gjkVertex', 'point:vec3 onA:vec3 onB:vec3');
  const STEP = layout('gjkStep', 'direction:vec3 support:gjkVertex added:bool count:integer simplex:gjkVertex*4 ' +
    'weights:number*4 closest:vec3 lower:number upper:number');
  const EPA_STEP = layout('epaStep', 'vertexCount:number faceCount:number faceStart:number nearest:integer ' +
    'normal:vec3 distance:number support:gjkVertex depth:number');
  const TRACE = layout('gjkTrace', 'steps:number stop:integer radiusA:number radiusB:number pointA:vec3 pointB:vec3 ' +
    'distance:number meets:bool epaVertices:number epaSteps:number epaFaceIndices:number contact:contact');
  const STOPS = Object.keys(enumOf('gjkStops'));
  const NO_SLOTS = [];

  const vertexAt = (g, o) => ({ point: vec(g, o + VERTEX.point), onA: vec(g, o + VERTEX.onA), onB: vec(g, o + VERTEX.onB) });

  function stepAt(g, o) {
    const count = g[o + STEP.count];
    const simplex = [], weights = [];
    for (let k = 0; k < count; ++k) {
      simplex.push(vertexAt(g, o + STEP.simplex + k * VERTEX.size));
      weights.push(g[o + STEP.weights + k] + 0);
    }
    return {
      direction: vec(g, o + STEP.direction), support: vertexAt(g, o + STEP.support), added: g[o + STEP.added] === 1,
      simplex, weights, closest: vec(g, o + STEP.closest), lower: g[o + STEP.lower] + 0, upper: g[o + STEP.upper] + 0,
    };
  }

  function epaStepAt(g, o, indices) {
    const start = g[o + EPA_STEP.faceStart], faces = [];
    for (let k = 0; k < g[o + EPA_STEP.faceCount]; ++k) {
      const at = start + 3 * k;
      faces.push([indices[at], indices[at + 1], indices[at + 2]]);
    }
    return {
      vertexCount: g[o + EPA_STEP.vertexCount], faces, nearest: g[o + EPA_STEP.nearest],
      normal: vec(g, o + EPA_STEP.normal), distance: g[o + EPA_STEP.distance] + 0,
      support: vertexAt(g, o + EPA_STEP.support), depth: g[o + EPA_STEP.depth] + 0,
    };
  }

  function gjkTrace(a, b) {
    run(module.gjkTrace, 'gjkTrace', 'a', a, 'b', b, NO_SLOTS, 0, 0, 0);
    const f = io();
    const count = (name) => f[OUT + TRACE[name]];
    const steps = count('steps'), vertices = count('epaVertices'), epaSteps = count('epaSteps');
    const numbers = steps * STEP.size + vertices * VERTEX.size + epaSteps * EPA_STEP.size + count('epaFaceIndices');
    const meets = f[OUT + TRACE.meets] === 1;
    const answer = {
      radiusA: f[OUT + TRACE.radiusA] + 0, radiusB: f[OUT + TRACE.radiusB] + 0, steps: [], stop: STOPS[f[OUT + TRACE.stop]],
      pointA: vec(f, OUT + TRACE.pointA), pointB: vec(f, OUT + TRACE.pointB), distance: f[OUT + TRACE.distance] + 0,
      meets, contact: meets ? shared.contactAt(f, OUT + TRACE.contact) : null, epa: null,
    };
    try {
      const g = new Float64Array(module.HEAPU8.buffer, module.traceAddress(), numbers);
      let o = 0;
      for (let k = 0; k < steps; ++k, o += STEP.size) answer.steps.push(stepAt(g, o));
      if (epaSteps > 0) {
        const epa = { vertices: [], steps: [] };
        for (let k = 0; k < vertices; ++k, o += VERTEX.size) epa.vertices.push(vertexAt(g, o));
        const indices = g.subarray(o + epaSteps * EPA_STEP.size);
        for (let k = 0; k < epaSteps; ++k, o += EPA_STEP.size) epa.steps.push(epaStepAt(g, o, indices));
        answer.epa = epa;
      }
    } finally {
      module.releaseTrace();
    }
    return answer;
  }

  return gjkTrace;
}

// Reads the trace module.meshRaycastTrace left (after it returned 1): { hit, entered, tested, tree }, the hit read
// by `hitAt(f, o)` (mesh.js's).
export function defineMeshTraceReader(shared, hitAt) {
  const { module, OUT, io, layout, vec } = shared;
  const BOX = layout('treeBox', 'lo:vec3 hi:vec3 depth:number triangles:number');
  const TRACE = layout('meshTrace', 'found:bool hit:meshHit entered:number tested:number tree:number');
  const boxAt = (g, o) => ({ min: vec(g, o + BOX.lo), max: vec(g, o + BOX.hi), depth: g[o + BOX.depth], triangles: g[o + BOX.triangles] });

  return function readMeshTrace() {
    const f = io();
    const entered = f[OUT + TRACE.entered], tested = f[OUT + TRACE.tested], tree = f[OUT + TRACE.tree];
    const answer = { hit: f[OUT + TRACE.found] === 1 ? hitAt(f, OUT + TRACE.hit) : null, entered: [], tested: null, tree: [] };
    try {
      const g = new Float64Array(module.HEAPU8.buffer, module.traceAddress(), (entered + tree) * BOX.size + tested);
      let o = 0;
      for (let k = 0; k < entered; ++k, o += BOX.size) answer.entered.push(boxAt(g, o));
      answer.tested = Uint32Array.from(g.subarray(o, o + tested));
      o += tested;
      for (let k = 0; k < tree; ++k, o += BOX.size) answer.tree.push(boxAt(g, o));
    } finally {
      module.releaseTrace();
    }
    return answer;
  };
}
