// Minkowski sums and differences of solids, drawn from samples: each solid as the points of its core and a radius
// (a sphere is a point grown by one, a capsule a segment), so that a sum or difference is the hull of the cores' sums
// or differences grown by the radii. The GJK scene draws A − B from them, the sweep scenes the target grown by the
// moving shape. For drawing only: the answers are collide3d's.
import * as THREE from 'three';
import { toVector3 } from './visuals.js';

/**
 * A solid (a collide3d shape, not a plane) as the points of its core and a radius: the corners of a box, triangle,
 * segment or hull, samples of a curved side, a sphere's centre or a capsule's segment with their radius; `curved`
 * when the points are samples.
 */
export function coreOf(shape) {
  const P = (p) => toVector3(p);
  const ring = (center, axis, radius) => {
    const along = toVector3(axis).normalize();
    const u = new THREE.Vector3().crossVectors(along, Math.abs(along.x) < 0.9 ? new THREE.Vector3(1, 0, 0) : new THREE.Vector3(0, 1, 0)).normalize();
    const w = new THREE.Vector3().crossVectors(along, u);
    return Array.from({ length: 32 }, (_, i) => {
      const angle = (i / 32) * 2 * Math.PI;
      return P(center).addScaledVector(u, radius * Math.cos(angle)).addScaledVector(w, radius * Math.sin(angle));
    });
  };
  switch (shape.type) {
    case 'point': return { points: [P(shape.position)], radius: 0 };
    case 'segment': return { points: [P(shape.start), P(shape.end)], radius: 0 };
    case 'triangle': return { points: [P(shape.a), P(shape.b), P(shape.c)], radius: 0 };
    case 'sphere': return { points: [P(shape.center)], radius: shape.radius };
    case 'capsule': return { points: [P(shape.start), P(shape.end)], radius: shape.radius };
    case 'cylinder': {
      const axis = P(shape.end).sub(shape.start);
      return { points: [...ring(shape.start, axis, shape.radius), ...ring(shape.end, axis, shape.radius)], radius: 0, curved: true };
    }
    case 'cone': return { points: [...ring(shape.base, P(shape.apex).sub(shape.base), shape.radius), P(shape.apex)], radius: 0, curved: true };
    case 'ellipsoid': {
      const m = new THREE.Matrix3().fromArray(shape.rotation);
      const points = [];
      for (let i = 0; i <= 8; ++i) {
        for (let j = 0; j < 16; ++j) {
          const theta = (i / 8) * Math.PI, phi = (j / 16) * 2 * Math.PI;
          const local = new THREE.Vector3(shape.radii.x * Math.sin(theta) * Math.cos(phi), shape.radii.y * Math.cos(theta),
            shape.radii.z * Math.sin(theta) * Math.sin(phi));
          points.push(local.applyMatrix3(m).add(shape.center));
        }
      }
      return { points, radius: 0, curved: true };
    }
    case 'convex': return { points: shape.points.map(P), radius: 0 };
    case 'aabb':
    case 'obb': {
      const [center, half, m] = shape.type === 'aabb'
        ? [P(shape.min).add(shape.max).multiplyScalar(0.5), P(shape.max).sub(shape.min).multiplyScalar(0.5), new THREE.Matrix3()]
        : [P(shape.center), P(shape.halfSize), new THREE.Matrix3().fromArray(shape.rotation)];
      return {
        points: Array.from({ length: 8 }, (_, i) => new THREE.Vector3(i & 1 ? half.x : -half.x, i & 2 ? half.y : -half.y,
          i & 4 ? half.z : -half.z).applyMatrix3(m).add(center)),
        radius: 0,
      };
    }
    default: throw new Error(`not a solid: ${shape.type}`);
  }
}

// Unit directions spread evenly over the sphere (a Fibonacci lattice), for drawing a point grown by a radius.
const BALL = Array.from({ length: 48 }, (_, i) => {
  const y = 1 - (2 * i + 1) / 48, r = Math.sqrt(1 - y * y), angle = i * Math.PI * (3 - Math.sqrt(5));
  return new THREE.Vector3(r * Math.cos(angle), y, r * Math.sin(angle));
});

/**
 * The configuration obstacle of a sweep: where the moving solid's `reference` point (its centre) can be when the solid
 * touches `target`, i.e. the target grown by the moving solid turned about that point: the hull of `points` grown by
 * `radius`. The reference point moving along the velocity first meets its surface at the sweep's time of impact.
 */
export function sweepObstacle(moving, reference, target) {
  const m = coreOf(moving), t = coreOf(target);
  const points = t.points.flatMap((q) => m.points.map((p) => q.clone().add(reference).sub(p)));
  return { points, radius: m.radius + t.radius, curved: Boolean(m.curved || t.curved) };
}

/** Points whose hull draws the hull of `points` grown by `radius` (a ball of samples about each). */
export function grownPoints(points, radius) {
  return radius > 0 ? points.flatMap((p) => BALL.map((u) => p.clone().addScaledVector(u, radius))) : points;
}
