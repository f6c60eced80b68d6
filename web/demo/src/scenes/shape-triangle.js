// Shape – triangle: intersects() of a triangle and a sphere, capsule, cylinder, cone, ellipsoid or convex hull (the tests a triangle
// mesh runs per triangle), with the closest points where the pair has them (sphere and capsule). Both sit on
// rotatable handles; the shape's axis is its handle's y.
import * as THREE from 'three';
import { ConvexGeometry } from 'three/addons/geometries/ConvexGeometry.js';
import { COLORS, answerMesh, marker, polyline, rotationOfHandle, triangleMesh } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { worldPoints } from './local-points.js';

export const explanation = `A <b>sphere</b> meets the triangle when the triangle's point nearest its centre is
  within the radius: the centre's foot on the plane if it falls inside the triangle, else the nearest point of an
  edge; a <b>capsule</b> when the nearest points of its axis segment and the triangle are (Ericson,
  <i>Real-Time Collision Detection</i>, §5.1.5 and §5.1.9). The yellow markers are those nearest points. A
  <b>cylinder</b> has flat caps, so the test moves to its frame: the triangle is clipped to the slab between the caps
  (Sutherland–Hodgman), and the clipped polygon's point nearest the axis is compared with the radius. A <b>cone</b>
  meets it when a triangle edge meets the cone, its axis crosses the triangle, or the triangle meets its base disc; a
  <b>convex hull</b> when the triangle meets one of its faces or a corner of it lies inside (all exact). An
  <b>ellipsoid</b> is the unit ball once its axes are divided by its radii; there the same nearest-point test runs on
  the transformed triangle. Here the ellipsoid's radii are <i>radius</i> across and <i>length</i>/2 along its axis.
  Touching counts as meeting. For the sphere and the capsule that is decided exactly: where the centre projects,
  whether the axis crosses the triangle, how far it is from the plane or an edge are signs of polynomials in the
  inputs. The cylinder and the ellipsoid measure from points computed in floating point, so a touch found only by
  rounding can go either way.`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/intersects/intersects_rounded_triangle.h', 'cpp/collide3d/queries/intersects/intersects_quadric_triangle.h', 'cpp/collide3d/queries/intersects/intersects_cone.h', 'cpp/collide3d/queries/intersects/intersects_convex.h'];

export const params = {
  triangle: { type: 'transform', position: [0, 0, 0], rotation: [-60, 0, 20] },
  shape: { type: 'transform', position: [0, 1.5, 0.5], rotation: [30, 0, 40] },
  kind: { type: 'choice', value: 'capsule', options: ['sphere', 'capsule', 'cylinder', 'cone', 'ellipsoid', 'convex'],
    label: 'shape' },
  radius: { type: 'number', value: 0.6, min: 0.05, max: 2, step: 0.01 },
  length: { type: 'number', value: 1.6, min: 0.1, max: 4, step: 0.01 },
};

export const camera = [4, 5, 8];

// The triangle's corners in its handle's frame (its xy plane).
const CORNERS = [[-2, -1.5, 0], [2, -1.5, 0], [0, 2, 0]];
// The convex hull's points in its handle's frame, scaled by radius across and length / 2 along y: a double pyramid
// over a hexagon.
const GEM = [...Array.from({ length: 6 }, (_, i) => [Math.cos(i * Math.PI / 3), 0, Math.sin(i * Math.PI / 3)]), [0, 1, 0], [0, -1, 0]];
const UP = new THREE.Vector3(0, 1, 0);

export function create({ stage, c3d, handles }) {
  const locals = CORNERS.map((xyz) => new THREE.Vector3(...xyz));
  const triangle = triangleMesh(COLORS.apart);
  triangle.showTriangle(...locals);
  handles.triangle.add(triangle);

  // One mesh per kind, shown by turn; the capsule's geometry is rebuilt for its radius and length.
  const bodies = {
    sphere: answerMesh(new THREE.SphereGeometry(1, 48, 24), 0.6),
    capsule: answerMesh(new THREE.CapsuleGeometry(1, 1, 12, 32), 0.6),
    cylinder: answerMesh(new THREE.CylinderGeometry(1, 1, 1, 48), 0.6),
    cone: answerMesh(new THREE.ConeGeometry(1, 1, 48), 0.6),  // apex up its y axis, like the shape's
    convex: answerMesh(new ConvexGeometry(GEM.map((xyz) => new THREE.Vector3(...xyz))), 0.6),
    ellipsoid: answerMesh(new THREE.SphereGeometry(1, 48, 24), 0.6),
  };
  handles.shape.add(...Object.values(bodies));
  const nearest = [marker(), marker()];
  const gap = polyline(COLORS.result, { dashed: true });
  stage.scene.add(...nearest, gap);

  return ({ kind, radius, length }) => {
    const [a, b, c] = worldPoints(handles.triangle, locals);
    const tri = { type: 'triangle', a, b, c };
    const center = handles.shape.position.clone();
    const ends = [-length / 2, length / 2].map((y) => UP.clone().multiplyScalar(y));
    const [start, end] = worldPoints(handles.shape, ends);
    const shape = {
      sphere: { type: 'sphere', center, radius },
      capsule: { type: 'capsule', start, end, radius },
      cylinder: { type: 'cylinder', start, end, radius },
      cone: { type: 'cone', base: start, apex: end, radius },
      convex: { type: 'convex', points: worldPoints(handles.shape, GEM.map(([x, y, z]) =>
        new THREE.Vector3(x * radius, y * length / 2, z * radius))) },
      ellipsoid: { type: 'ellipsoid', center, radii: { x: radius, y: length / 2, z: radius },
        rotation: rotationOfHandle(handles.shape) },
    }[kind];

    for (const [name, body] of Object.entries(bodies)) body.visible = name === kind;
    const body = bodies[kind];
    if (kind === 'capsule') {
      body.geometry.dispose();
      body.geometry = new THREE.CapsuleGeometry(radius, length, 12, 32);
    } else {
      body.scale.set(radius, kind === 'sphere' ? radius : kind === 'ellipsoid' || kind === 'convex' ? length / 2 : length, radius);
    }

    const intersects = c3d.intersects(shape, tri);
    for (const mesh of [triangle, body]) mesh.paint(intersects ? COLORS.intersecting : COLORS.apart);
    const rows = [['intersects', intersects ? 'yes' : 'no'], ['shape', kind]];
    const result = { inputs: { shape, triangle: tri }, intersects };

    // Sphere and capsule pairs also have closest points: the shape's surface point and the triangle's.
    const closest = kind === 'sphere' || kind === 'capsule' ? c3d.closestPoints(shape, tri) : null;
    for (const point of nearest) point.visible = closest !== null;
    gap.show(closest === null ? [] : [closest.pointA, closest.pointB]);
    if (closest !== null) {
      nearest[0].position.copy(closest.pointA);
      nearest[1].position.copy(closest.pointB);
      rows.push(['distance', shortNumber(closest.distance)]);
      result.closest = closest;
    }
    return { rows, result };
  };
}
