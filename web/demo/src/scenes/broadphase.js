// Broadphase: a few hundred boxes drifting in a room; every overlapping pair by allPairs (all boxes at once, from
// their numbers) and by an AabbTree kept up to date as they move (update, then pairs), the same pairs both ways, and
// the boxes a probe sphere meets by the tree's query; with the time each takes beside box-intersect's and testing
// every pair.
import * as THREE from 'three';
import boxIntersect from 'box-intersect';
import { mulberry32 } from '../framework/random.js';
import { COLORS, answerMesh, decoration } from '../framework/visuals.js';
import { afterChanges, microseconds } from '../framework/timing.js';

export const explanation = `A broadphase finds the few pairs of objects worth an exact test among the many pairs
  there are (n(n − 1)/2: 44,850 for 300 boxes). <code>allPairs(boxes)</code> takes every box at once, as six numbers
  each, sorts them along a space-filling curve (the Morton order of their centres: near in space, near in the order),
  cuts the order into blocks of four and builds a four-way tree of bounding boxes over the blocks; then, for each
  group of four blocks, it descends the tree only into the boxes the group's box meets, and tests the boxes of blocks
  that meet four at a time on SIMD lanes. An <code>AabbTree</code> keeps its boxes in a tree of
  bounding boxes, each stored a margin larger than given, so a box that moves a little stays where it is in the tree
  (Bergen 2004; Catto's Box2D): <code>update(id, box)</code> when it moves, then <code>pairs()</code> walks the tree
  against itself, and <code>query(shape)</code> descends only into the boxes the shape meets. Both decide each pair
  on the boxes as given, touching included, so they find the same pairs: the lines join their centres, and boxes in
  a pair are orange. The probe sphere's boxes are yellow. Press <i>play</i> to let them drift.`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/broadphase/all_pairs.h', 'cpp/collide3d/broadphase/dynamic_tree.h'];

export const params = {
  probe: { type: 'transform', position: [1.5, 0.5, 1] },
  radius: { type: 'number', value: 1.5, min: 0.1, max: 4, step: 0.01, label: 'probe radius' },
  count: { type: 'choice', value: '300', options: ['100', '300', '1000'], label: 'boxes' },
  time: { type: 'number', value: 0, min: 0, max: 60, step: 0.01 },
  play: { type: 'boolean', value: false },
};

export const camera = [6, 12, 16];
// The info panel covers the left of the page: the view looks a little left so that the room clears it.
export const target = [-4, 0, 0];
export const narrow = { camera: [4, 20, 26], target: [-1, -4, 0] };

const SEED = 7;

/**
 * The boxes at a time: each has a centre in a 14 × 4 × 14 room, half sizes from 0.1 to 0.45, and drifts about its
 * centre on its own slow loop. Six numbers per box (min x, y, z, max x, y, z), as allPairs takes them; exported so
 * that the browser test can compute the pairs in node.
 */
export function boxesAt(count, time) {
  const random = mulberry32(SEED);
  const between = (lo, hi) => lo + (hi - lo) * random();
  const numbers = new Float64Array(6 * count);
  for (let i = 0; i < count; i += 1) {
    const center = [between(-7, 7), between(-2, 2), between(-7, 7)];
    const half = [between(0.1, 0.45), between(0.1, 0.45), between(0.1, 0.45)];
    const [speed, phase, reach] = [between(0.2, 0.8), between(0, 2 * Math.PI), between(0.5, 2)];
    const drift = [reach * Math.sin(speed * time + phase), 0.3 * reach * Math.sin(1.3 * speed * time + 2 * phase), reach * Math.cos(speed * time + phase)];
    for (let k = 0; k < 3; k += 1) {
      numbers[6 * i + k] = center[k] + drift[k] - half[k];
      numbers[6 * i + k + 3] = center[k] + drift[k] + half[k];
    }
  }
  return numbers;
}

/** Box i of the numbers as a collide3d shape. */
export const boxOf = (numbers, i) => ({
  type: 'aabb', min: { x: numbers[6 * i], y: numbers[6 * i + 1], z: numbers[6 * i + 2] },
  max: { x: numbers[6 * i + 3], y: numbers[6 * i + 4], z: numbers[6 * i + 5] },
});

/** The pairs of a flat list i, j, i, j, ..., each as [i, j] with i < j, sorted. */
export const sortedPairs = (flat) => Array.from({ length: flat.length / 2 }, (_, k) => [flat[2 * k], flat[2 * k + 1]].sort((a, b) => a - b))
  .sort((p, q) => p[0] - q[0] || p[1] - q[1]);

