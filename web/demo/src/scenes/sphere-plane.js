// Sphere – plane: classify() says front / back / intersecting, intersection() gives the circle where they meet.
import * as THREE from 'three';
import { COLORS, answerMesh, circle, marker, planeOfHandle, planePatch, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';

export const explanation = `With a unit normal <b>n</b> and constant <i>d</i>, the centre's signed distance is
  <i>s</i> = <b>n</b>·<b>c</b> + <i>d</i>. The sphere is in <b>front</b> when <i>s</i> &gt; <i>r</i>, <b>behind</b>
  when <i>s</i> &lt; −<i>r</i>, and otherwise the plane cuts it in a circle centred at <b>c</b> − <i>s</i><b>n</b>
  with radius √(<i>r</i>² − <i>s</i>²) (a single point when it only touches).
  <p>three.js's <code>Sphere.intersectsPlane</code> is shown beside it; the hard cases in the panel are a ball resting
  on a floor (touching at one point) and one a thousandth above it.</p>`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/classify/plane_side.h', 'cpp/collide3d/queries/intersection/intersection_plane.h'];

export const params = {
  plane: { type: 'transform', position: [0, 0, 0], rotation: [-80, 0, 10] },
  sphere: { type: 'transform', position: [0.6, 0.7, 0.3] },
  radius: { type: 'number', value: 1.3, min: 0.1, max: 4, step: 0.01 },
};

// The hard cases: the plane z = 0 (the patch unturned, its normal +z exactly) and a unit ball resting on it, or just
// above.
export const presets = {
  'resting on the plane': { plane: [0, 0, 0, 0, 0, 0], sphere: [0, 0, 1], radius: 1 },
  'a thousandth above it': { plane: [0, 0, 0, 0, 0, 0], sphere: [0, 0, 1.001], radius: 1 },
};

export function create({ c3d, quiet, handles }) {
  handles.plane.add(planePatch(8));
  const ball = answerMesh(new THREE.SphereGeometry(1, 48, 24), 0.6);
  handles.sphere.add(ball);
  const centre = marker(COLORS.normal, 0.05);
  handles.sphere.add(centre);
  const cut = circle(quiet, COLORS.result);  // its basis only draws
  handles.plane.parent.add(cut);

  return ({ radius }) => {
    ball.scale.setScalar(radius);
    const plane = planeOfHandle(handles.plane);
    const sphere = { type: 'sphere', center: handles.sphere.position, radius };
    const side = c3d.classify(plane, sphere);
    const set = c3d.intersection(plane, sphere);
    ball.paint(COLORS[side]);
    cut.visible = false;
    const threeMeets = new THREE.Sphere(sphere.center, radius).intersectsPlane(new THREE.Plane(plane.normal, plane.constant));
    const rows = [['classify', side], ['three.js', threeMeets ? 'intersects' : 'apart'],
      ['signed distance', shortNumber(plane.normal.dot(sphere.center) + plane.constant)]];
    if (set?.kind === 'circle') {
      cut.showCircle(set.center, set.normal, set.radius);
      rows.push(['circle centre', vectorText(set.center)], ['circle radius', shortNumber(set.radius)]);
    } else if (set?.kind === 'point') {
      rows.push(['touches at', vectorText(set.point)]);
    }
    return { rows, result: { inputs: { plane, sphere }, side, intersection: set } };
  };
}
