// Character: a capsule walking a small level (character-level.js) by c3d.moveAndSlide, one call per frame, with
// the keyboard or the on-screen stick (character-controls.js) and a camera that follows it. Each update is one step:
// from the position and speeds in the parameters (so the URL reproduces the step shown, to the millimetre it keeps),
// the move is made, drawn and read out; while it runs, the next step's parameters come from where that move ended.
import * as THREE from 'three';
import { COLORS, answerMesh, arrow, decoration, marker, vectorText } from '../framework/visuals.js';
import { characterControls } from './character-controls.js';
import { level, partOf } from './character-level.js';

export const explanation = `Every frame moves the capsule by <code>c3d.moveAndSlide(capsule, motion, level,
  options)</code>, collide-and-slide (Fauerby 2003): swept along the motion to the first triangle it meets (an exact
  sweep: no speed carries it through the thin walls), it stops a skin width short, and the rest of the motion turns
  along that surface and is swept again; a second surface turns it along their crease, a third stops it (Quake's
  clipping against the planes touched). The walk goes first, then the fall. Ground within <i>max slope</i> of level
  (green) is followed up and down and stood on; steeper faces (red) are walls, slid down when falling. A wall met on
  the ground is tried as a step: up by <i>step height</i>, across, down; <i>snap to ground</i> keeps it on the ground
  walking down. Yellow: this frame's contacts, with their normals; green arrow: the ground's normal.
  <p>A frame's move is short; to see the slide, the move of the next <i>trace ahead</i> seconds at the same velocity is
  made in one call, <code>c3d.traceMoveAndSlide</code>, and drawn sweep by sweep: the centre's path (pink: walking,
  blue: falling, green: a step), a dot where each sweep stopped, the normal of what it met, and the capsule where the
  move ends (violet). The readout lists each sweep: what it met, and the motion it went on with, turned along that
  surface. The hard cases in the panel walk into a thin wall, along the angled one, into the corner and up the
  stairs.</p>`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/character/move_and_slide.h'];

export const hint = 'WASD or the arrow keys walk, space jumps; on a touch screen, the stick and the jump button. Drag ' +
  'to turn the camera, scroll or pinch to zoom. Click the capsule to pick it up and place it; click elsewhere to let ' +
  'it go. The URL keeps the step shown: copy it to share.';

export const params = {
  character: { type: 'transform', position: [0, 1.2, 7] },
  heading: { type: 'number', value: 180, min: -180, max: 180, step: 0.1, label: 'heading °' },
  walk: { type: 'number', value: 0, min: 0, max: 1, step: 0.001 },
  vy: { type: 'number', value: 0, min: -30, max: 10, step: 0.001, label: 'vertical speed' },
  maxSlope: { type: 'number', value: 45, min: 0, max: 89, step: 1, label: 'max slope °' },
  stepHeight: { type: 'number', value: 0.3, min: 0, max: 1, step: 0.01, label: 'step height' },
  snapToGround: { type: 'number', value: 0.2, min: 0, max: 1, step: 0.01, label: 'snap to ground' },
  ahead: { type: 'number', value: 1, min: 0, max: 3, step: 0.1, label: 'trace ahead (s)' },
  play: { type: 'boolean', value: true, label: 'simulate' },
};

// The hard cases: walking at full pace with the simulation stopped, so the trace ahead shows the whole slide; on the
// stairs, standing on the floor (a skin above it, so it may step) and a metre ahead: one tread's depth, as a step
// moves across no further than the next riser.
const WALKING = { walk: 1, vy: -0.333, play: false, ahead: 1, maxSlope: 45, stepHeight: 0.3, snapToGround: 0.2 };
export const presets = {
  'into a thin wall': { ...WALKING, character: [6.5, 0.91, 7], heading: 180 },
  'along the angled wall': { ...WALKING, character: [0.5, 0.91, 8.5], heading: -90, ahead: 1.5 },
  'into the corner': { ...WALKING, character: [8.5, 0.91, -2.5], heading: 170, ahead: 1.5 },
  'up the stairs': { ...WALKING, character: [2.5, 0.9035, 3.2], heading: 180, ahead: 0.25 },
};

// Behind the character and above it, looking ahead (-z); on a phone, further back.
export const camera = [0, 7.4, 15.5];
export const target = [0, 1.2, 7];
export const narrow = { camera: [0, 9.5, 18.5], target: [0, 1.2, 7] };

export const RADIUS = 0.35;
const HALF = 0.55;  // half the axis: 1.8 m tall in all
const SPEED = 4;  // m/s at a full walk
const GRAVITY = 20;  // m/s²
const JUMP = 7;  // m/s up: about 1.2 m high
export const DT = 1 / 60;  // one step per frame

