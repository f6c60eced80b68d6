// The playground's example snippets: each the body of an async function given `c3d` (the library), `show(value)`
// (draws a shape or an answer) and `THREE`; what it returns is printed.
export const examples = {
  'Ray against a box': `// A ray through an oriented box: where it enters, and the face's normal.
const box = { type: 'obb', center: { x: 0, y: 0, z: 0 }, halfSize: { x: 1.5, y: 0.6, z: 1 },
  rotation: new THREE.Matrix3().setFromMatrix4(new THREE.Matrix4().makeRotationY(0.5)) };
const ray = { type: 'ray', origin: { x: -4, y: 0.3, z: 1 }, direction: { x: 1, y: 0, z: -0.2 } };
show(box);
show(ray);
const hit = c3d.raycast(ray, box);
show(hit);
return hit;`,
  'Capsules in contact': `// Two capsules: how deep they overlap, and the move that separates them.
const a = { type: 'capsule', start: { x: -1, y: 0, z: 0 }, end: { x: 1, y: 0, z: 0 }, radius: 0.5 };
const b = { type: 'capsule', start: { x: 0.3, y: 0.7, z: -1 }, end: { x: 0.3, y: 0.7, z: 1 }, radius: 0.4 };
show([a, b]);
const contact = c3d.contact(a, b);
show(contact);
return contact;`,
  'Convex hull and GJK': `// The exact hull of some points, its distance to a sphere, and the closest points.
const points = [];
for (let i = 0; i < 12; i += 1) points.push({ x: Math.cos(i) * 1.5, y: Math.sin(2.3 * i), z: Math.sin(i) * 1.2 });
const hull = new c3d.ConvexHull(points);
const ball = { type: 'sphere', center: { x: 3, y: 1, z: 0 }, radius: 0.7 };
show([hull, ball]);
const near = c3d.closestPoints(hull, ball);
show(near);
hull.dispose();
return near;`,
  'Mesh raycast': `// A torus knot as a TriangleMesh (with its BVH), and every hit of a line through it.
const knot = new THREE.TorusKnotGeometry(1.6, 0.5, 200, 16);
const mesh = new c3d.TriangleMesh(knot.attributes.position.array, knot.index.array);
const line = { type: 'line', origin: { x: -4, y: 0.2, z: 0.1 }, direction: { x: 1, y: 0.05, z: 0 } };
show(line);
const hits = mesh.raycast(line, { hits: 'all' });
show(hits);
mesh.dispose();
return hits.map((hit) => ({ t: hit.t, triangle: hit.triangleIndex }));`,
  'A bad argument': `// collide3d never crashes on bad input: it throws an error naming the call, the argument and the value.
return c3d.intersects({ type: 'sphere', center: { x: 0, y: 0, z: 0 }, radius: -1 },
  { type: 'point', position: { x: 0, y: 0, z: 0 } });`,
};
