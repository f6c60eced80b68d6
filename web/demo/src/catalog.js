// Every scene of the demo, in the order the landing page lists them, each in a chapter (`chapters`, in order). A
// scene module (scenes/<id>.js) exports `params` (see framework/params.js), `explanation` (HTML: what is computed and
// how), optionally `camera` and `target` (where the camera starts and what it orbits), `narrow` ({ camera, target }
// on a phone-width screen), `hint` (how to use it, when not by dragging handles), `presets` ({ name: parameter
// values }: the hard cases, offered in the panel) and `kernels` (the library's source files behind the answer, from
// the repository's root, shown on request), and
// `create({ stage, c3d, quiet, describe, handles, values, set, live })` (c3d: the library, its calls recorded for the
// code panel; quiet: the same unrecorded, for calls that only draw; describe: how the code builds the scene's own
// data, see framework/recorded-calls.js), which builds its objects and returns
// `update(values) → { rows, result }`; after that, the scene may call `set(changes)` to change its own parameters
// (as the panel does) and `live(rows)` to show rows that change as it runs (timings, not part of the answer).
/** The chapters the landing page groups the scenes into, in order: from plane tests to acceleration structures. */
export const chapters = [
  { name: 'Planes', intro: 'Which side of a plane a shape lies on, and where it crosses: a signed distance, or a shape\'s reach along the normal.' },
  { name: 'Separating axes', intro: 'Two convex shapes are apart exactly when some axis separates their projections; boxes and triangles need only a few candidates.' },
  { name: 'Raycasts', intro: 'Where a ray first meets a surface: solving for the parameter t, exactly on the boundary cases.' },
  { name: 'Distance and contact', intro: 'How far apart two shapes are, or how deep they overlap: closest points, convex hulls, GJK and EPA.' },
  { name: 'Motion', intro: 'The first time a moving shape touches another (a sweep), and a character that slides along a level.' },
  { name: 'Acceleration structures', intro: 'Thousands of triangles or objects: trees that skip what a query cannot touch, and culling.' },
];

