// Ray – triangle: raycast() with Möller–Trumbore: the hit's t, point, normal and barycentric coordinates.
import * as THREE from 'three';
import { marker, triangleMesh, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { rayHandles } from './ray-handles.js';

export const explanation = `The ray <b>o</b> + <i>t</i><b>d</b> meets the triangle's plane where
  <b>o</b> + <i>t</i><b>d</b> = (1 − <i>u</i> − <i>v</i>)<b>a</b> + <i>u</i><b>b</b> + <i>v</i><b>c</b>: a 3×3 linear
  system solved with Cramer's rule by cross products (Möller–Trumbore 1997). It hits when <i>t</i> ≥ 0,
  <i>u</i>, <i>v</i> ≥ 0 and <i>u</i> + <i>v</i> ≤ 1; edges and corners count. The vertex colours blend by (1 − <i>u</i> − <i>v</i>, <i>u</i>, <i>v</i>)
  at the hit. With back-face culling only the counter-clockwise side hits.`;

export const params = {
  origin: { type: 'transform', position: [-3, 2.5, 3] },
  target: { type: 'transform', position: [0.3, 0.4, 0] },
  a: { type: 'transform', position: [-2, -1, 0] },
  b: { type: 'transform', position: [2.5, -1, 0.5] },
  c: { type: 'transform', position: [0, 2.5, -0.5] },
  backfaceCulling: { type: 'boolean', value: false, label: 'back-face culling' },
};

export const camera = [2, 4, 10];

const VERTEX_COLORS = [0xff5c5c, 0x5cff7a, 0x5c9dff];

export function create({ c3d, stage, handles }) {
  const caster = rayHandles(stage, handles);
  ['a', 'b', 'c'].forEach((name, i) => handles[name].add(marker(VERTEX_COLORS[i], 0.14)));
  const surface = triangleMesh(0xffffff);
  surface.material.vertexColors = true;
  stage.scene.add(surface);

  return ({ backfaceCulling }) => {
    const [a, b, c] = ['a', 'b', 'c'].map((name) => handles[name].position);
    surface.showTriangle(a, b, c);
    surface.geometry.setAttribute('color', new THREE.Float32BufferAttribute(
      VERTEX_COLORS.flatMap((hex) => new THREE.Color(hex).toArray()), 3));
    const ray = caster.ray();
    const triangle = { type: 'triangle', a, b, c };
    const inputs = { ray, triangle, options: { backfaceCulling } };
    const hit = c3d.raycast(ray, triangle, inputs.options);
    caster.show(ray, hit);
    if (hit === null) return { rows: [['hit', 'none']], result: { inputs, hit } };
    return {
      rows: [['hit', hit.frontFace ? 'front face' : 'back face'], ['t', shortNumber(hit.t)], ['point', vectorText(hit.point)],
        ['normal', vectorText(hit.normal)], ['u', shortNumber(hit.u)], ['v', shortNumber(hit.v)],
        ['1 − u − v', shortNumber(1 - hit.u - hit.v)]],
      result: { inputs, hit },
    };
  };
}
