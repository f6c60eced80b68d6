// Every scene of the demo, in the order the landing page lists them. A scene module (scenes/<id>.js) exports
// `params` (see framework/params.js), `explanation` (HTML: what is computed and how), optionally `camera` and
// `target` (where the camera starts and what it orbits), `narrow` ({ camera, target } on a phone-width screen) and
// `hint` (how to use it, when not by dragging handles), and
// `create({ stage, c3d, handles, values, set, live })`, which builds its objects and returns
// `update(values) → { rows, result }`; after that, the scene may call `set(changes)` to change its own parameters
// (as the panel does) and `live(rows)` to show rows that change as it runs (timings, not part of the answer).
export const catalog = [
  { id: 'segment-plane', title: 'Segment – plane', load: () => import('./scenes/segment-plane.js'),
    summary: 'Where a segment crosses a plane: the parameter t and the crossing point, or the whole segment when it lies in the plane.' },
  { id: 'point-plane', title: 'Point – plane', load: () => import('./scenes/point-plane.js'),
    summary: 'Which side of a plane a point is on, its signed distance, and a thickness (epsilon) that counts as on the plane.' },
  { id: 'sphere-plane', title: 'Sphere – plane', load: () => import('./scenes/sphere-plane.js'),
    summary: 'A sphere in front of, behind or cutting a plane, and the circle where they meet.' },
  { id: 'sweep-sphere-plane', title: 'Swept sphere – plane', load: () => import('./scenes/sweep-sphere-plane.js'),
    summary: 'A moving sphere: the fraction of its motion at first contact with a plane, with a ghost at the time of impact.' },
  { id: 'ellipsoid-plane', title: 'Ellipsoid – plane', load: () => import('./scenes/ellipsoid-plane.js'),
    summary: 'A rotated ellipsoid against a plane, decided by its support distance along the normal.' },
  { id: 'triangle-plane', title: 'Triangle – plane', load: () => import('./scenes/triangle-plane.js'),
    summary: 'The side of a plane a triangle is on, and the segment where the plane cuts it.' },
  { id: 'aabb-plane', title: 'AABB – plane', load: () => import('./scenes/aabb-plane.js'),
    summary: 'An axis-aligned box in front, behind or cut by a plane, and the polygon of the cut.' },
  { id: 'obb-plane', title: 'OBB – plane', load: () => import('./scenes/obb-plane.js'),
    summary: 'The same for an oriented box: its projected radius along the normal decides.' },
  { id: 'ray-triangle', title: 'Ray – triangle', load: () => import('./scenes/ray-triangle.js'),
    summary: 'Möller–Trumbore: the hit distance t, the hit point, the normal and the barycentric coordinates u, v.' },
  { id: 'triangle-triangle', title: 'Triangle – triangle', load: () => import('./scenes/triangle-triangle.js'),
    summary: 'Whether two triangles meet, and the segment they share (or that they are coplanar).' },
  { id: 'triangle-box', title: 'Triangle – box', load: () => import('./scenes/triangle-box.js'),
    summary: 'A triangle against an axis-aligned or oriented box: the separating axis test over 13 axes, touching included.' },
  { id: 'shape-triangle', title: 'Rounded shapes – triangle', load: () => import('./scenes/shape-triangle.js'),
    summary: 'A sphere, capsule, cylinder or ellipsoid against a triangle: the test a mesh runs on each triangle, with the nearest points.' },
  { id: 'sphere-sphere', title: 'Sphere – sphere', load: () => import('./scenes/sphere-sphere.js'),
    summary: 'Two balls: the gap between them, or how deep they overlap and in which direction.' },
  { id: 'aabb-aabb', title: 'AABB – AABB', load: () => import('./scenes/aabb-aabb.js'),
    summary: 'Two axis-aligned boxes overlap when their intervals overlap on all three axes.' },
  { id: 'obb-obb', title: 'OBB – OBB', load: () => import('./scenes/obb-obb.js'),
    summary: 'The separating axis test over 15 axes, and the axis that separates the boxes when they are apart.' },
  { id: 'ray-cylinder', title: 'Ray – cylinder', load: () => import('./scenes/ray-cylinder.js'),
    summary: 'A ray against a capped cylinder: a hit on the side or on a cap, with its normal.' },
  { id: 'mesh-raycast', title: 'Mesh raycast', load: () => import('./scenes/mesh-raycast.js'),
    summary: 'A ray against a 1,000- to 100,000-triangle mesh through its bounding volume hierarchy: the first hit or every hit.' },
  { id: 'frustum-culling', title: 'Frustum culling', load: () => import('./scenes/frustum-culling.js'),
    summary: 'A camera frustum and hundreds of spheres and boxes, coloured visible or culled.' },
  { id: 'picking', title: 'Picking a scene', load: () => import('./scenes/picking.js'),
    summary: 'three.js\'s raycaster.intersectObjects over 5,000 instances, a 131,072-triangle knot and a walking skinned figure, through collide3d/three\'s bounds trees or three.js\'s own raycast: the same hits, and the rays per second of each.' },
];
