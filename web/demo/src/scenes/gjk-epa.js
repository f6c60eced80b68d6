// GJK and EPA, step by step: two solids (any of the sweep scenes' targets but the plane) on rotatable handles, and
// beside them their Minkowski difference A − B with its origin, on which c3d.gjkTrace's steps are drawn: the
// search direction, the support point and its plane, the simplex and its point nearest the origin; then, when the
// cores overlap, EPA's polytope, its nearest face and the support point beyond it.
import * as THREE from 'three';
import { COLORS, arrow, decoration, marker, polyline, polytopeMesh, toVector3, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { TARGETS, sweepTargets } from './sweep-targets.js';
import { coreOf } from '../framework/minkowski.js';

export const explanation = `Two convex solids meet exactly when their <b>Minkowski difference</b> A − B (right,
  about its origin, the white dot) contains the origin. <b>GJK</b> (Gilbert, Johnson, Keerthi 1988) never builds it:
  each step searches from the simplex's point <b>v</b> nearest the origin (orange) back along −<b>v</b>, takes the
  shapes' farthest points that way (pink: <b>w</b> = a − b, and its plane, a lower bound on the distance), and
  keeps the face of the simplex nearest the origin (Montanari et al.'s signed volumes), until nothing gets nearer or
  the origin is enclosed. Spheres and capsules are a point or segment grown by a radius (the ball about the origin).
  When the shapes overlap, <b>EPA</b> (van den Bergen 2001) grows a polytope towards its face nearest the origin
  until the support point beyond it adds nothing: that face's distance is the depth. Curved differences are drawn
  from samples.`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/distance/gjk.h', 'cpp/collide3d/queries/contact/epa.cpp'];

const SOLIDS = TARGETS.filter((kind) => kind !== 'plane');
const ORIGIN = new THREE.Vector3(5.5, 0, 0);  // where A − B's origin is drawn

export const params = {
  a: { type: 'transform', position: [-4.5, 0, 0], rotation: [0, 0, 20] },
  b: { type: 'transform', position: [-1.5, 0.6, 0.4], rotation: [70, 10, 0] },
  kindA: { type: 'choice', value: 'obb', options: SOLIDS, label: 'A' },
  kindB: { type: 'choice', value: 'convex', options: SOLIDS, label: 'B' },
  step: { type: 'number', value: 40, min: 0, max: 40, step: 1, label: 'step (GJK, then EPA)' },
};

export const camera = [-1.5, 7, 15];
export const target = [-1.5, 0, 0];
export const narrow = { camera: [-0.5, 16, 36], target: [-0.5, 0, 0] };

const SIMPLEX_NAMES = ['', 'point', 'segment', 'triangle', 'tetrahedron'];

export function create({ c3d, quiet, stage, handles }) {
  const targetA = sweepTargets(handles.a), targetB = sweepTargets(handles.b);
  const at = (p) => toVector3(p).add(ORIGIN);  // a point of A − B where it is drawn

  const difference = polytopeMesh(COLORS.apart, { opacity: 0.18, depthWrite: false });
  const origin = marker(COLORS.normal, 0.08);
  origin.position.copy(ORIGIN);
  const reach = decoration(new THREE.Mesh(new THREE.SphereGeometry(1, 32, 16),
    new THREE.MeshBasicMaterial({ color: COLORS.normal, transparent: true, opacity: 0.15, depthWrite: false })));
  reach.position.copy(ORIGIN);
  const simplexFaces = polytopeMesh(COLORS.result, { opacity: 0.35, depthWrite: false });
  const simplexEdges = decoration(new THREE.LineSegments(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color: COLORS.result })));
  const simplexPoints = Array.from({ length: 4 }, () => marker(COLORS.result, 0.07));
  const nearest = marker(COLORS.intersecting, 0.1);
  const toNearest = polyline(COLORS.intersecting, { dashed: true });
  const search = arrow(COLORS.caster, 1.5);
  const support = marker(COLORS.caster, 0.1);
  const supportPlane = decoration(new THREE.Mesh(new THREE.PlaneGeometry(2.4, 2.4),
    new THREE.MeshBasicMaterial({ color: COLORS.caster, transparent: true, opacity: 0.2, side: THREE.DoubleSide, depthWrite: false })));
  const polytope = polytopeMesh(COLORS.ghost, { opacity: 0.25, depthWrite: false });
  const nearestFace = polytopeMesh(COLORS.intersecting, { opacity: 0.6, depthWrite: false });
  const onA = marker(COLORS.caster, 0.08), onB = marker(COLORS.caster, 0.08);
  const pair = polyline(COLORS.caster, { dashed: true });
  stage.scene.add(difference, origin, reach, simplexFaces, simplexEdges, ...simplexPoints, nearest, toNearest, search,
    support, supportPlane, polytope, nearestFace, onA, onB, pair);

  // The support point w = onA - onB of a step: drawn on A − B, and as its two points on the shapes.
  function showSupport(vertex, direction) {
    support.position.copy(at(vertex.point));
    onA.position.copy(toVector3(vertex.onA));
    onB.position.copy(toVector3(vertex.onB));
    pair.show([vertex.onA, vertex.onB]);
    const d = toVector3(direction);
    supportPlane.visible = d.lengthSq() > 0;
    if (supportPlane.visible) {
      supportPlane.position.copy(support.position);
      supportPlane.quaternion.setFromUnitVectors(new THREE.Vector3(0, 0, 1), d.normalize());
    }
    for (const m of [support, onA, onB]) m.visible = true;
  }

  function showGjkStep(step, previous) {
    const points = step.simplex.map((vertex) => at(vertex.point));
    simplexPoints.forEach((m, i) => {
      m.visible = i < points.length;
      if (m.visible) m.position.copy(points[i]);
    });
    simplexEdges.geometry.dispose();
    simplexEdges.geometry = new THREE.BufferGeometry().setFromPoints(
      points.flatMap((p, i) => points.slice(i + 1).flatMap((q) => [p, q])));  // every pair: its edges
    simplexFaces.showFaces(points, points.length === 3 ? [[0, 1, 2]] : points.length === 4 ? [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]] : []);
    nearest.visible = true;
    nearest.position.copy(at(step.closest));
    toNearest.show([ORIGIN, at(step.closest)]);
    // The search: from the last nearest point, back towards the origin.
    const d = toVector3(step.direction);
    search.visible = d.lengthSq() > 0;
    if (search.visible) search.show(at(previous.closest), d, 1.2);
    showSupport(step.support, step.direction);
  }

  function showEpaStep(trace, step) {
    const points = trace.epa.vertices.slice(0, step.vertexCount).map((vertex) => at(vertex.point));
    polytope.showFaces(points, step.faces);
    const face = step.faces[step.nearest];
    nearestFace.showFaces(face.map((i) => points[i]), [[0, 1, 2]]);
    search.visible = true;
    search.show(ORIGIN, step.normal, Math.max(step.distance, 0.05));
    showSupport(step.support, step.normal);
  }

  return ({ kindA, kindB, step }) => {
    const a = targetA.show(kindA), b = targetB.show(kindB);
    const trace = c3d.gjkTrace(a, b);
    const intersects = c3d.intersects(a, b), distance = c3d.distance(a, b);
    targetA.paint(kindA, intersects ? COLORS.intersecting : COLORS.apart);
    targetB.paint(kindB, intersects ? COLORS.intersecting : COLORS.apart);

    // The difference of the cores: the hull of every difference of their points (samples on curved sides).
    const coreA = coreOf(a), coreB = coreOf(b);
    const differences = coreA.points.flatMap((p) => coreB.points.map((q) => p.clone().sub(q)));
    const hull = new quiet.ConvexHull(differences);  // for drawing: not the answer
    difference.showHull(hull, at);
    hull.dispose();
    const grown = trace.radiusA + trace.radiusB;
    reach.visible = grown > 0;
    reach.scale.setScalar(Math.max(grown, 1e-3));

    const gjkCount = trace.steps.length, epaCount = trace.epa?.steps.length ?? 0;
    const shown = Math.min(Math.round(step), gjkCount + epaCount - 1);
    const inEpa = shown >= gjkCount;
    for (const m of [simplexFaces, simplexEdges, nearest, toNearest, ...simplexPoints]) m.visible = !inEpa;
    polytope.visible = nearestFace.visible = inEpa;
    const rows = [['intersects', intersects ? 'yes' : 'no'], ['distance', shortNumber(distance)]];
    if (!inEpa) {
      const current = trace.steps[shown];
      showGjkStep(current, trace.steps[Math.max(shown - 1, 0)]);
      rows.push(['step', `GJK ${shown} of ${gjkCount - 1}`],
        ['simplex', SIMPLEX_NAMES[current.simplex.length]],
        ['support', shown === 0 ? 'start' : current.added ? 'added' : 'not nearer: stop'],
        ['|v| (upper)', shortNumber(current.upper)], ['lower bound', shortNumber(current.lower)]);
      if (shown === gjkCount - 1) rows.push(['stopped', trace.stop]);
    } else {
      const current = trace.epa.steps[shown - gjkCount];
      showEpaStep(trace, current);
      rows.push(['step', `EPA ${shown - gjkCount + 1} of ${epaCount}`], ['polytope', `${current.vertexCount} vertices, ${current.faces.length} faces`],
        ['nearest face', shortNumber(current.distance)], ['depth bound', shortNumber(current.depth)]);
    }
    rows.push(['cores', `${shortNumber(trace.distance)} apart, radii ${shortNumber(trace.radiusA)} + ${shortNumber(trace.radiusB)}`]);
    if (trace.contact !== null) rows.push(['contact depth', shortNumber(trace.contact.depth)], ['normal', vectorText(trace.contact.normal)]);
    return {
      rows,
      result: { inputs: { a, b }, shown, gjkSteps: gjkCount, epaSteps: epaCount, stop: trace.stop, intersects, distance,
        coreDistance: trace.distance, contact: trace.contact },
    };
  };
}
