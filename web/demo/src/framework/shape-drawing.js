// Any collide3d shape (or answer) as a three.js object, for the playground: shapes as the library takes them
// ({ type, ... } with plain { x, y, z } vectors), and the points, hits, contacts and closest points it returns.
import * as THREE from 'three';
import { COLORS, answerMesh, arrow, boxMesh, marker, planePatch, polyline, polytopeMesh, rod, toVector3, triangleMesh } from './visuals.js';

const FAR = 30;  // how far rays and lines are drawn
const UP = new THREE.Vector3(0, 1, 0);

// A small ball at a point.
function dot(at, color, radius = 0.08) {
  const ball = marker(color, radius);
  ball.position.copy(toVector3(at));
  return ball;
}

const isVector = (v) => v !== null && typeof v === 'object' && ['x', 'y', 'z'].every((k) => typeof v[k] === 'number');

// A rotation as collide3d takes it (9 numbers, column-major, or a THREE.Matrix3) as a quaternion.
function quaternionOf(rotation) {
  const e = rotation?.isMatrix3 ? rotation.elements : rotation;
  if (e === undefined) return new THREE.Quaternion();
  const m = new THREE.Matrix4().set(e[0], e[3], e[6], 0, e[1], e[4], e[7], 0, e[2], e[5], e[8], 0, 0, 0, 0, 1);
  return new THREE.Quaternion().setFromRotationMatrix(m);
}

// A mesh along the axis from `a` to `b` (three.js builds capsules, cylinders and cones along y, centred).
function alongAxis(mesh, a, b) {
  const [from, to] = [toVector3(a), toVector3(b)];
  const axis = to.clone().sub(from);
  mesh.position.copy(from).add(to).multiplyScalar(0.5);
  if (axis.lengthSq() > 0) mesh.quaternion.setFromUnitVectors(UP, axis.normalize());
  return mesh;
}

const drawers = {
  point: ({ position }) => dot(position, COLORS.caster),
  ray({ origin, direction }) {
    const line = polyline(COLORS.caster);
    line.show([origin, toVector3(origin).addScaledVector(toVector3(direction).normalize(), FAR)]);
    line.add(dot(origin, COLORS.caster));
    return line;
  },
  line({ origin, direction }) {
    const line = polyline(COLORS.caster, { dashed: true });
    const step = toVector3(direction).normalize().multiplyScalar(FAR);
    line.show([toVector3(origin).sub(step), toVector3(origin).add(step)]);
    return line;
  },
  segment({ start, end }) {
    const body = rod(0.03, COLORS.caster);
    body.showBetween(toVector3(start), toVector3(end));
    return body;
  },
  triangle({ a, b, c }) {
    const body = triangleMesh(COLORS.apart);
    body.showTriangle(toVector3(a), toVector3(b), toVector3(c));
    return body;
  },
  plane({ normal, constant }) {
    const n = toVector3(normal), patch = planePatch(8);
    patch.position.copy(n).multiplyScalar(-constant / n.lengthSq());
    patch.quaternion.setFromUnitVectors(new THREE.Vector3(0, 0, 1), n.normalize());
    return patch;
  },
  sphere({ center, radius }) {
    const body = answerMesh(new THREE.SphereGeometry(radius, 40, 20), 0.6);
    body.position.copy(toVector3(center));
    return body;
  },
  ellipsoid({ center, radii, rotation }) {
    const body = answerMesh(new THREE.SphereGeometry(1, 40, 20), 0.6);
    body.position.copy(toVector3(center));
    body.scale.copy(toVector3(radii));
    body.quaternion.copy(quaternionOf(rotation));
    return body;
  },
  aabb({ min, max }) {
    const body = boxMesh(0.6);
    body.position.copy(toVector3(min)).add(toVector3(max)).multiplyScalar(0.5);
    body.scale.copy(toVector3(max).sub(toVector3(min)));
    return body;
  },
  obb({ center, halfSize, rotation }) {
    const body = boxMesh(0.6);
    body.position.copy(toVector3(center));
    body.scale.copy(toVector3(halfSize).multiplyScalar(2));
    body.quaternion.copy(quaternionOf(rotation));
    return body;
  },
  capsule: ({ start, end, radius }) => alongAxis(answerMesh(new THREE.CapsuleGeometry(radius,
    toVector3(start).distanceTo(toVector3(end)), 8, 32), 0.6), start, end),
  cylinder: ({ start, end, radius }) => alongAxis(answerMesh(new THREE.CylinderGeometry(radius, radius,
    toVector3(start).distanceTo(toVector3(end)), 40), 0.6), start, end),
  cone: ({ base, apex, radius }) => alongAxis(answerMesh(new THREE.ConeGeometry(radius,
    toVector3(base).distanceTo(toVector3(apex)), 40), 0.6), base, apex),
};

/**
 * A three.js object drawing `value`: a shape by its type (a convex hull through `c3d`'s ConvexHull), a point, a
 * raycast or sweep hit (its point and normal), a contact or closest points (both points), or an array of these;
 * null for anything else (a frustum, a number).
 */
export function drawValue(value, c3d) {
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    const group = new THREE.Group();
    for (const item of value) {
      const drawn = drawValue(item, c3d);
      if (drawn !== null) group.add(drawn);
    }
    return group.children.length > 0 ? group : null;
  }
  if (value.type === 'convex') {
    const hull = value instanceof c3d.ConvexHull ? value : new c3d.ConvexHull(value.points);
    const body = polytopeMesh(COLORS.apart);
    body.showHull(hull);
    if (hull !== value) hull.dispose();
    return body;
  }
  if (drawers[value.type] !== undefined) return drawers[value.type](value);
  if (isVector(value)) return dot(value, COLORS.result);
  const group = new THREE.Group();
  for (const key of ['point', 'pointA', 'pointB']) {
    if (isVector(value[key])) group.add(dot(value[key], COLORS.result));
  }
  if (isVector(value.normal) && group.children.length > 0) {
    const normal = arrow(COLORS.normal, 0.8);
    normal.show(group.children[0].position, value.normal);
    group.add(normal);
  }
  return group.children.length > 0 ? group : null;
}
