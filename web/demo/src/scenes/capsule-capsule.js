// Capsule – capsule: the closest points of two segments (Ericson's clamped parameters s and t), and the capsules
// they carry when the radius is above 0: intersects(), distance() and closestPoints() apart, contact() overlapping.
import * as THREE from 'three';
import { COLORS, answerMesh, marker, polyline, rod } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { separationView } from './separation.js';

export const explanation = `The nearest points of two segments <b>p</b>(<i>s</i>) = <b>a</b><sub>0</sub> +
  <i>s</i>(<b>a</b><sub>1</sub> − <b>a</b><sub>0</sub>) and <b>q</b>(<i>t</i>) = <b>b</b><sub>0</sub> +
  <i>t</i>(<b>b</b><sub>1</sub> − <b>b</b><sub>0</sub>), <i>s</i>, <i>t</i> in [0, 1]: first those of the two infinite
  lines (the violet markers, where the joining segment is perpendicular to both), then <i>s</i> clamped to [0, 1],
  <i>t</i> recomputed for that point and clamped, and <i>s</i> recomputed for it (Ericson, <i>Real-Time Collision
  Detection</i> §5.1.9); parallel segments take any pair of an overlap. A capsule is a segment grown by a radius, so
  two capsules meet when their segments are within the sum of the radii, and their contact pushes along the line
  between those points. The lines' points and the parameters are computed here in floating point for the display;
  the answers are collide3d's.`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/distance/closest_cores.h', 'cpp/collide3d/queries/contact/contact.h'];

export const params = {
  a0: { type: 'transform', position: [-2.2, -0.6, 0.4] },
  a1: { type: 'transform', position: [1.4, 0.9, -0.6] },
  b0: { type: 'transform', position: [-0.6, 1.8, 1.2] },
  b1: { type: 'transform', position: [1.2, 2.2, -1.4] },
  radius: { type: 'number', value: 0.4, min: 0, max: 1.5, step: 0.01, label: 'radius (0: segments)' },
};

export const camera = [1, 4, 10];
export const target = [-0.8, 0.6, 0];
// On a phone the panel covers the lower part of the screen: the view pulls back and looks lower.
export const narrow = { camera: [1, 6, 17], target: [-0.5, -1.2, 0] };

// The parameters of the two infinite lines' nearest points (null when they are parallel).
function lineParameters(a0, a1, b0, b1) {
  const d1 = new THREE.Vector3().subVectors(a1, a0), d2 = new THREE.Vector3().subVectors(b1, b0);
  const r = new THREE.Vector3().subVectors(a0, b0);
  const a = d1.dot(d1), e = d2.dot(d2), b = d1.dot(d2), c = d1.dot(r), f = d2.dot(r);
  const denominator = a * e - b * b;
  if (!(denominator > 1e-12 * a * e)) return null;
  return { s: (b * f - c * e) / denominator, t: (a * f - b * c) / denominator };
}

// A capsule's mesh between two points (a cylinder and two balls), rebuilt as the handles move.
function capsuleBody() {
  const group = new THREE.Group();
  const tube = answerMesh(new THREE.CylinderGeometry(1, 1, 1, 32, 1, true), 0.45);
  const ends = [0, 1].map(() => answerMesh(new THREE.SphereGeometry(1, 32, 16), 0.45));
  group.add(tube, ...ends);
  group.show = (p, q, radius) => {
    group.visible = radius > 0;
    const along = new THREE.Vector3().subVectors(q, p);
    tube.position.copy(p).addScaledVector(along, 0.5);
    tube.scale.set(radius, Math.max(along.length(), 1e-6), radius);
    if (along.lengthSq() > 0) tube.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), along.clone().normalize());
    ends[0].position.copy(p);
    ends[1].position.copy(q);
    for (const end of ends) end.scale.setScalar(radius);
  };
  group.paint = (color) => [tube, ...ends].forEach((mesh) => mesh.paint(color));
  return group;
}

export function create({ c3d, stage, handles }) {
  for (const name of ['a0', 'a1', 'b0', 'b1']) handles[name].add(marker(0xdde3ee, 0.09));
  const axes = [rod(0.025, 0xdde3ee), rod(0.025, 0xdde3ee)];
  const bodies = [capsuleBody(), capsuleBody()];
  const onLines = [0, 1].map(() => marker(COLORS.ghost, 0.07));
  const lineGap = polyline(COLORS.ghost, { dashed: true });
  const lines = [polyline(0x4a5568), polyline(0x4a5568)];  // the infinite lines, drawn long
  stage.scene.add(...axes, ...bodies, ...onLines, lineGap, ...lines);
  const relate = separationView(c3d, stage.scene);

  return ({ radius }) => {
    const [a0, a1, b0, b1] = ['a0', 'a1', 'b0', 'b1'].map((name) => handles[name].position);
    axes[0].showBetween(a0, a1);
    axes[1].showBetween(b0, b1);
    bodies[0].show(a0, a1, radius);
    bodies[1].show(b0, b1, radius);
    const [a, b] = radius > 0
      ? [{ type: 'capsule', start: a0, end: a1, radius }, { type: 'capsule', start: b0, end: b1, radius }]
      : [{ type: 'segment', start: a0, end: a1 }, { type: 'segment', start: b0, end: b1 }];
    const { rows, answers } = relate(a, b);
    for (const body of bodies) body.paint(answers.intersects ? COLORS.intersecting : COLORS.apart);

    // The parameters of the answer's points along each segment (on the segments themselves: the points less the
    // radius along the normal, for capsules), and the lines' own nearest points.
    const along = (p, start, end) => {
      const d = new THREE.Vector3().subVectors(end, start);
      return d.lengthSq() === 0 ? 0 : new THREE.Vector3().subVectors(p, start).dot(d) / d.lengthSq();
    };
    const near = c3d.closestPoints({ type: 'segment', start: a0, end: a1 }, { type: 'segment', start: b0, end: b1 });
    const lineAt = lineParameters(a0, a1, b0, b1);
    const stretch = (p, q, k) => [p.clone().lerp(q, -k), p.clone().lerp(q, 1 + k)];
    lines[0].show(stretch(a0, a1, 3));
    lines[1].show(stretch(b0, b1, 3));
    for (const m of onLines) m.visible = lineAt !== null;
    lineGap.show(lineAt === null ? [] : [a0.clone().lerp(a1, lineAt.s), b0.clone().lerp(b1, lineAt.t)]);
    if (lineAt !== null) {
      onLines[0].position.copy(a0).lerp(a1, lineAt.s);
      onLines[1].position.copy(b0).lerp(b1, lineAt.t);
    }
    const s = along(near.pointA, a0, a1), t = along(near.pointB, b0, b1);
    rows.push(['segments apart', shortNumber(near.distance)], ['s on A', shortNumber(s)], ['t on B', shortNumber(t)],
      ['lines', lineAt === null ? 'parallel' : `s = ${shortNumber(lineAt.s)}, t = ${shortNumber(lineAt.t)}`]);
    return { rows, result: { inputs: { a, b }, ...answers, segments: near } };
  };
}
