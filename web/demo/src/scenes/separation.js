// How two solids stand towards each other, drawn the same way for sphere – sphere and AABB – AABB: apart, the
// closest points and the dashed gap between them; meeting, the contact normal (the way to push b out of a) and the
// depth, as a solid segment from pointB to pointA that the normal arrow continues.
import { COLORS, arrow, marker, polyline, toVector3, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';

export function separationView(c3d, scene) {
  const ends = [marker(COLORS.result), marker(COLORS.result)];
  const gap = polyline(COLORS.result, { dashed: true });
  const depth = polyline(COLORS.result);
  const push = arrow(COLORS.normal, 1.2);
  scene.add(...ends, gap, depth, push);

  /** Draws how a and b relate; returns the readout rows and the library's answers. */
  return (a, b) => {
    const intersects = c3d.intersects(a, b);
    const distance = c3d.distance(a, b);
    const closestPoints = c3d.closestPoints(a, b);
    const contact = c3d.contact(a, b);
    const [from, to] = contact ? [contact.pointA, contact.pointB] : [closestPoints.pointA, closestPoints.pointB];
    ends[0].position.copy(toVector3(from));
    ends[1].position.copy(toVector3(to));
    gap.show(contact ? [] : [from, to]);
    depth.show(contact ? [to, from] : []);
    push.visible = contact !== null;
    const rows = [['intersects', intersects ? 'yes' : 'no'], ['distance', shortNumber(distance)]];
    if (contact) {
      push.show(toVector3(contact.pointA), contact.normal);
      rows.push(['depth', shortNumber(contact.depth)], ['normal', vectorText(contact.normal)]);
    } else {
      rows.push(['closest on A', vectorText(closestPoints.pointA)], ['closest on B', vectorText(closestPoints.pointB)]);
    }
    return { rows, answers: { intersects, distance, closestPoints, contact } };
  };
}