const UP = { x: 0, y: 1, z: 0 };

/** The character centred at p. */
export function capsuleAt(p) {
  return { type: 'capsule', start: { x: p.x, y: p.y - HALF, z: p.z }, end: { x: p.x, y: p.y + HALF, z: p.z }, radius: RADIUS };
}

/** The motion of one step: the walk along the heading (degrees from +z towards +x) and the vertical speed. */
export function motionOf({ heading, walk, vy }) {
  const angle = heading * Math.PI / 180, run = walk * SPEED * DT;
  // Exact at the quarter turns: Math.sin(Math.PI) is 1.2e-16, which would walk sideways along a wall met head on.
  const exact = (x) => (Math.abs(x) < 1e-15 ? 0 : x);
  return { x: exact(Math.sin(angle)) * run, y: vy * DT, z: exact(Math.cos(angle)) * run };
}

export function optionsOf({ maxSlope, stepHeight, snapToGround }) {
  return { up: UP, maxSlope: maxSlope * Math.PI / 180, stepHeight, snapToGround };
}

/**
 * The parameters of the step after `moved` (moveAndSlide's answer): its new centre, the walk wanted, and the vertical
 * speed: on the ground, a jump's or a slight push down (so it stays pressed to the ground); in the air, the speed it
 * really rose or fell at (a ceiling or a crease stops it), less gravity's share. The centre is kept as it is, not
 * rounded to the millimetre the URL keeps: rounded, it would land inside the skin and be pushed back out every frame.
 */
export function nextStep(values, moved, { walk, heading, jump }) {
  const { start, end } = moved.shape;
  const centre = [(start.x + end.x) / 2, (start.y + end.y) / 2, (start.z + end.z) / 2];
  const vy = moved.grounded ? (jump ? JUMP : -GRAVITY * DT) : Math.min(values.vy, moved.translation.y / DT) - GRAVITY * DT;
  return { character: centre, vy: Math.max(params.vy.min, vy), walk, heading };
}

// The parts of the answer a test can compare (a contact's `object` is the TriangleMesh itself).
const plainContact = ({ point, normal, triangleIndex }) => ({ point, normal, triangleIndex });
function plain({ shape, translation, grounded, groundNormal, contacts }) {
  return { shape, translation, grounded, groundNormal, contacts: contacts.map(plainContact) };
}

// The colour of a sweep's part of the move; a dot where it stopped; the ghost where the traced move ends.
const PART_COLORS = { walk: COLORS.caster, fall: COLORS.back, step: COLORS.front, ground: COLORS.result };

/** The trace ahead: the centre's path sweep by sweep from `centre`, where each stopped, and the normals met. */
function traceView(stage, onTop) {
  const path = new THREE.LineSegments(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ vertexColors: true }));
  path.frustumCulled = false;
  const ghost = answerMesh(new THREE.CapsuleGeometry(RADIUS, 2 * HALF, 12, 32), 0.3);
  ghost.paint(COLORS.ghost);
  ghost.material.depthWrite = false;
  stage.scene.add(onTop(decoration(path)), decoration(ghost));
  const marks = [];
  return (centre, steps) => {
    const at = (v) => new THREE.Vector3(centre.x + v.x, centre.y + v.y, centre.z + v.z);
    const points = [], colors = [];
    for (const { part, from, to } of steps) {
      points.push(at(from), at(to));
      const color = new THREE.Color(PART_COLORS[part]);
      colors.push(color.r, color.g, color.b, color.r, color.g, color.b);
    }
    path.geometry.dispose();
    path.geometry = new THREE.BufferGeometry().setFromPoints(points);
    path.geometry.setAttribute('color', new THREE.Float32BufferAttribute(colors, 3));
    while (marks.length < steps.length) {
      const mark = { stop: onTop(marker(COLORS.normal, 0.05)), normal: onTop(arrow(COLORS.normal, 0.5)) };
      stage.scene.add(mark.stop, mark.normal);
      marks.push(mark);
    }
    marks.forEach((mark, k) => {
      const step = steps[k];
      mark.stop.visible = k < steps.length;
      mark.normal.visible = mark.stop.visible && step.contact !== null;
      if (!mark.stop.visible) return;
      mark.stop.position.copy(at(step.to));
      if (mark.normal.visible) mark.normal.show(mark.stop.position, step.contact.normal, 0.5);
    });
    ghost.visible = steps.length > 0;
    if (ghost.visible) ghost.position.copy(at(steps.at(-1).to));
  };
}

const isZero = (v) => v.x === 0 && v.y === 0 && v.z === 0;

