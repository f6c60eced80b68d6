// Ray – AABB, OBB: raycast() against a box by slabs: each axis's interval of t between the box's two planes, drawn
// beside the ray in the axis's colour, and the hit where all three overlap. An oriented box is an axis-aligned one
// in its own frame: the ray is carried there first.
import * as THREE from 'three';
import { OBB } from 'three/addons/math/OBB.js';
import { boxMesh, COLORS, rotationOfHandle, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { intervalBars, intervalText, overlapOf, rayHandles, slabInterval, threeHitText } from './ray-handles.js';

export const explanation = `A box is the overlap of three <b>slabs</b>, the space between its two planes across each
  axis. Along the ray <b>o</b> + <i>t</i><b>d</b>, each slab is an interval of <i>t</i>:
  between (min − <i>o</i>)/<i>d</i> and (max − <i>o</i>)/<i>d</i> on that axis, or every <i>t</i> (or none) when the
  ray runs parallel to it (Kay and Kajiya 1986). The ray is inside the box where the three intervals overlap: it
  enters at the latest start, through the face of the slab that starts last, and it misses when the latest start
  comes after the earliest end. The intervals are drawn beside the ray (red x, green y, blue z) and listed, in
  floating point for the display; collide3d decides the hit exactly, so a ray through an edge or a corner hits.
  <p>An <b>oriented box</b> (OBB: a centre <b>c</b>, half sizes and a rotation <i>R</i>) is an axis-aligned box in
  its own frame. The ray is carried there, <b>o</b>′ = <i>R</i><sup>T</sup>(<b>o</b> − <b>c</b>) and
  <b>d</b>′ = <i>R</i><sup>T</sup><b>d</b>, and the same slabs run along the box's own axes; a rotation keeps
  lengths, so <i>t</i> is the same in both frames (Ericson §5.3.3). Choose <i>obb</i> and turn the box (E).</p>
  <p>three.js's answer is beside it (<code>Ray.intersectBox</code>; <code>OBB.intersectRay</code> from its addons).
  The hard cases in the panel are rays along a face, through an edge, through a corner, and a thousandth above the
  top face.</p>`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/raycast/raycast_box.h'];

export const params = {
  origin: { type: 'transform', position: [-3.5, 2.2, 2.6] },
  target: { type: 'transform', position: [0.2, 0.1, 0] },
  box: { type: 'transform', position: [0, 0, 0], rotation: [0, 25, 15] },
  kind: { type: 'choice', value: 'aabb', options: ['aabb', 'obb'], label: 'box' },
  hx: { type: 'number', value: 1.2, min: 0.05, max: 3, step: 0.01, label: 'half x' },
  hy: { type: 'number', value: 0.8, min: 0.05, max: 3, step: 0.01, label: 'half y' },
  hz: { type: 'number', value: 1, min: 0.05, max: 3, step: 0.01, label: 'half z' },
};

// The info panel covers the left of the page: the view looks a little left so that the ray's origin clears it.
export const camera = [1.5, 4.5, 11];
export const target = [-2.6, 0.5, 0];
// On a phone the panel covers the lower part of the screen: the view pulls back and looks lower.
export const narrow = { camera: [2, 7, 21], target: [-1.2, -2, 0] };

const AXES = ['x', 'y', 'z'];

// The hard cases, on the box [-1, 1]^3: rays that slide along the top face, cross an edge or a corner, or pass just
// above the top.
const UNIT = { box: [0, 0, 0, 0, 0, 0], hx: 1, hy: 1, hz: 1, kind: 'aabb' };
export const presets = {
  'along the top face': { ...UNIT, origin: [-3, 1, 0], target: [0, 1, 0] },
  'through an edge': { ...UNIT, origin: [-3, -3, 0], target: [0, 0, 0] },
  'through a corner': { ...UNIT, origin: [-3, -3, -3], target: [0, 0, 0] },
  'a thousandth above the top': { ...UNIT, origin: [-3, 1.001, 0], target: [0, 1.001, 0] },
};

// three.js's answer for the same ray and box (its OBB from the addons for an oriented box).
const threeAnswer = (ray, box) => threeHitText(ray, (threeRay, point) => (box.type === 'aabb'
  ? threeRay.intersectBox(new THREE.Box3(box.min, box.max), point)
  : new OBB(box.center, box.halfSize, new THREE.Matrix3().fromArray(box.rotation)).intersectRay(threeRay, point)));

// The slab of each of the box's axes as an interval of t ([lo, hi]; every t when parallel and inside, null when
// parallel and out): for an OBB, in its frame (the ray carried there by the inverse of its placement).
function slabs(ray, box, handle) {
  if (box.type === 'aabb') return AXES.map((axis) => slabInterval(ray.origin[axis], ray.direction[axis], box.min[axis], box.max[axis]));
  const toBox = handle.quaternion.clone().invert();
  const origin = ray.origin.clone().sub(handle.position).applyQuaternion(toBox);
  const direction = ray.direction.clone().applyQuaternion(toBox);
  return AXES.map((axis) => slabInterval(origin[axis], direction[axis], -box.halfSize[axis], box.halfSize[axis]));
}

export function create({ c3d, stage, handles }) {
  const body = boxMesh(0.55);
  handles.box.add(body);
  const caster = rayHandles(stage, handles);
  const showIntervals = intervalBars(stage, [0xff5c5c, 0x5cff7a, 0x5c9dff]);

  return ({ hx, hy, hz, kind }) => {
    body.scale.set(2 * hx, 2 * hy, 2 * hz);
    // An axis-aligned box does not turn with its handle: undo the handle's rotation.
    if (kind === 'aabb') body.quaternion.copy(handles.box.quaternion).invert();
    else body.quaternion.identity();
    const half = new THREE.Vector3(hx, hy, hz), center = handles.box.position;
    const box = kind === 'aabb' ? { type: 'aabb', min: center.clone().sub(half), max: center.clone().add(half) }
      : { type: 'obb', center: center.clone(), halfSize: half, rotation: rotationOfHandle(handles.box) };
    const ray = caster.ray();
    const hit = c3d.raycast(ray, box);
    body.paint(hit ? COLORS.intersecting : COLORS.apart);
    caster.show(ray, hit);

    const spans = slabs(ray, box, handles.box);
    showIntervals(ray, spans);
    const inside = overlapOf(spans);
    const rows = [...AXES.map((axis, i) => [`${kind === 'obb' ? 'its ' : ''}${axis} slab`, intervalText(spans[i])]),
      ['inside all three', intervalText(inside)]];
    const three = ['three.js', threeAnswer(ray, box)];
    const result = { inputs: { ray, box }, hit };
    if (hit === null) return { rows: [['hit', 'none'], three, ...rows], result };
    // The slab that starts last is the one whose face the ray enters through (ties: an edge or a corner).
    const last = AXES.filter((_, i) => spans[i] !== null && spans[i][0] === inside[0]);
    return {
      rows: [['hit', 'yes'], three, ['t', shortNumber(hit.t)], ['point', vectorText(hit.point)], ['normal', vectorText(hit.normal)],
        ['enters through', inside[0] <= 0 ? 'starts inside'
          : `the ${kind === 'obb' ? 'box\'s ' : ''}${last.join(' and ')} slab${last.length > 1 ? 's (an edge or corner)' : ''}`],
        ...rows],
      result,
    };
  };
}
