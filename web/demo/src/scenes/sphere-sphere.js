// Sphere – sphere: intersects(), distance() and closestPoints() while apart, contact() while they overlap.
import * as THREE from 'three';
import { COLORS, answerMesh, marker } from '../framework/visuals.js';
import { separationView } from './separation.js';

export const explanation = `Everything follows from the distance between the centres, <i>L</i> = |<b>c</b><sub>B</sub>
  − <b>c</b><sub>A</sub>|, along the unit direction <b>n</b> from A to B. The balls meet when <i>L</i> ≤
  <i>r</i><sub>A</sub> + <i>r</i><sub>B</sub> (touching counts). Apart, the gap is <i>L</i> − <i>r</i><sub>A</sub> −
  <i>r</i><sub>B</sub> between the closest points <b>c</b><sub>A</sub> + <i>r</i><sub>A</sub><b>n</b> and
  <b>c</b><sub>B</sub> − <i>r</i><sub>B</sub><b>n</b>; overlapping, moving B by the depth <i>r</i><sub>A</sub> +
  <i>r</i><sub>B</sub> − <i>L</i> along <b>n</b> (the white arrow) leaves them just touching.
  <p>three.js's <code>Sphere.intersectsSphere</code> is shown beside it; the hard cases in the panel are balls that
  only touch, and balls a thousandth apart.</p>`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/intersects/intersects_sphere_sphere.h', 'cpp/collide3d/queries/contact/contact.h'];

export const params = {
  a: { type: 'transform', position: [-0.7, 0, 0] },
  b: { type: 'transform', position: [1.4, 0.4, -0.3] },
  radiusA: { type: 'number', value: 1.2, min: 0.1, max: 3, step: 0.01, label: 'radius A' },
  radiusB: { type: 'number', value: 1.1, min: 0.1, max: 3, step: 0.01, label: 'radius B' },
};

// The hard cases: unit balls whose centres are 2 apart along x (touching), or 2.001.
export const presets = {
  'touching': { a: [0, 0, 0], b: [2, 0, 0], radiusA: 1, radiusB: 1 },
  'a thousandth apart': { a: [0, 0, 0], b: [2.001, 0, 0], radiusA: 1, radiusB: 1 },
};

export const camera = [1, 3.5, 8.5];

export function create({ c3d, stage, handles }) {
  const balls = {};
  for (const name of ['a', 'b']) {
    balls[name] = answerMesh(new THREE.SphereGeometry(1, 48, 24), 0.5);
    handles[name].add(balls[name], marker(COLORS.normal, 0.05));
  }
  const relate = separationView(c3d, stage.scene);

  return ({ radiusA, radiusB }) => {
    balls.a.scale.setScalar(radiusA);
    balls.b.scale.setScalar(radiusB);
    const a = { type: 'sphere', center: handles.a.position, radius: radiusA };
    const b = { type: 'sphere', center: handles.b.position, radius: radiusB };
    const { rows, answers } = relate(a, b);
    const threeMeets = new THREE.Sphere(a.center, a.radius).intersectsSphere(new THREE.Sphere(b.center, b.radius));
    rows.splice(1, 0, ['three.js', threeMeets ? 'intersects' : 'apart']);
    for (const ball of Object.values(balls)) ball.paint(answers.intersects ? COLORS.intersecting : COLORS.apart);
    return { rows, result: { inputs: { a, b }, ...answers } };
  };
}