// A readout row for each sweep of the trace ahead (the first eight): its part, what it met, what it went on with.
function sweepRows(steps, parts) {
  const rows = steps.slice(0, 8).map(({ part, contact, next }, k) => [`sweep ${k + 1}`,
    `${part}: ${contact === null ? 'met nothing' : `met ${partOf(parts, contact.triangleIndex)}`}, ${isZero(next) ? 'stop' : `on ${vectorText(next, 2)}`}`]);
  if (steps.length > 8) rows.push(['sweeps', `${steps.length} in all`]);
  return rows;
}

// A label facing the camera, as a sprite of canvas text.
function label(text) {
  const canvas = document.createElement('canvas');
  canvas.width = 256;
  canvas.height = 48;
  const context = canvas.getContext('2d');
  context.font = '600 28px system-ui, sans-serif';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillStyle = 'rgba(17, 20, 24, 0.7)';
  const width = Math.min(256, context.measureText(text).width + 24);
  context.fillRect((256 - width) / 2, 4, width, 40);
  context.fillStyle = '#e8ecf1';
  context.fillText(text, 128, 25);
  const sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: new THREE.CanvasTexture(canvas), depthWrite: false }));
  sprite.scale.set(2, 0.375, 1);
  return decoration(sprite);
}

const WALKABLE = new THREE.Color(0x5f8f6c), STEEP = new THREE.Color(0xa56a58);
const TILES = [new THREE.Color(0x4a5263), new THREE.Color(0x566072)];

