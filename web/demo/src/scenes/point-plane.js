// Point – plane: classify() with a thickness epsilon, distance() and closestPoints() (the foot of the perpendicular),
// for a plane whose normal need not be unit length.
import * as THREE from 'three';
import { COLORS, marker, planeOfHandle, planePatch, polyline, surfaceMaterial, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';

export const explanation = `The point's signed distance from the plane <b>n</b>·<b>x</b> + <i>d</i> = 0 is
  <i>s</i> = (<b>n</b>·<b>p</b> + <i>d</i>) / |<b>n</b>|, so <b>n</b> need not be unit length: scaling <b>n</b>
  and <i>d</i> together (<i>normal length</i>) changes <b>n</b>·<b>p</b> + <i>d</i> but not the answers. The
  point is in <b>front</b> when <i>s</i> &gt; ε, <b>behind</b> when <i>s</i> &lt; −ε, and otherwise
  <b>intersecting</b> (ε is the half-thickness of the orange slab). Its nearest point on the plane is the foot of
  the perpendicular, <b>p</b> − <i>s</i> <b>n</b>/|<b>n</b>| (Ericson, <i>Real-Time Collision Detection</i> §5.1.1).`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/classify/classify_plane.h', 'cpp/collide3d/queries/classify/plane_side.h'];

export const params = {
  plane: { type: 'transform', position: [0, 0, 0], rotation: [-80, 0, 10] },
  point: { type: 'transform', position: [2.2, 1.6, 1.8] },
  normalLength: { type: 'number', value: 1, min: 0.25, max: 13, step: 0.25, label: 'normal length' },
  epsilon: { type: 'number', value: 0, min: 0, max: 1, step: 0.01, label: 'epsilon ε' },
};

const PATCH_SIZE = 8;

export function create({ stage, c3d, handles }) {
  handles.plane.add(planePatch(PATCH_SIZE));
  // The slab |s| <= ε, a unit-thick box scaled to 2ε across the plane.
  const slab = new THREE.Mesh(new THREE.BoxGeometry(PATCH_SIZE, PATCH_SIZE, 1),
    surfaceMaterial(COLORS.intersecting, { opacity: 0.18 }));
  handles.plane.add(slab);
  const dot = marker(COLORS.apart, 0.13);
  handles.point.add(dot);
  const foot = marker(COLORS.result, 0.08);
  const perpendicular = polyline(COLORS.normal, { dashed: true });
  stage.scene.add(foot, perpendicular);

  return ({ normalLength, epsilon }) => {
    slab.visible = epsilon > 0;
    slab.scale.z = 2 * epsilon;
    const plane = planeOfHandle(handles.plane, normalLength);
    const point = { type: 'point', position: handles.point.position };
    const options = { epsilon };
    const side = c3d.classify(plane, point, options);
    const distance = c3d.distance(point, plane);
    const closest = c3d.closestPoints(point, plane);
    dot.material.color.setHex(COLORS[side]);
    foot.position.copy(closest.pointB);
    perpendicular.show([closest.pointA, closest.pointB]);
    const value = plane.normal.dot(point.position) + plane.constant;
    return {
      rows: [['classify', side], ['distance', shortNumber(distance)],
        ['signed distance', shortNumber(value / plane.normal.length())], ['n·p + d', shortNumber(value)],
        ['foot', vectorText(closest.pointB)]],
      result: { inputs: { plane, point, options }, side, distance, closest },
    };
  };
}
