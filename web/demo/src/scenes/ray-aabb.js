// Ray – AABB: raycast() against an axis-aligned box by slabs: each axis's interval of t between the box's two
// planes, drawn beside the ray in the axis's colour, and the hit where all three overlap.
import * as THREE from 'three';
import { boxMesh, COLORS, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { intervalBars, intervalText, overlapOf, rayHandles, slabInterval } from './ray-handles.js';

export const explanation = `A box is the overlap of three <b>slabs</b>, the space between its two planes across each
  axis. Along the ray <b>o</b> + <i>t</i><b>d</b>, each slab is an interval of <i>t</i>:
  between (min − <i>o</i>)/<i>d</i> and (max − <i>o</i>)/<i>d</i> on that axis, or every <i>t</i> (or none) when the
  ray runs parallel to it (Kay and Kajiya 1986). The ray is inside the box where the three intervals overlap: it
  enters at the latest start, through the face of the slab that starts last, and it misses when the latest start
  comes after the earliest end. The intervals are drawn beside the ray (red x, green y, blue z) and listed, in
  floating point for the display; collide3d decides the hit exactly, so a ray through an edge or a corner hits.`;

export const params = {
  origin: { type: 'transform', position: [-3.5, 2.2, 2.6] },
  target: { type: 'transform', position: [0.2, 0.1, 0] },
  box: { type: 'transform', position: [0, 0, 0] },
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

// The slab of each axis as an interval of t ([lo, hi]; every t when parallel and inside, null when parallel and out).
function slabs(ray, { min, max }) {
  return AXES.map((axis) => slabInterval(ray.origin[axis], ray.direction[axis], min[axis], max[axis]));
}

export function create({ c3d, stage, handles }) {
  const body = boxMesh(0.55);
  handles.box.add(body);
  const caster = rayHandles(stage, handles);
  const showIntervals = intervalBars(stage, [0xff5c5c, 0x5cff7a, 0x5c9dff]);

  return ({ hx, hy, hz }) => {
    body.scale.set(2 * hx, 2 * hy, 2 * hz);
    const half = new THREE.Vector3(hx, hy, hz), center = handles.box.position;
    const box = { type: 'aabb', min: center.clone().sub(half), max: center.clone().add(half) };
    const ray = caster.ray();
    const hit = c3d.raycast(ray, box);
    body.paint(hit ? COLORS.intersecting : COLORS.apart);
    caster.show(ray, hit);

    const spans = slabs(ray, box);
    showIntervals(ray, spans);
    const inside = overlapOf(spans);
    const rows = [...AXES.map((axis, i) => [`${axis} slab`, intervalText(spans[i])]), ['inside all three', intervalText(inside)]];
    const result = { inputs: { ray, box }, hit };
    if (hit === null) return { rows: [['hit', 'none'], ...rows], result };
    // The slab that starts last is the one whose face the ray enters through (ties: an edge or a corner).
    const last = AXES.filter((_, i) => spans[i] !== null && spans[i][0] === inside[0]);
    return {
      rows: [['hit', 'yes'], ['t', shortNumber(hit.t)], ['point', vectorText(hit.point)], ['normal', vectorText(hit.normal)],
        ['enters through', inside[0] <= 0 ? 'starts inside' : `the ${last.join(' and ')} slab${last.length > 1 ? 's (an edge or corner)' : ''}`],
        ...rows],
      result,
    };
  };
}
