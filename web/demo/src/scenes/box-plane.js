// The part of the AABB – plane and OBB – plane scenes they share: a box on its handle (rotated with it for an OBB)
// and a plane; classify() colours the box, intersection() draws the cross-section, and the two corners nearest and
// farthest along the normal are marked. Not a scene of its own: aabb-plane.js and obb-plane.js build on it.
import * as THREE from 'three';
import { COLORS, boxMesh, marker, planeOfHandle, planePatch, polygon, polyline, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';

const POLYGON_NAMES = { 3: 'triangle', 4: 'quadrilateral', 5: 'pentagon', 6: 'hexagon' };

/**
 * Builds the shared scene on `handles.plane` and `handles.box`; `shapeOf(values)` gives the collide3d box, its
 * half sizes and its unit axes (the columns of its rotation) from the scene's values.
 */
export function createBoxPlane({ stage, c3d, handles }, shapeOf) {
  handles.plane.add(planePatch(9));
  const body = boxMesh(0.35);
  handles.box.add(body);
  const section = polygon(COLORS.result);
  section.renderOrder = -1;  // before the box, so it shows through the box's faces
  const edge = polyline(COLORS.result);
  const touch = marker(COLORS.result, 0.09);
  const corners = [marker(COLORS.normal, 0.08), marker(COLORS.normal, 0.08)];
  stage.scene.add(section, edge, touch, ...corners);

  return (values) => {
    const { box, halfSize, axes } = shapeOf(values);
    body.scale.set(2 * halfSize.x, 2 * halfSize.y, 2 * halfSize.z);
    const plane = planeOfHandle(handles.plane);
    const side = c3d.classify(plane, box);
    const set = c3d.intersection(plane, box);
    body.paint(COLORS[side]);
    section.show(set?.kind === 'polygon' ? set.points : []);
    edge.show(set?.kind === 'segment' ? [set.start, set.end] : []);
    touch.visible = set?.kind === 'point';
    if (touch.visible) touch.position.copy(set.point);

    // The projected radius r = Σ hᵢ|aᵢ·n| and the corners c ± Σ sign(aᵢ·n) hᵢ aᵢ where it is reached.
    const n = plane.normal;
    const center = handles.box.position;
    const halves = [halfSize.x, halfSize.y, halfSize.z];
    const toFarthest = new THREE.Vector3();
    let radius = 0;
    axes.forEach((axis, i) => {
      const along = axis.dot(n);
      radius += halves[i] * Math.abs(along);
      toFarthest.addScaledVector(axis, Math.sign(along) * halves[i]);
    });
    corners[0].position.copy(center).add(toFarthest);
    corners[1].position.copy(center).sub(toFarthest);

    const rows = [['classify', side], ['centre distance', shortNumber(n.dot(center) + plane.constant)],
      ['projected radius', shortNumber(radius)],
      ['cut', set === null ? 'none' : set.kind === 'polygon' ? POLYGON_NAMES[set.points.length] : set.kind]];
    if (set?.kind === 'point') rows.push(['point', vectorText(set.point)]);
    return { rows, result: { inputs: { plane, box }, side, intersection: set, radius } };
  };
}