export function create({ c3d, describe, stage, handles, values, set }) {
  const { positions, indices, parts } = level();
  describe(positions, { name: 'levelPositions', about: `the level's ${positions.length / 3} vertices, x, y, z each` });
  describe(indices, { name: 'levelIndex', about: `three vertex numbers per triangle, ${indices.length / 3} triangles` });
  const world = new c3d.TriangleMesh(positions, indices);

  // The level drawn flat-shaded, a colour per triangle: the floor's squares in two tones, the rest by its slope.
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  geometry.setIndex(new THREE.BufferAttribute(indices, 1));
  const drawn = geometry.toNonIndexed();
  drawn.computeVertexNormals();
  const colors = new THREE.BufferAttribute(new Float32Array(drawn.attributes.position.count * 3), 3);
  drawn.setAttribute('color', colors);
  const ground = new THREE.Mesh(drawn, new THREE.MeshStandardMaterial({ vertexColors: true, flatShading: true,
    side: THREE.DoubleSide, roughness: 0.8 }));
  const edges = decoration(new THREE.LineSegments(new THREE.EdgesGeometry(drawn, 10),
    new THREE.LineBasicMaterial({ color: 0xdde3ee, transparent: true, opacity: 0.35 })));
  stage.scene.add(ground, edges, ...parts.map(({ name, at }) => {
    const sprite = label(name);
    sprite.position.fromArray(at);
    return sprite;
  }));
  const floor = parts.find((p) => p.name === 'floor');
  let paintedFor = null;
  function paintLevel(maxSlope) {
    if (paintedFor === maxSlope) return;
    paintedFor = maxSlope;
    const normals = drawn.attributes.normal, cosine = Math.cos(maxSlope * Math.PI / 180);
    for (let k = 0; k < indices.length / 3; k += 1) {
      const x = Math.floor(drawn.attributes.position.getX(3 * k) + 0.5), z = Math.floor(drawn.attributes.position.getZ(3 * k) + 0.5);
      const color = k < floor.first + floor.count ? TILES[(x + z) & 1]
        : Math.abs(normals.getY(3 * k)) >= cosine ? WALKABLE : STEEP;
      for (let c = 0; c < 3; c += 1) colors.setXYZ(3 * k + c, color.r, color.g, color.b);
    }
    colors.needsUpdate = true;
  }

  // The character, its heading and the answer's contacts and ground normal.
  const body = answerMesh(new THREE.CapsuleGeometry(RADIUS, 2 * HALF, 12, 32), 0.55);
  const nose = decoration(new THREE.Mesh(new THREE.ConeGeometry(0.12, 0.3, 16).rotateX(Math.PI / 2),
    new THREE.MeshBasicMaterial({ color: COLORS.normal })));
  nose.position.set(0, 0.45, RADIUS + 0.1);
  const facing = new THREE.Group();
  facing.add(nose);
  handles.character.add(body, facing);
  // The answer is drawn over everything, so that the contacts under the character and behind walls show.
  const onTop = (object) => {
    object.traverse((node) => {
      if (node.material) Object.assign(node.material, { depthTest: false, transparent: true });  // after the capsule
      node.renderOrder = 3;
    });
    return object;
  };
  const showTrace = traceView(stage, onTop);
  const groundArrow = onTop(arrow(COLORS.front, 1));
  const contactMarks = [];
  stage.scene.add(groundArrow);
  function showContacts(contacts) {
    while (contactMarks.length < contacts.length) {
      const mark = { point: onTop(marker(COLORS.result, 0.06)), normal: onTop(arrow(COLORS.normal, 0.6)) };
      stage.scene.add(mark.point, mark.normal);
      contactMarks.push(mark);
    }
    contactMarks.forEach((mark, k) => {
      mark.point.visible = mark.normal.visible = k < contacts.length;
      if (k >= contacts.length) return;
      mark.point.position.copy(contacts[k].point);
      mark.normal.show(mark.point.position, contacts[k].normal, 0.6);
    });
  }

  // The camera keeps its offset from the character (where the page put it at first, then as the user orbits).
  let focused = stage.orbit.target.clone();
  function follow(position) {
    const focus = new THREE.Vector3(position.x, position.y, position.z);
    stage.camera.position.add(focus.clone().sub(focused));
    stage.orbit.target.copy(focus);
    stage.orbit.update();
    focused = focus;
  }

  // The walk wanted, turned from the camera's view into a heading on the level.
  const forward = new THREE.Vector3();
  function walkOf({ forward: ahead, right }) {
    forward.subVectors(stage.orbit.target, stage.camera.position).setY(0).normalize();
    const x = forward.x * ahead - forward.z * right, z = forward.z * ahead + forward.x * right;
    const walk = Math.min(1, Math.hypot(x, z));
    return { walk, heading: walk === 0 ? values.heading : Math.atan2(x, z) * 180 / Math.PI };
  }

  const controls = characterControls(() => stage.requestRender());
  let moved = null;  // the answer for the step shown
  stage.onFrame(() => {
    if (!values.play || stage.selected === 'character' || moved === null) return false;
    const input = controls.read();
    const { walk, heading } = walkOf(input);
    const next = nextStep(values, moved, { walk, heading, jump: input.jump });
    // At rest (standing, or wedged in the crease) with nothing pressed, the next step would be this one: stop.
    const still = Math.hypot(moved.translation.x, moved.translation.y, moved.translation.z) < 1e-9;
    if (walk === 0 && !input.jump && values.walk === 0 && still && Math.abs(next.vy - values.vy) < 1e-3) return false;
    set(next);
    return true;
  });

  return (values) => {
    const p = handles.character.position;
    const inputs = { shape: capsuleAt(p), motion: motionOf(values), options: optionsOf(values) };
    moved = c3d.moveAndSlide(inputs.shape, inputs.motion, world, inputs.options);
    // The move of the next `ahead` seconds at this velocity, in one call, traced.
    const scale = values.ahead / DT;
    inputs.ahead = { x: inputs.motion.x * scale, y: inputs.motion.y * scale, z: inputs.motion.z * scale };
    const traced = values.ahead > 0 && !isZero(inputs.ahead)
      ? c3d.traceMoveAndSlide(inputs.shape, inputs.ahead, world, inputs.options).steps : [];
    showTrace(p, traced);

    paintLevel(values.maxSlope);
    follow(p);
    facing.rotation.y = values.heading * Math.PI / 180;
    body.paint(moved.grounded ? COLORS.front : COLORS.apart);
    showContacts(moved.contacts);
    groundArrow.visible = moved.groundNormal !== null;
    if (groundArrow.visible) groundArrow.show(new THREE.Vector3(p.x, p.y - HALF - RADIUS, p.z), moved.groundNormal, 1.2);

    const { start, end } = moved.shape;
    const touching = [...new Set(moved.contacts.map(({ triangleIndex }) => partOf(parts, triangleIndex)))];
    const slope = moved.groundNormal && Math.acos(Math.min(1, moved.groundNormal.y)) * 180 / Math.PI;
    const rows = [['grounded', moved.grounded ? 'yes' : 'no'],
      ['ground normal', moved.groundNormal ? vectorText(moved.groundNormal) : '–'],
      ['slope', moved.groundNormal ? `${slope.toFixed(1)}°` : '–'],
      ['contacts', String(moved.contacts.length)], ['touching', touching.join(', ') || '–'],
      ['position', vectorText({ x: (start.x + end.x) / 2, y: (start.y + end.y) / 2, z: (start.z + end.z) / 2 })],
      ['moved', vectorText(moved.translation)], ...sweepRows(traced, parts)];
    const ahead = traced.map(({ contact, ...step }) => ({ ...step, contact: contact && plainContact(contact) }));
    return { rows, result: { inputs, moved: plain(moved), touching, ahead } };
  };
}
