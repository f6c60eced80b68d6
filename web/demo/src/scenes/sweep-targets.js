// The targets of the sweep scenes: every shape a sweep answers against, fixed in its handle's frame (a rotatable
// handle turns all but the AABB), drawn by turn. Not a scene of its own: sweep-scene.js places one of them, and the
// contact and mesh queries scenes take their solids from it.
import * as THREE from 'three';
import { ConvexGeometry } from 'three/addons/geometries/ConvexGeometry.js';
import { COLORS, answerMesh, boxMesh, marker, planePatch, rod, rotationOfHandle, triangleMesh } from '../framework/visuals.js';
import { worldPoints } from './local-points.js';

/** The targets, in the order the panel lists them (the test checks c3d.supported has these sweep pairs). */
export const TARGETS = ['point', 'segment', 'triangle', 'plane', 'sphere', 'capsule', 'cylinder', 'cone', 'ellipsoid',
  'aabb', 'obb', 'convex'];

// Sizes in the handle's frame: the segment, capsule, cylinder and cone (base below, apex above) lie along its y axis,
// the triangle in its xy plane, the ellipsoid's radii along its axes, the convex hull's points about its centre (a
// gem: an octagon's corners at z = 0.5, its apex at z = 0.9 and a point below at z = -0.9); the plane's normal is
// its z axis.
export const TARGET_SIZES = {
  segmentHalfLength: 1.5,
  triangle: [[-2, -1.5, 0], [2, -1.5, 0], [0, 2, 0]],
  sphereRadius: 1,
  capsule: { halfLength: 1, radius: 0.6 },
  cylinder: { halfLength: 1, radius: 0.8 },
  cone: { halfLength: 1, radius: 0.9 },
  radii: { x: 1.3, y: 0.7, z: 0.9 },
  hull: [...Array.from({ length: 8 }, (_, i) => [1.2 * Math.cos(i * Math.PI / 4), 0.8 * Math.sin(i * Math.PI / 4), 0.5]),
    [0, 0, 0.9], [0, 0, -0.9], [0.3, 0.2, 0]],
  halfSize: { x: 1.2, y: 0.6, z: 0.8 },
};

const Y = (y) => new THREE.Vector3(0, y, 0);

/** The targets' meshes on `group`; `show(kind)` shows one and returns its collide3d shape in world space. */
export function sweepTargets(group) {
  const { segmentHalfLength, triangle, sphereRadius, capsule, cylinder, cone, radii, hull, halfSize } = TARGET_SIZES;
  const hullPoints = hull.map((xyz) => new THREE.Vector3(...xyz));
  const corners = triangle.map((xyz) => new THREE.Vector3(...xyz));
  const ends = (half) => [Y(-half), Y(half)];
  const triangleBody = triangleMesh(COLORS.apart);
  triangleBody.showTriangle(...corners);
  const segmentBody = rod(0.03, 0xdde3ee);
  segmentBody.showBetween(...ends(segmentHalfLength));
  const bodies = {
    point: marker(0xdde3ee, 0.08),
    segment: segmentBody,
    triangle: triangleBody,
    plane: planePatch(9),
    sphere: answerMesh(new THREE.SphereGeometry(sphereRadius, 48, 24), 0.6),
    capsule: answerMesh(new THREE.CapsuleGeometry(capsule.radius, 2 * capsule.halfLength, 12, 32), 0.6),
    cylinder: answerMesh(new THREE.CylinderGeometry(cylinder.radius, cylinder.radius, 2 * cylinder.halfLength, 48), 0.6),
    cone: answerMesh(new THREE.ConeGeometry(cone.radius, 2 * cone.halfLength, 48), 0.6),
    ellipsoid: answerMesh(new THREE.SphereGeometry(1, 48, 24), 0.6),
    convex: answerMesh(new ConvexGeometry(hullPoints), 0.6),
    aabb: boxMesh(0.6),
    obb: boxMesh(0.6),
  };
  for (const box of [bodies.aabb, bodies.obb]) box.scale.set(2 * halfSize.x, 2 * halfSize.y, 2 * halfSize.z);
  bodies.ellipsoid.scale.set(radii.x, radii.y, radii.z);
  group.add(...Object.values(bodies));

  const shapes = {
    point: () => ({ type: 'point', position: group.position.clone() }),
    segment: () => {
      const [start, end] = worldPoints(group, ends(segmentHalfLength));
      return { type: 'segment', start, end };
    },
    triangle: () => {
      const [a, b, c] = worldPoints(group, corners);
      return { type: 'triangle', a, b, c };
    },
    plane: () => {
      const normal = new THREE.Vector3(0, 0, 1).applyQuaternion(group.quaternion);
      return { type: 'plane', normal, constant: -normal.dot(group.position) };
    },
    sphere: () => ({ type: 'sphere', center: group.position.clone(), radius: sphereRadius }),
    capsule: () => {
      const [start, end] = worldPoints(group, ends(capsule.halfLength));
      return { type: 'capsule', start, end, radius: capsule.radius };
    },
    cylinder: () => {
      const [start, end] = worldPoints(group, ends(cylinder.halfLength));
      return { type: 'cylinder', start, end, radius: cylinder.radius };
    },
    cone: () => {
      const [base, apex] = worldPoints(group, ends(cone.halfLength));
      return { type: 'cone', base, apex, radius: cone.radius };
    },
    ellipsoid: () => ({ type: 'ellipsoid', center: group.position.clone(), radii: { ...radii }, rotation: rotationOfHandle(group) }),
    convex: () => ({ type: 'convex', points: worldPoints(group, hullPoints) }),
    aabb: () => ({ type: 'aabb', min: group.position.clone().sub(halfSize), max: group.position.clone().add(halfSize) }),
    obb: () => ({ type: 'obb', center: group.position.clone(), halfSize: { ...halfSize }, rotation: rotationOfHandle(group) }),
  };

  return {
    show(kind) {
      for (const [name, body] of Object.entries(bodies)) body.visible = name === kind;
      // An axis-aligned box does not turn with its handle: undo the handle's rotation.
      bodies.aabb.quaternion.copy(group.quaternion).invert();
      return shapes[kind]();
    },
    /** The shown body, to colour by the answer (the point, segment and plane keep their colours). */
    paint(kind, color) { bodies[kind].paint?.(color); },
  };
}
