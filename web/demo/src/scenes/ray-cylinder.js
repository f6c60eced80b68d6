// Ray – cylinder: raycast() against a capped cylinder on a rotatable handle; the hit's t, point and normal, which
// part of the surface it is on, and the two t-intervals the test intersects, drawn along the ray.
import * as THREE from 'three';
import { COLORS, answerMesh, decoration, toVector3, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { worldPoints } from './local-points.js';
import { intervalBars, intervalText, overlapOf, quadraticInterval, rayHandles, slabInterval } from './ray-handles.js';

export const explanation = `Along the ray <b>o</b> + <i>t</i><b>d</b>, the squared distance from the axis is a
  quadratic in <i>t</i>; where it is ≤ <i>r</i>² is the interval inside the infinite cylinder. The two cap planes give
  a second interval, the slab between them, and the ray is inside the capped cylinder where the two intervals overlap
  (Ericson §5.3.7, with the slab clipping of Kay–Kajiya). The hit is the start of the overlap, on the side or on a cap
  depending on which interval set it. A ray starting inside hits at <i>t</i> = 0 when the cylinder is solid; when it
  is not, the hit is where the ray leaves. The two intervals are drawn beside the ray (green: inside the side; blue:
  between the caps) and listed, computed here in floating point for the display; the answer is collide3d's.`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/raycast/raycast_cylinder.h'];

export const params = {
  origin: { type: 'transform', position: [2.6, 1.3, 3.4] },
  target: { type: 'transform', position: [0.3, 0.2, 0] },
  cylinder: { type: 'transform', position: [0.3, 0, 0], rotation: [20, 0, -25] },
  radius: { type: 'number', value: 1, min: 0.1, max: 3, step: 0.01 },
  height: { type: 'number', value: 2.5, min: 0.1, max: 6, step: 0.01 },
  solid: { type: 'boolean', value: true },
};

export const camera = [1, 3, 9.5];
// On a phone the panel covers the lower part of the screen: the view pulls back and looks lower.
export const narrow = { camera: [2, 5, 16], target: [0, -2, 0] };

// The line's two intervals of t: where it is within the radius of the axis (a quadratic's roots), and where it is
// between the cap planes (a slab); each [lo, hi], infinite ends when the line runs parallel, or null when empty.
function intervals(ray, { start, end, radius }) {
  const axis = new THREE.Vector3().subVectors(end, start), height = axis.length();
  axis.normalize();
  const o = new THREE.Vector3().subVectors(ray.origin, start), d = toVector3(ray.direction);
  const along = o.dot(axis), speed = d.dot(axis);
  const slab = slabInterval(along, speed, 0, height);
  const m = o.clone().addScaledVector(axis, -along), n = d.clone().addScaledVector(axis, -speed);
  const side = quadraticInterval(n.dot(n), m.dot(n), m.dot(m) - radius * radius);
  return { side, slab };
}

// The cylinder's axis ends in its handle's frame, for a height of 1 (THREE.CylinderGeometry stands along y).
const AXIS_ENDS = [new THREE.Vector3(0, -0.5, 0), new THREE.Vector3(0, 0.5, 0)];

export function create({ c3d, stage, handles }) {
  // A unit cylinder (radius 1, height 1) scaled to the parameters, with its cap rims outlined.
  const body = new THREE.Group();
  const can = answerMesh(new THREE.CylinderGeometry(1, 1, 1, 64), 0.55);
  const rims = new THREE.LineSegments(new THREE.EdgesGeometry(can.geometry, 30),
    new THREE.LineBasicMaterial({ color: 0xdde3ee }));
  body.add(can, decoration(rims));
  handles.cylinder.add(body);
  const caster = rayHandles(stage, handles);
  const showIntervals = intervalBars(stage, [COLORS.front, COLORS.back]);

  return ({ radius, height, solid }) => {
    body.scale.set(radius, height, radius);
    const [start, end] = worldPoints(handles.cylinder, AXIS_ENDS.map((p) => p.clone().multiplyScalar(height)));
    const cylinder = { type: 'cylinder', start, end, radius };
    const ray = caster.ray();
    const inputs = { ray, cylinder, options: { solid } };
    const hit = c3d.raycast(ray, cylinder, inputs.options);

    can.paint(hit ? COLORS.intersecting : COLORS.apart);
    caster.show(ray, hit);

    const { side, slab } = intervals(ray, cylinder);
    showIntervals(ray, [side, slab]);
    const both = overlapOf([side, slab]);
    const rows = [['inside the side', intervalText(side)], ['between the caps', intervalText(slab)],
      ['inside both', intervalText(both)]];
    if (hit === null) return { rows: [['hit', 'none'], ...rows], result: { inputs, hit } };
    const part = surfacePart(hit, ray, cylinder, handles.cylinder);
    return {
      rows: [['hit', 'yes'], ['part', part], ['t', shortNumber(hit.t)], ['point', vectorText(hit.point)],
        ['normal', vectorText(hit.normal)], ...rows],
      result: { inputs, hit, part },
    };
  };
}

// Where the hit lies: a cap's normal is parallel to the axis, the side's perpendicular to it. A solid hit at t = 0
// from strictly inside has no surface: its normal just opposes the ray.
function surfacePart(hit, ray, cylinder, group) {
  const local = group.worldToLocal(toVector3(ray.origin));
  const halfHeight = cylinder.start.distanceTo(cylinder.end) / 2;
  const inside = Math.abs(local.y) < halfHeight && Math.hypot(local.x, local.z) < cylinder.radius;
  if (hit.t === 0 && inside) return 'inside';
  const along = toVector3(hit.normal).dot(new THREE.Vector3().subVectors(cylinder.end, cylinder.start).normalize());
  if (Math.abs(along) < 0.5) return 'side';
  return along > 0 ? 'top cap' : 'bottom cap';
}
