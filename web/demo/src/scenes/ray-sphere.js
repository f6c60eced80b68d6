// Ray – sphere: raycast() against a ball: the quadratic in t whose roots bound where the ray is inside, drawn beside
// the ray, with its discriminant; the hit is the first root at or after the origin.
import * as THREE from 'three';
import { COLORS, answerMesh, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { intervalBars, intervalText, quadraticInterval, rayHandles, threeHitText } from './ray-handles.js';

export const explanation = `A point of the ray <b>o</b> + <i>t</i><b>d</b> (|<b>d</b>| = 1) is in the ball when
  |<b>o</b> + <i>t</i><b>d</b> − <b>c</b>|² ≤ <i>r</i>², a quadratic <i>t</i>² + 2<i>bt</i> + <i>c</i> ≤ 0 with
  <i>b</i> = <b>d</b>·(<b>o</b> − <b>c</b>) and <i>c</i> = |<b>o</b> − <b>c</b>|² − <i>r</i>². Its roots
  −<i>b</i> ± √(<i>b</i>² − <i>c</i>) bound the interval of <i>t</i> inside (drawn beside the ray); a negative
  discriminant <i>b</i>² − <i>c</i> means the line misses, zero that it grazes. The hit is the first root at or after
  the origin, or <i>t</i> = 0 when the origin is inside and the ball is solid (Ericson §5.3.2). The values here are
  floating point for the display; collide3d decides a graze exactly and refines the root.
  <p>three.js's <code>Ray.intersectSphere</code> is shown beside it. The hard cases in the panel: a ray grazing the
  ball (discriminant exactly 0: a hit, for both), one a thousandth above it, and rays starting inside, where
  three.js answers the way out while a solid ball is hit at once (<i>t</i> = 0).</p>`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/raycast/raycast_sphere.h'];

export const params = {
  origin: { type: 'transform', position: [-3.6, 1.6, 2.4] },
  target: { type: 'transform', position: [0.2, 0.3, 0] },
  sphere: { type: 'transform', position: [0, 0, 0] },
  radius: { type: 'number', value: 1.2, min: 0.05, max: 3, step: 0.01 },
  solid: { type: 'boolean', value: true },
};

// The hard cases, on the ball of radius 1.2 at the origin, with rays along x (an exact unit direction).
const BALL = { sphere: [0, 0, 0], radius: 1.2, solid: true };
export const presets = {
  'grazing the ball': { ...BALL, origin: [-3, 1.2, 0], target: [0, 1.2, 0] },
  'a thousandth above it': { ...BALL, origin: [-3, 1.201, 0], target: [0, 1.201, 0] },
  'starting inside (solid)': { ...BALL, origin: [0.3, 0, 0], target: [3, 0, 0] },
  'starting inside (hollow)': { ...BALL, solid: false, origin: [0.3, 0, 0], target: [3, 0, 0] },
};

// three.js's answer for the same ray and ball.
const threeAnswer = (ray, { center, radius }) =>
  threeHitText(ray, (threeRay, point) => threeRay.intersectSphere(new THREE.Sphere(center, radius), point));

// The info panel covers the left of the page: the view looks a little left so that the ray's origin clears it.
export const camera = [1.5, 4.5, 11];
export const target = [-2.6, 0.5, 0];
// On a phone the panel covers the lower part of the screen: the view pulls back and looks lower.
export const narrow = { camera: [2, 7, 21], target: [-1.2, -2, 0] };

export function create({ c3d, stage, handles }) {
  const ball = answerMesh(new THREE.SphereGeometry(1, 48, 24), 0.5);
  handles.sphere.add(ball);
  const caster = rayHandles(stage, handles);
  const showInterval = intervalBars(stage, [COLORS.front]);

  return ({ radius, solid }) => {
    ball.scale.setScalar(radius);
    const sphere = { type: 'sphere', center: handles.sphere.position, radius };
    const ray = caster.ray();
    const options = { solid };
    const hit = c3d.raycast(ray, sphere, options);
    ball.paint(hit ? COLORS.intersecting : COLORS.apart);
    caster.show(ray, hit);

    const m = new THREE.Vector3().subVectors(ray.origin, sphere.center);
    const b = m.dot(ray.direction), c = m.lengthSq() - radius * radius, discriminant = b * b - c;
    const inside = quadraticInterval(1, b, c);
    showInterval(ray, [inside]);
    const rows = [['three.js', threeAnswer(ray, sphere)], ['discriminant b² − c', shortNumber(discriminant)],
      ['inside the ball', intervalText(inside)]];
    const result = { inputs: { ray, sphere, options }, hit };
    if (hit === null) return { rows: [['hit', 'none'], ...rows], result };
    return {
      rows: [['hit', 'yes'], ['t', shortNumber(hit.t)], ['point', vectorText(hit.point)], ['normal', vectorText(hit.normal)], ...rows],
      result,
    };
  };
}
