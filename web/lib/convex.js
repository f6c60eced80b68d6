// ConvexHull: a point set's convex hull built once in the wasm heap (exact Quickhull), itself a 'convex' shape (the
// boundary writes its address, which the module checks against its live hulls); its arrays are copied out.
import { hullPoints, setHulls } from './boundary.js';
import { heapOwnerClass } from './heap-owner.js';

export function defineConvexHull(shared) {
  const { module, OUT } = shared;
  const VIEW = shared.layout('convexHull', 'dimension:integer vertexCount:number faceCount:number ' +
    'triangleCount:number vertices:number sourceIndex:number faceStart:number faceVertex:number triangles:number');
  const { HeapOwner, addressOf, isOwner } = heapOwnerClass((address) => module.convexHullDestroy(address), 'hull',
    shared.beginCall);
  setHulls(isOwner, addressOf);

  // The hull's view (convexHullView) in the scratch area, for its getter `property`.
  function view(hull, property) {
    module.convexHullView(addressOf(hull, `ConvexHull.${property}`));
    return shared.io();
  }
  // A copy of the array `name` (Type): `per` elements per `counted`, and `extra`.
  function copy(hull, property, name, Type, counted, per, extra = 0) {
    const f = view(hull, property);
    return new Type(module.HEAPU8.buffer, f[OUT + VIEW[name]], per * f[OUT + VIEW[counted]] + extra).slice();
  }

  class ConvexHull extends HeapOwner {
    constructor(points) {
      const xyz = hullPoints(points, 'ConvexHull', 'points');
      shared.beginCall();  // building grows the heap, detaching views a query's getter was writing
      super(shared.buildHull(xyz, 'ConvexHull', 'points'), 'ConvexHull');
    }

    get type() { return 'convex'; }
    get dimension() { return view(this, 'dimension')[OUT + VIEW.dimension]; }
    get vertices() { return copy(this, 'vertices', 'vertices', Float64Array, 'vertexCount', 3); }
    get sourceIndex() { return copy(this, 'sourceIndex', 'sourceIndex', Uint32Array, 'vertexCount', 1); }
    get triangles() { return copy(this, 'triangles', 'triangles', Uint32Array, 'triangleCount', 3); }
    get faces() {
      const start = copy(this, 'faces', 'faceStart', Uint32Array, 'faceCount', 1, 1);
      const corners = copy(this, 'faces', 'faceVertex', Uint32Array, 'faceCount', 0, start[start.length - 1]);
      return Array.from({ length: start.length - 1 }, (_, k) => corners.subarray(start[k], start[k + 1]));
    }
  }

  return ConvexHull;
}
