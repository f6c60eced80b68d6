// Swept sphere – plane: sweep() gives the fraction t of the motion at first contact, the contact point and normal;
// a ghost shows the sphere at that moment.
import * as THREE from 'three';
import { COLORS, answerMesh, arrow, marker, planeOfHandle, planePatch, polyline, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';

export const explanation = `The sphere moves from <b>c</b> by <i>t</i><b>v</b>, <i>t</i> in [0, 1], where
  <b>v</b> = end − start. Its centre's signed distance <i>s</i>(<i>t</i>) = <i>s</i>₀ + <i>t</i> <b>n</b>·<b>v</b>
  (unit <b>n</b>) changes linearly, so first contact is where |<i>s</i>(<i>t</i>)| reaches <i>r</i>:
  <i>t</i> = (<i>s</i>₀ − <i>r</i>) / −<b>n</b>·<b>v</b> from the front (Ericson, <i>Real-Time Collision
  Detection</i> §5.5.3), mirrored from the back; the contact point is the centre then, moved <i>r</i> towards the
  plane. A sphere that already touches or cuts the plane (|<i>s</i>₀| ≤ <i>r</i>) is in contact from the start:
  <i>t</i> = 0, at the foot of its centre.`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/sweep/sweep_sphere_plane.h'];

export const params = {
  plane: { type: 'transform', position: [0, 0, 0], rotation: [-80, 0, 10] },
  start: { type: 'transform', position: [0.8, 3, 2.4] },
  end: { type: 'transform', position: [3, -2, 1.6] },
  radius: { type: 'number', value: 0.8, min: 0.1, max: 3, step: 0.01 },
};

// On a phone the panel covers the lower part of the screen: the view pulls back and looks lower.
export const narrow = { camera: [9, 8, 13], target: [0, -2.5, 0] };

export function create({ stage, c3d, handles }) {
  handles.plane.add(planePatch(8));
  const ball = answerMesh(new THREE.SphereGeometry(1, 48, 24), 0.65);
  handles.start.add(ball, marker(COLORS.normal, 0.05));
  handles.end.add(marker(COLORS.caster, 0.1));
  const path = polyline(COLORS.caster);
  const ghost = answerMesh(new THREE.SphereGeometry(1, 48, 24), 0.35);
  ghost.paint(COLORS.ghost);
  const contact = marker(COLORS.result, 0.09);
  const normal = arrow(COLORS.normal);
  stage.scene.add(path, ghost, contact, normal);

  return ({ radius }) => {
    const plane = planeOfHandle(handles.plane);
    const sphere = { type: 'sphere', center: handles.start.position, radius };
    const velocity = new THREE.Vector3().subVectors(handles.end.position, sphere.center);
    const hit = c3d.sweep(sphere, velocity, plane);
    ball.scale.setScalar(radius);
    ball.paint(hit ? COLORS.intersecting : COLORS.apart);
    path.show([sphere.center, handles.end.position]);
    ghost.visible = contact.visible = normal.visible = hit !== null;
    const result = { inputs: { sphere, velocity, plane }, hit };
    if (hit === null) return { rows: [['contact', 'no contact']], result };
    ghost.position.copy(sphere.center).addScaledVector(velocity, hit.t);
    ghost.scale.setScalar(radius);
    contact.position.copy(hit.point);
    normal.show(contact.position, hit.normal, 2 * radius + 0.5);  // long enough to leave the ghost
    return {
      rows: [['contact', hit.t === 0 ? 'already touching' : 'while moving'], ['t', shortNumber(hit.t)],
        ['point', vectorText(hit.point)], ['normal', vectorText(hit.normal)]],
      result,
    };
  };
}
