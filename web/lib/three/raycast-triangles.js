// The intersections three.js's Mesh raycast reports, found through a TriangleMesh over the mesh's triangles.
// The tree is cast in the mesh's own space (the ray carried there by the inverse of its world matrix, as three.js
// does), and each hit is turned into three.js's Intersection by three.js's own formulas (world point and distance,
// barycentric coordinates, interpolated uv, uv1 and normal, face normal), so the fields are three.js's.
// Where the two differ is which triangles are hit: the tree decides exactly (double precision on the geometry's
// float positions, closed triangles), so a ray through the crack between two triangles hits one of them, and a ray
// in a triangle's plane hits it where it enters; three.js's float test can miss both.
import { BackSide, FrontSide, Matrix4, Ray, Triangle, Vector2, Vector3 } from 'three';
import { coversAll } from './drawn-ranges.js';
import { writeRay } from './in-range.js';

const inverse = new Matrix4();
const localRay = new Ray();
const caster = { type: 'ray', origin: { x: 0, y: 0, z: 0 }, direction: { x: 0, y: 0, z: 0 } };
const along = new Vector3();
const a = new Vector3(), b = new Vector3(), c = new Vector3();
const localPoint = new Vector3();
const firstOptions = { maxDistance: Infinity, backfaceCulling: false };
const allOptions = { hits: 'all', maxDistance: Infinity, backfaceCulling: false };

// three.js's sides: which faces of a triangle its material lets a ray hit.
const letsHit = (material, frontFace) =>
  material.side === FrontSide ? frontFace : material.side === BackSide ? !frontFace : true;

/**
 * Appends to `intersects` the intersections of `raycaster` with triangles of `tree` drawn as `part` says:
 * - object: the object reported; matrixWorld: the placement of the tree's space in the world;
 * - geometry: holds the tree's triangles from corner `firstCorner` on (a batch's geometry holds several);
 * - ranges: drawn-ranges.js's triangle ranges with their materials;
 * - vertexPosition(i, target): the position three.js's raycast uses for vertex i (posed, for skinned meshes);
 * - fields: extra fields of each intersection (instanceId, batchId), or undefined.
 * With `raycaster.firstHitOnly`, only the nearest intersection is appended. A world matrix that cannot be inverted
 * (an instance scaled to nothing) gives none, as three.js's degenerate local ray finds none.
 */
export function raycastTriangles(part, raycaster, intersects) {
  const { matrixWorld, tree, ranges } = part;
  inverse.copy(matrixWorld).invert();
  localRay.copy(raycaster.ray).applyMatrix4(inverse);
  // How far in the world one unit along the local ray goes: local parameters beyond far / scale cannot be in range.
  const scale = along.copy(localRay.direction).add(localRay.origin).applyMatrix4(matrixWorld).distanceTo(raycaster.ray.origin);
  if (!(scale > 0 && scale < Infinity)) return;
  const far = raycaster.far;
  const maxDistance = far === Infinity ? Infinity : (far / scale) * (1 + 2 ** -20);
  if (!(maxDistance >= 0) || !writeRay(localRay, caster)) return;
  const firstOnly = raycaster.firstHitOnly === true;
  const whole = coversAll(ranges, tree.triangleCount);
  const side = whole ? ranges[0].material.side : undefined;
  if (firstOnly && whole && side !== BackSide) {
    firstOptions.maxDistance = maxDistance;
    firstOptions.backfaceCulling = side === FrontSide;
    const hit = tree.raycast(caster, firstOptions);
    if (hit === null) return;
    const found = intersectionAt(part, raycaster, hit, ranges[0]);
    if (found !== null) {
      intersects.push(found);
      return;
    }
    // Nearer than raycaster.near: a farther hit may answer.
  }
  allOptions.maxDistance = maxDistance;
  allOptions.backfaceCulling = whole && side === FrontSide;
  for (const hit of tree.raycast(caster, allOptions)) {
    for (const range of ranges) {
      const k = hit.triangleIndex;
      if (k < range.from || k >= range.to || !letsHit(range.material, hit.frontFace)) continue;
      const found = intersectionAt(part, raycaster, hit, range);
      if (found === null) break;  // out of near/far: so in every range
      intersects.push(found);
      if (firstOnly) return;
    }
  }
}

// three.js's Intersection for a hit of the tree, or null when its world distance is outside [near, far].
function intersectionAt(part, raycaster, hit, range) {
  const { object, matrixWorld, geometry, firstCorner, vertexPosition, fields } = part;
  const corner = firstCorner + 3 * hit.triangleIndex;
  const index = geometry.index;
  const ia = index === null ? corner : index.getX(corner);
  const ib = index === null ? corner + 1 : index.getX(corner + 1);
  const ic = index === null ? corner + 2 : index.getX(corner + 2);
  vertexPosition(ia, a);
  vertexPosition(ib, b);
  vertexPosition(ic, c);
  // The point as three.js computes it on the vertices it reads (a posed tree holds them rounded to float32); the
  // tree's own where three.js's test misses the triangle (a crack, a ray in its plane).
  if (localRay.intersectTriangle(a, b, c, false, localPoint) === null) localPoint.copy(hit.point);
  const point = localPoint.clone().applyMatrix4(matrixWorld);
  const distance = raycaster.ray.origin.distanceTo(point);
  if (distance < raycaster.near || distance > raycaster.far) return null;
  const barycoord = new Vector3();
  Triangle.getBarycoord(localPoint, a, b, c, barycoord);
  const intersection = { distance, point, object };
  const { uv, uv1, normal } = geometry.attributes;
  if (uv) intersection.uv = Triangle.getInterpolatedAttribute(uv, ia, ib, ic, barycoord, new Vector2());
  if (uv1) intersection.uv1 = Triangle.getInterpolatedAttribute(uv1, ia, ib, ic, barycoord, new Vector2());
  if (normal) {
    intersection.normal = Triangle.getInterpolatedAttribute(normal, ia, ib, ic, barycoord, new Vector3());
    if (intersection.normal.dot(localRay.direction) > 0) intersection.normal.multiplyScalar(-1);
  }
  intersection.face = { a: ia, b: ib, c: ic, normal: Triangle.getNormal(a, b, c, new Vector3()), materialIndex: range.materialIndex };
  intersection.barycoord = barycoord;
  intersection.faceIndex = Math.floor(corner / 3);
  if (fields !== undefined) Object.assign(intersection, fields);
  return intersection;
}
