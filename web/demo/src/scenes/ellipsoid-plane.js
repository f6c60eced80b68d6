// Ellipsoid – plane: classify() by the ellipsoid's support distance along the plane's normal, drawn as the two
// points of the ellipsoid farthest along ±n.
import * as THREE from 'three';
import { COLORS, answerMesh, marker, planeOfHandle, planePatch, polyline, rotationOfHandle } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';

export const explanation = `The ellipsoid is a unit ball stretched by the radii <i>r</i>ᵢ along its axes
  <b>a</b>ᵢ (the columns of its rotation). Its extent along the unit normal <b>n</b> is
  <i>e</i> = √Σ(<i>r</i>ᵢ <b>a</b>ᵢ·<b>n</b>)², reached at the two marked support points
  <b>c</b> ± Σ <i>r</i>ᵢ²(<b>a</b>ᵢ·<b>n</b>)<b>a</b>ᵢ / <i>e</i>. With the centre's signed distance
  <i>s</i> = <b>n</b>·<b>c</b> + <i>d</i> it is in <b>front</b> when <i>s</i> &gt; <i>e</i>, <b>behind</b> when
  <i>s</i> &lt; −<i>e</i>, and otherwise <b>intersecting</b>: the sphere test with <i>r</i> replaced by <i>e</i>.`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/classify/plane_side.h'];

export const params = {
  plane: { type: 'transform', position: [0, 0, 0], rotation: [-80, 0, 10] },
  ellipsoid: { type: 'transform', position: [1, 0.6, 1], rotation: [20, 30, 40] },
  rx: { type: 'number', value: 2, min: 0.1, max: 4, step: 0.01 },
  ry: { type: 'number', value: 0.6, min: 0.1, max: 4, step: 0.01 },
  rz: { type: 'number', value: 1, min: 0.1, max: 4, step: 0.01 },
};

export function create({ stage, c3d, handles }) {
  handles.plane.add(planePatch(9));
  const body = answerMesh(new THREE.SphereGeometry(1, 64, 32), 0.6);
  handles.ellipsoid.add(body, marker(COLORS.normal, 0.05));
  const supports = [marker(COLORS.result, 0.08), marker(COLORS.result, 0.08)];
  const span = polyline(COLORS.result, { dashed: true });
  stage.scene.add(...supports, span);

  return ({ rx, ry, rz }) => {
    body.scale.set(rx, ry, rz);
    const plane = planeOfHandle(handles.plane);
    const ellipsoid = { type: 'ellipsoid', center: handles.ellipsoid.position, radii: { x: rx, y: ry, z: rz },
      rotation: rotationOfHandle(handles.ellipsoid) };
    const side = c3d.classify(plane, ellipsoid);
    body.paint(COLORS[side]);

    // The support distance and point along the plane's unit normal, as the explanation derives them.
    const n = plane.normal;
    const axes = [0, 1, 2].map((i) => new THREE.Vector3().fromArray(ellipsoid.rotation, 3 * i));
    const radii = [rx, ry, rz];
    const along = axes.map((axis, i) => radii[i] * axis.dot(n));
    const extent = Math.hypot(...along);
    const offset = new THREE.Vector3();
    axes.forEach((axis, i) => offset.addScaledVector(axis, radii[i] * along[i] / extent));
    supports[0].position.copy(ellipsoid.center).add(offset);
    supports[1].position.copy(ellipsoid.center).sub(offset);
    span.show(supports.map((support) => support.position));

    const centreDistance = n.dot(ellipsoid.center) + plane.constant;
    return {
      rows: [['classify', side], ['centre distance', shortNumber(centreDistance)], ['extent', shortNumber(extent)]],
      result: { inputs: { plane, ellipsoid }, side, extent },
    };
  };
}