export function create({ c3d, quiet, describe, stage, handles, values, set, live }) {
  const probeBody = decoration(answerMesh(new THREE.SphereGeometry(1, 32, 16), 0.25));
  probeBody.paint(COLORS.result);
  handles.probe.add(probeBody);
  const links = decoration(new THREE.LineSegments(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color: COLORS.result })));
  links.frustumCulled = false;
  stage.scene.add(links);
  const colors = { alone: new THREE.Color(COLORS.apart), paired: new THREE.Color(COLORS.intersecting), probed: new THREE.Color(COLORS.result) };

  // Per box count: the boxes' instances, their numbers (refilled as time passes) and the tree holding them.
  let world = null;
  function worldFor(count, time) {
    if (world?.count !== count) {
      if (world !== null) {
        stage.scene.remove(world.boxes);
        world.boxes.geometry.dispose();
        world.tree.dispose();
      }
      const boxes = new THREE.InstancedMesh(new THREE.BoxGeometry(1, 1, 1),
        new THREE.MeshStandardMaterial({ roughness: 0.6, transparent: true, opacity: 0.8 }), count);
      decoration(boxes);
      stage.scene.add(boxes);
      const numbers = boxesAt(count, time);
      const tree = new quiet.AabbTree();
      tree.insertMany(numbers);  // ids 0 .. count - 1, in order
      const quietPairs = tree.pairs.bind(tree);  // for the timing, before describe records the method
      describe(numbers, { name: 'boxes', about: `${count} boxes, min x, y, z, max x, y, z each, in a Float64Array` });
      describe(tree, { name: 'tree', about: `an AabbTree of the same boxes (tree.insertMany(boxes)), each moved by tree.update(id, box) as they drift`,
        methods: ['pairs', 'query'] });
      world = { count, time, boxes, numbers, tree, quietPairs };
    }
    if (world.time !== time) {
      world.numbers.set(boxesAt(count, time));
      for (let i = 0; i < count; i += 1) world.tree.update(i, boxOf(world.numbers, i));
      world.time = time;
    }
    return world;
  }

  // Each box's instance placed and coloured; the lines join the centres of each pair.
  function draw({ boxes, numbers, count }, pairs, probed) {
    const matrix = new THREE.Matrix4(), paired = new Uint8Array(count), centres = [];
    const centre = (i) => [0, 1, 2].map((k) => (numbers[6 * i + k] + numbers[6 * i + k + 3]) / 2);
    for (let k = 0; k < pairs.length; k += 1) paired[pairs[k]] = 1;
    for (let k = 0; k < pairs.length; k += 2) centres.push(...centre(pairs[k]), ...centre(pairs[k + 1]));
    for (let i = 0; i < count; i += 1) {
      const size = [0, 1, 2].map((k) => numbers[6 * i + k + 3] - numbers[6 * i + k]);
      boxes.setMatrixAt(i, matrix.makeScale(...size).setPosition(...centre(i)));
      boxes.setColorAt(i, paired[i] ? colors.paired : colors.alone);
    }
    for (const i of probed) boxes.setColorAt(i, colors.probed);
    boxes.instanceMatrix.needsUpdate = true;
    boxes.instanceColor.needsUpdate = true;
    links.geometry.dispose();
    links.geometry = new THREE.BufferGeometry().setAttribute('position', new THREE.Float32BufferAttribute(centres, 3));
  }

  // Timed on the current boxes, unrecorded: collide3d's two ways, box-intersect, and every pair tested in JavaScript.
  const timeAll = afterChanges(({ numbers, tree, quietPairs, count }) => {
    const arrays = Array.from({ length: count }, (_, i) => Array.from(numbers.subarray(6 * i, 6 * i + 6)));
    const everyPair = () => {
      let found = 0;
      for (let i = 0; i < count; i += 1) {
        for (let j = i + 1; j < count; j += 1) {
          found += [0, 1, 2].every((k) => numbers[6 * i + k] <= numbers[6 * j + k + 3] && numbers[6 * j + k] <= numbers[6 * i + k + 3]);
        }
      }
      return found;
    };
    const update = () => { for (let i = 0; i < count; i += 1) tree.update(i, boxOf(numbers, i)); };
    live([
      ['allPairs', `${microseconds(() => quiet.allPairs(numbers)).toFixed(0)} µs`],
      ['AabbTree update + pairs', `${microseconds(() => { update(); quietPairs(); }).toFixed(0)} µs`],
      ['box-intersect', `${microseconds(() => boxIntersect(arrays)).toFixed(0)} µs`],
      ['every pair in JS', `${microseconds(everyPair).toFixed(0)} µs`],
    ]);
  });

  // Playing, time runs at its own pace (a frame's step at most 0.1 s, after a pause).
  let lastFrame = null;
  stage.onFrame((now) => {
    const step = lastFrame === null ? 0 : Math.min((now - lastFrame) / 1000, 0.1);
    lastFrame = values.play ? now : null;
    if (!values.play) return false;
    set({ time: Math.round(100 * ((values.time + step) % 60)) / 100 });
    return true;
  });

  return ({ count, time, radius }) => {
    const current = worldFor(Number(count), time);
    const pairs = c3d.allPairs(current.numbers);
    const treePairs = current.tree.pairs();
    const probe = { type: 'sphere', center: handles.probe.position.clone(), radius };
    probeBody.scale.setScalar(radius);
    const probed = current.tree.query(probe);
    draw(current, pairs, probed);
    timeAll(current);
    const same = JSON.stringify(sortedPairs(pairs)) === JSON.stringify(sortedPairs(treePairs));
    return {
      rows: [['boxes', count], ['pairs of boxes', String((current.count * (current.count - 1)) / 2)],
        ['allPairs', `${pairs.length / 2} overlapping pairs`],
        ['AabbTree.pairs()', `${treePairs.length / 2}${same ? ', the same' : ', different!'}`],
        ['probe meets', `${probed.length} boxes`]],
      result: { inputs: { count: current.count, time, probe }, pairs: sortedPairs(pairs), treePairs: sortedPairs(treePairs), probed: [...probed] },
    };
  };
}
