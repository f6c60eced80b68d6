// Contact: any two solids (point to convex hull) on rotatable handles. Overlapping, contact() gives the normal, the
// depth and a point on each, and the second shape is drawn again where moving it by depth × normal leaves it just
// touching; apart, closestPoints() gives the gap.
import * as THREE from 'three';
import { COLORS, arrow, marker, polyline, toVector3, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { TARGETS, sweepTargets } from './sweep-targets.js';

export const explanation = `Two solids overlap by a <b>depth</b> along a <b>normal</b>: the shortest move of the
  second that separates them is depth × normal, and <code>contact(a, b)</code> returns both with the deepest point
  of each shape (<b>pointA</b> − depth × normal = <b>pointB</b>). The ghost is the second shape moved by that much:
  it touches the first without overlapping it, which is how a physics step or a character pushes shapes apart.
  Points, spheres, segments and capsules get it from the closest points of their cores (a centre, an axis), two
  axis-aligned boxes from the axis of least overlap, a ball and a box from the box's nearest point or face; the
  other pairs from GJK on their cores and, when the cores overlap, EPA (see the GJK and EPA scene): the polytope of
  A − B grown until its nearest face is on the boundary, at the depth.
  Apart, <code>contact</code> is <code>null</code> and <code>closestPoints</code> gives the gap (dashed).`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/contact/contact.h', 'cpp/collide3d/queries/contact/contact_epa.cpp'];

const SOLIDS = TARGETS.filter((kind) => kind !== 'plane');

export const params = {
  a: { type: 'transform', position: [-0.6, 0, 0], rotation: [0, 0, 0] },
  b: { type: 'transform', position: [1.1, 0.5, 0.3], rotation: [20, 30, 10] },
  kindA: { type: 'choice', value: 'obb', options: SOLIDS, label: 'shape A' },
  kindB: { type: 'choice', value: 'convex', options: SOLIDS, label: 'shape B' },
};

export const camera = [2, 5, 10];
// The info panel covers the left of the page: the view looks a little left so that the shapes clear it.
export const target = [-2.4, 0, 0];
export const narrow = { camera: [1, 6, 15], target: [0.2, -2.5, 0] };

export function create({ c3d, stage, handles }) {
  const shapeA = sweepTargets(handles.a), shapeB = sweepTargets(handles.b);
  // The ghost: the second shape again, on a group of its own placed at the separated position.
  const ghostGroup = new THREE.Group();
  stage.scene.add(ghostGroup);
  const ghost = sweepTargets(ghostGroup);
  ghostGroup.traverse((node) => {
    if (node.material) Object.assign(node.material, { wireframe: true, opacity: 0.35, transparent: true });
    node.userData.noPick = true;
  });
  const push = arrow(COLORS.normal, 1);
  const points = [marker(COLORS.result, 0.07), marker(COLORS.result, 0.07)];
  const gap = polyline(COLORS.result, { dashed: true });
  stage.scene.add(push, ...points, gap);

  return ({ kindA, kindB }) => {
    const a = shapeA.show(kindA), b = shapeB.show(kindB);
    const contact = c3d.contact(a, b);
    const closest = contact === null ? c3d.closestPoints(a, b) : null;
    const color = contact === null ? COLORS.apart : COLORS.intersecting;
    shapeA.paint(kindA, color);
    shapeB.paint(kindB, color);
    ghostGroup.visible = push.visible = contact !== null && contact.depth > 0;
    gap.visible = contact === null;
    const ends = contact === null ? [closest.pointA, closest.pointB] : [contact.pointA, contact.pointB];
    points.forEach((point, k) => point.position.copy(toVector3(ends[k])));
    const result = { inputs: { a, b }, contact, closest };
    if (contact === null) {
      gap.show(ends);
      return { rows: [['contact', 'none: apart'], ['distance', shortNumber(closest.distance)]], result };
    }
    const shift = toVector3(contact.normal).multiplyScalar(contact.depth);
    ghostGroup.position.copy(handles.b.position).add(shift);
    ghostGroup.quaternion.copy(handles.b.quaternion);
    ghost.show(kindB);
    if (push.visible) push.show(toVector3(contact.pointB), contact.normal, Math.max(contact.depth, 0.3));
    return {
      rows: [['contact', contact.depth > 0 ? 'overlapping' : 'touching'], ['depth', shortNumber(contact.depth)],
        ['normal', vectorText(contact.normal)], ['point on A', vectorText(contact.pointA)], ['point on B', vectorText(contact.pointB)],
        ['separate by', `moving B by ${vectorText(shift)}`]],
      result,
    };
  };
}
