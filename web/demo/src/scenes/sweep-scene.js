// The part the sweep scenes share (sweep-sphere.js, sweep-capsule.js, sweep-aabb.js, sweep-obb.js): the moving shape
// on its `start` handle, its velocity as an arrow to the `end` handle, a target picked among every shape sweep()
// answers (sweep-targets.js), and the answer: the shape at the time of impact (the ghost), the contact point and the
// target's normal there; after a miss, the shape at the end of its motion, faded. Not a scene of its own; the
// drawing of the motion (motionView) also serves sweep-terrain.js.
import * as THREE from 'three';
import { COLORS, answerMesh, arrow, boxMesh, decoration, marker, planePatch, polytopeMesh, toVector3, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { coreOf, grownPoints, sweepObstacle } from '../framework/minkowski.js';
import { worldPoints } from './local-points.js';
import { TARGETS, sweepTargets } from './sweep-targets.js';

/**
 * The parameters every sweep scene has, from its starting layout: `start` and `target` ({ position, rotation? }),
 * the `end` position and the target `kind`; `own` adds the moving shape's sizes.
 */
export function sweepParams({ start, end, target, kind }, own) {
  return {
    start: { type: 'transform', ...start },
    end: { type: 'transform', position: end },
    target: { type: 'transform', ...target },
    kind: { type: 'choice', value: kind, options: TARGETS, label: 'target' },
    ...own,
    grown: { type: 'boolean', value: true, label: 'target grown by the shape' },
  };
}

/** A moving box's half sizes, as parameters. */
export function boxSizes({ x, y, z }) {
  const half = (label, value) => ({ type: 'number', value, min: 0.05, max: 3, step: 0.01, label });
  return { hx: half('half x', x), hy: half('half y', y), hz: half('half z', z) };
}

/** The body of a moving box (AABB or OBB): a unit box scaled to its half sizes. */
export const boxBody = {
  body: (opacity) => boxMesh(opacity),
  fit: (mesh, { hx, hy, hz }) => mesh.scale.set(2 * hx, 2 * hy, 2 * hz),
};

const UP = new THREE.Vector3(0, 1, 0);

/** The body of a moving capsule (sweep-capsule.js, sweep-terrain.js), its axis along its handle's y. */
export const capsuleBody = {
  body: (opacity) => answerMesh(new THREE.CapsuleGeometry(1, 1, 12, 32), opacity),
  fit(mesh, { radius, length }) {
    mesh.geometry.dispose();
    mesh.geometry = new THREE.CapsuleGeometry(radius, length, 12, 32);
  },
  /** The capsule on `group`, in world space. */
  shapeOn(group, { radius, length }) {
    const [start, end] = worldPoints(group, [UP.clone().multiplyScalar(-length / 2), UP.clone().multiplyScalar(length / 2)]);
    return { type: 'capsule', start, end, radius };
  },
};

const BOXES = ['aabb', 'obb'];

// Where the camera starts: the motion runs from upper left to the target at the origin, so the orbit centre sits
// left of it, putting the scene right of the info panel; on a phone, further back and aimed below the scene, which
// then sits above the panel.
export const camera = [1.5, 5, 11];
export const target = [-2.2, 0, 0];
export const narrow = { camera: [4, 7, 16], target: [-0.6, -2.4, 0] };

/** Which of sweep.h's methods answers the pair: what the readout's `method` row names. */
export function methodOf(moving, target) {
  if (['cylinder', 'cone', 'ellipsoid', 'convex'].includes(target)) return 'GJK ray cast';
  if (target === 'plane') {
    return moving === 'sphere' ? 'signed distance, closed form'
      : moving === 'capsule' ? 'both end balls, closed form' : 'one axis: the plane\'s normal';
  }
  if (BOXES.includes(moving) && ['triangle', ...BOXES].includes(target)) return 'separating axes over time';
  return 'cast on Minkowski difference';
}

/**
 * The drawing of a moving shape, which sweep-terrain.js shares: `makeBody(opacity)` gives a mesh of the shape in the
 * start handle's frame, drawn on the handle and again as the ghost; `show(velocity, hit)` draws the velocity arrow,
 * the ghost at the time of impact (faded at the end of the motion after a miss), the contact point and the normal.
 */
export function motionView(stage, handles, makeBody) {
  const body = makeBody(0.65);
  handles.start.add(body, marker(COLORS.normal, 0.05));
  // The velocity and its grip stay in sight (and in reach) when they end inside a target or under a terrain.
  const grip = marker(COLORS.caster, 0.1);
  handles.end.add(grip);
  const velocityArrow = arrow(COLORS.caster);
  for (const part of [grip, velocityArrow.line, velocityArrow.cone]) {
    part.material.depthTest = false;
    part.material.transparent = true;  // drawn with the translucent shapes, after them (renderOrder)
    part.renderOrder = 3;
  }
  // The ghost turns with the start handle, as the shape it copies.
  const ghostFrame = new THREE.Group();
  const ghost = makeBody(0.35);
  ghostFrame.add(ghost);
  const contact = marker(COLORS.result, 0.09);
  const normal = arrow(COLORS.normal);
  stage.scene.add(velocityArrow, ghostFrame, contact, normal);
  const bounds = new THREE.Box3(), reach = new THREE.Sphere();  // how long the normal must be to leave the ghost

  return {
    body, ghost,
    /** The motion from the start handle to the end handle. */
    velocity: () => new THREE.Vector3().subVectors(handles.end.position, handles.start.position),
    show(velocity, hit) {
      body.paint(hit ? COLORS.intersecting : COLORS.apart);
      velocityArrow.visible = velocity.lengthSq() > 0;
      if (velocityArrow.visible) {
        velocityArrow.show(handles.start.position, velocity, velocity.length());
        velocityArrow.setLength(velocity.length(), Math.min(0.4, velocity.length() / 3), 0.16);  // a head past the grip
      }
      ghostFrame.position.copy(handles.start.position).addScaledVector(velocity, hit ? hit.t : 1);
      ghostFrame.quaternion.copy(handles.start.quaternion);
      ghost.paint(hit ? COLORS.ghost : COLORS.apart);
      ghost.material.opacity = hit ? 0.35 : 0.18;
      contact.visible = normal.visible = hit !== null;
      if (hit === null) return;
      contact.position.copy(hit.point);
      ghostFrame.updateMatrixWorld();
      normal.show(contact.position, hit.normal, 2 * bounds.setFromObject(ghost).getBoundingSphere(reach).radius + 0.4);
    },
  };
}

/** What the explanations say of the grown target the sweep scenes draw. */
export const OBSTACLE_TEXT = `<p>The violet shape about the target is the target grown by the moving shape (their
  Minkowski difference, taken about the moving shape's centre; Ericson §5.5.7): the centre's path, the arrow, first
  meets its surface at the time of impact (the white dot, the ghost's centre). Where a side is curved it is drawn
  from samples; against a plane, it is the plane moved out by the shape's reach towards it.</p>`;

/**
 * The target grown by the moving shape about `centre`: a hull (a `polytopeMesh`), or for a plane the plane moved out
 * by the shape's reach on the centre's side; `show` draws it and returns what was drawn (the hull's core points and
 * radius, or the moved plane), null when hidden.
 */
function obstacleView(stage, quiet) {
  const hull = polytopeMesh(COLORS.ghost, { opacity: 0.12, depthWrite: false });
  const plane = decoration(planePatch(9, COLORS.ghost));
  stage.scene.add(hull, plane);
  return (moving, centre, target, shown) => {
    hull.visible = plane.visible = false;
    if (!shown) return null;
    if (target.type === 'plane') {
      const length = toVector3(target.normal).length(), n = toVector3(target.normal).divideScalar(length);
      const distance = n.dot(centre) + target.constant / length, side = distance < 0 ? -1 : 1;
      const { points, radius } = coreOf(moving);
      const reach = Math.max(...points.map((p) => -side * n.dot(p.clone().sub(centre)))) + radius;
      plane.visible = true;
      plane.position.copy(centre).addScaledVector(n, side * reach - distance);
      plane.quaternion.setFromUnitVectors(new THREE.Vector3(0, 0, 1), n);
      return { normal: n, constant: -n.dot(plane.position) };
    }
    const { points, radius, curved } = sweepObstacle(moving, centre, target);
    const drawn = new quiet.ConvexHull(grownPoints(points, radius));  // for drawing: not the answer
    hull.showHull(drawn);
    drawn.dispose();
    hull.edges.visible = !curved && radius === 0;  // a curved hull's facets would be all lines
    return { points, radius };
  };
}

/** The readout's first row: whether and when the shapes touch. */
export const contactText = (hit) => hit === null ? 'no contact' : hit.t === 0 ? 'already touching' : 'while moving';

/**
 * Builds the scene. `mover` describes the moving shape: its `type`, `body(opacity)` (a mesh in the start handle's
 * frame), `fit(mesh, values)` (sizes a body), `shape(values)` (the collide3d shape on the start handle) and
 * optionally `construction(moving, velocity, target)`, readout rows of how the answer is made.
 */
export function createSweep({ stage, c3d, quiet, handles }, mover) {
  const view = motionView(stage, handles, mover.body);
  const targets = sweepTargets(handles.target);
  const showObstacle = obstacleView(stage, quiet);
  const centreAtContact = decoration(marker(COLORS.normal, 0.07));
  stage.scene.add(centreAtContact);

  return (values) => {
    const { kind, grown } = values;
    const moving = mover.shape(values);
    const velocity = view.velocity();
    const target = targets.show(kind);
    const hit = c3d.sweep(moving, velocity, target);
    mover.fit(view.body, values);
    mover.fit(view.ghost, values);
    targets.paint(kind, hit ? COLORS.intersecting : COLORS.apart);
    view.show(velocity, hit);
    const centre = handles.start.position;
    const obstacle = showObstacle(moving, centre, target, grown);
    centreAtContact.visible = hit !== null;

    const rows = [['contact', contactText(hit)], ['target', kind], ['method', methodOf(mover.type, kind)]];
    const result = { inputs: { moving, velocity, target }, hit, obstacle };
    if (hit !== null) {
      centreAtContact.position.copy(centre).addScaledVector(velocity, hit.t);
      rows.push(['t', shortNumber(hit.t)], ['point', vectorText(hit.point)], ['normal', vectorText(hit.normal)],
        ['centre then', vectorText(centreAtContact.position)]);
    }
    rows.push(...(mover.construction?.(moving, velocity, target) ?? []));
    return { rows, result };
  };
}