export const catalog = [
  // Planes
  { id: 'point-plane', chapter: 'Planes', title: 'Point – plane', load: () => import('./scenes/point-plane.js'),
    summary: 'Which side of a plane a point is on, its signed distance, and a thickness (epsilon) that counts as on the plane.' },
  { id: 'segment-plane', chapter: 'Planes', title: 'Segment, ray, line – plane', load: () => import('./scenes/segment-plane.js'),
    summary: 'Where a segment, a ray or a line crosses a plane: the parameter t and the crossing point, or all of it when it lies in the plane.' },
  { id: 'sphere-plane', chapter: 'Planes', title: 'Sphere – plane', load: () => import('./scenes/sphere-plane.js'),
    summary: 'A sphere in front of, behind or cutting a plane, and the circle where they meet.' },
  { id: 'ellipsoid-plane', chapter: 'Planes', title: 'Ellipsoid – plane', load: () => import('./scenes/ellipsoid-plane.js'),
    summary: 'A rotated ellipsoid against a plane, decided by its support distance along the normal.' },
  { id: 'triangle-plane', chapter: 'Planes', title: 'Triangle – plane', load: () => import('./scenes/triangle-plane.js'),
    summary: 'The side of a plane a triangle is on, and the segment where the plane cuts it.' },
  { id: 'aabb-plane', chapter: 'Planes', title: 'AABB – plane', load: () => import('./scenes/aabb-plane.js'),
    summary: 'An axis-aligned box in front, behind or cut by a plane, and the polygon of the cut.' },
  { id: 'obb-plane', chapter: 'Planes', title: 'OBB – plane', load: () => import('./scenes/obb-plane.js'),
    summary: 'The same for an oriented box: its projected radius along the normal decides.' },
  // Separating axes
  { id: 'aabb-aabb', chapter: 'Separating axes', title: 'AABB – AABB', load: () => import('./scenes/aabb-aabb.js'),
    summary: 'Two axis-aligned boxes overlap when their intervals overlap on all three axes.' },
  { id: 'obb-obb', chapter: 'Separating axes', title: 'OBB – OBB', load: () => import('./scenes/obb-obb.js'),
    summary: 'The separating axis test over 15 axes, and the axis that separates the boxes when they are apart.' },
  { id: 'triangle-box', chapter: 'Separating axes', title: 'Triangle – box', load: () => import('./scenes/triangle-box.js'),
    summary: 'A triangle against an axis-aligned or oriented box: the separating axis test over 13 axes, touching included.' },
  { id: 'triangle-triangle', chapter: 'Separating axes', title: 'Triangle – triangle', load: () => import('./scenes/triangle-triangle.js'),
    summary: 'Whether two triangles meet, and the segment they share (or that they are coplanar).' },
  // Raycasts
  { id: 'ray-triangle', chapter: 'Raycasts', title: 'Ray – triangle', load: () => import('./scenes/ray-triangle.js'),
    summary: 'Möller–Trumbore: the hit distance t, the hit point, the normal and the barycentric coordinates u, v.' },
  { id: 'ray-sphere', chapter: 'Raycasts', title: 'Ray – sphere', load: () => import('./scenes/ray-sphere.js'),
    summary: 'A quadratic in t: its discriminant says miss, graze or cross, its roots bound where the ray is inside the ball, and the hit is the first root ahead.' },
  { id: 'ray-aabb', chapter: 'Raycasts', title: 'Ray – AABB, OBB', load: () => import('./scenes/ray-aabb.js'),
    summary: 'The slab test: each axis\'s interval of t between the box\'s planes, drawn beside the ray, and the hit where all three overlap, through a face, an edge or a corner; an oriented box in its own frame.' },
  { id: 'ray-cylinder', chapter: 'Raycasts', title: 'Ray – cylinder', load: () => import('./scenes/ray-cylinder.js'),
    summary: 'A ray against a capped cylinder: a hit on the side or on a cap, with its normal.' },
  // Distance and contact
  { id: 'closest-point-triangle', chapter: 'Distance and contact', title: 'Closest point on a triangle', load: () => import('./scenes/closest-point-triangle.js'),
    summary: 'The seven Voronoi regions of a triangle (its face, three edge strips, three corner wedges), the one a point lies over, and the nearest point it gives.' },
  { id: 'sphere-sphere', chapter: 'Distance and contact', title: 'Sphere – sphere', load: () => import('./scenes/sphere-sphere.js'),
    summary: 'Two balls: the gap between them, or how deep they overlap and in which direction.' },
  { id: 'capsule-capsule', chapter: 'Distance and contact', title: 'Segment – segment, capsule – capsule', load: () => import('./scenes/capsule-capsule.js'),
    summary: 'The nearest points of two segments by clamped parameters, beside those of their infinite lines; grown by a radius, two capsules apart or overlapping, with their contact.' },
  { id: 'shape-triangle', chapter: 'Distance and contact', title: 'Rounded shapes – triangle', load: () => import('./scenes/shape-triangle.js'),
    summary: 'A sphere, capsule, cylinder, cone, ellipsoid or convex hull against a triangle: the test a mesh runs on each triangle, with the nearest points.' },
  { id: 'convex-hull', chapter: 'Distance and contact', title: 'Convex hull', load: () => import('./scenes/convex-hull.js'),
    summary: 'Eight draggable points and their exact convex hull (Quickhull on exact orientations): flat, collinear and repeated points included, with a probe point inside or out.' },
  { id: 'gjk-epa', chapter: 'Distance and contact', title: 'GJK and EPA', load: () => import('./scenes/gjk-epa.js'),
    summary: 'Any two solids and their Minkowski difference: GJK\'s simplex closing in on the origin step by step, then EPA\'s polytope growing to the penetration depth.' },
  { id: 'contact', chapter: 'Distance and contact', title: 'Contact', load: () => import('./scenes/contact.js'),
    summary: 'Any two solids, point to convex hull: how deep they overlap and along which normal, a point on each, and the second shape moved out to just touching.' },
  // Motion
  { id: 'sweep-sphere-plane', chapter: 'Motion', title: 'Swept sphere – plane', load: () => import('./scenes/sweep-sphere-plane.js'),
    summary: 'A moving sphere: the fraction of its motion at first contact with a plane, with a ghost at the time of impact.' },
  { id: 'sweep-sphere', chapter: 'Motion', title: 'Swept sphere', load: () => import('./scenes/sweep-sphere.js'),
    summary: 'A moving ball against any of twelve targets: the time of impact, with the ball there, the contact point and the normal.' },
  { id: 'sweep-capsule', chapter: 'Motion', title: 'Swept capsule', load: () => import('./scenes/sweep-capsule.js'),
    summary: 'A moving capsule against any of twelve targets: a ray cast on their Minkowski difference, grown by the radii.' },
  { id: 'sweep-aabb', chapter: 'Motion', title: 'Swept AABB', load: () => import('./scenes/sweep-aabb.js'),
    summary: 'A moving axis-aligned box against any of twelve targets: separating axes over time, the last axis to overlap the normal.' },
  { id: 'sweep-obb', chapter: 'Motion', title: 'Swept OBB', load: () => import('./scenes/sweep-obb.js'),
    summary: 'A moving oriented box against any of twelve targets: 13 or 15 axes over time, edge against edge included.' },
  { id: 'character', chapter: 'Motion', title: 'Character', load: () => import('./scenes/character.js'),
    summary: 'A capsule walking a level of ramps, stairs, thin walls, a corner and a crease by moveAndSlide, with the keyboard or a touch stick: the contacts of each move, grounded or not, the ground\'s normal.' },
  // Acceleration structures
  { id: 'mesh-raycast', chapter: 'Acceleration structures', title: 'Mesh raycast', load: () => import('./scenes/mesh-raycast.js'),
    summary: 'A ray against a 1,000- to 100,000-triangle mesh through its bounding volume hierarchy: the first hit or every hit.' },
  { id: 'mesh-queries', chapter: 'Acceleration structures', title: 'Mesh: closest point, contacts, refit', load: () => import('./scenes/mesh-queries.js'),
    summary: 'A waving sheet refit every frame, and a probe of any shape: the surface\'s closest point, whether the probe touches it, and the contact with each triangle it penetrates.' },
  { id: 'sweep-terrain', chapter: 'Acceleration structures', title: 'Swept capsule – terrain', load: () => import('./scenes/sweep-terrain.js'),
    summary: 'A capsule moving over a 3,200-triangle height field: the first triangle it touches, found through the mesh\'s tree, as sweeping every triangle would.' },
  { id: 'broadphase', chapter: 'Acceleration structures', title: 'Broadphase: allPairs and AabbTree', load: () => import('./scenes/broadphase.js'),
    summary: 'Hundreds of drifting boxes: every overlapping pair at once (Morton order, a four-way tree, boxes on SIMD lanes) and from a dynamic tree kept up to date, the boxes a probe meets, timed beside box-intersect.' },
  { id: 'batch-rays', chapter: 'Acceleration structures', title: 'Batch raycasts: a scanner', load: () => import('./scenes/batch-rays.js'),
    summary: 'Thousands of rays in one raycastBatch call per target, the nearest hit of each drawn as a dot, timed beside one call per ray and three.js\'s Ray.' },
  { id: 'frustum-culling', chapter: 'Acceleration structures', title: 'Frustum culling', load: () => import('./scenes/frustum-culling.js'),
    summary: 'A camera frustum and hundreds of spheres and boxes, coloured visible or culled.' },
  { id: 'picking', chapter: 'Acceleration structures', title: 'Picking a scene', load: () => import('./scenes/picking.js'),
    summary: 'three.js\'s raycaster.intersectObjects over 5,000 instances, a 131,072-triangle knot and a walking skinned figure, through collide3d/three\'s bounds trees or three.js\'s own raycast: the same hits, and the rays per second of each.' },
];
