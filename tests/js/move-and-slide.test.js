// c3d.moveAndSlide through the package: a character walking a small level frame by frame (values derived by hand, and
// every frame checked against the level's triangles with the exact c3d.intersects), worlds of meshes and trees, the
// world kept between calls and replaced, bad arguments, and a flat heap.
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { mulberry32 } from '../../bench/random.mjs';
import { aabb, capsule, obb, sphere, triangle, v } from './helpers.js';

let c3d;
beforeAll(async () => { c3d = await init(); });

const RADIUS = 0.3, SKIN = 0.003;  // the default skin: 1% of the radius
const character = (x, y, z) => capsule(v(x, y + RADIUS, z), v(x, y + 0.7, z), RADIUS);
const feetOf = (c) => c.start.y - RADIUS;

// Quads (a, b, c, d) as two triangles each, the positions a TriangleMesh takes and the triangles for c.intersects.
function level(quads) {
  const positions = [];
  for (const [a, b, c, d] of quads) for (const p of [a, b, c, a, c, d]) positions.push(p.x, p.y, p.z);
  const triangles = [];
  const f = Float32Array.from(positions);
  for (let i = 0; i < f.length; i += 9) triangles.push(triangle(v(f[i], f[i + 1], f[i + 2]), v(f[i + 3], f[i + 4], f[i + 5]), v(f[i + 6], f[i + 7], f[i + 8])));
  return { positions: f, triangles };
}
const floorQuad = (y, x0, x1, z0, z1) => [v(x0, y, z0), v(x0, y, z1), v(x1, y, z1), v(x1, y, z0)];
const wallX = (x, y0, y1, z0, z1) => [v(x, y0, z0), v(x, y1, z0), v(x, y1, z1), v(x, y0, z1)];

// A floor at 0 up to x = 2, two steps of 0.2 (risers at x = 2 and 2.5), a landing at 0.4, and a thin wall at x = 6.
const STAIRS = [
  floorQuad(0, -3, 2, -2, 2), wallX(2, 0, 0.2, -2, 2), floorQuad(0.2, 2, 2.5, -2, 2), wallX(2.5, 0.2, 0.4, -2, 2),
  floorQuad(0.4, 2.5, 6, -2, 2), wallX(6, 0.4, 1e6, -1e6, 1e6),
];

describe('moveAndSlide', () => {
  it('walks a level: lands a skin above the floor, climbs steps, stops at a thin wall, never meets a triangle', () => {
    const { positions, triangles } = level(STAIRS);
    const mesh = new c3d.TriangleMesh(positions);
    let shape = character(0, 0.1, 0);
    const opts = { stepHeight: 0.25, snapToGround: 0.25 };
    let move = c3d.moveAndSlide(shape, v(0, -0.2, 0), mesh, opts);
    expect(move.grounded).toBe(true);
    expect(move.groundNormal).toEqual(v(0, 1, 0));
    expect(feetOf(move.shape)).toBeCloseTo(SKIN, 12);
    expect(move.translation.x).toBe(0);
    expect(move.contacts.map((c) => c.object)).toEqual([mesh]);
    expect([0, 1]).toContain(move.contacts[0].triangleIndex);  // the first floor quad's triangles
    const against = 6 - RADIUS - SKIN;  // where the wall stops it
    let reached = -1;
    for (let frame = 0; frame < 150; ++frame) {
      shape = move.shape;
      move = c3d.moveAndSlide(shape, v(0.05, -0.1, 0), mesh, opts);
      // The moved shape is the shape translated.
      expect(move.shape.start).toEqual(v(shape.start.x + move.translation.x, shape.start.y + move.translation.y, shape.start.z + move.translation.z));
      expect(move.shape.radius).toBe(RADIUS);
      for (const t of triangles) expect(c3d.intersects(move.shape, t)).toBe(false);
      // No frame goes further across than it asks, steps included (beyond the rounding of coordinates below 10).
      expect(Math.hypot(move.translation.x, move.translation.z)).toBeLessThanOrEqual(0.05 + 1e-12);
      if (reached < 0 && move.shape.start.x > against - 1e-9) reached = frame + 1;
    }
    // Nor short of it: the walk to the wall, over both steps, takes the frames it would on the flat.
    expect(reached).toBe(Math.ceil(against / 0.05));
    expect(move.grounded).toBe(true);
    expect(feetOf(move.shape)).toBeCloseTo(Math.fround(0.4) + SKIN, 12);
    expect(move.shape.start.x).toBeCloseTo(6 - RADIUS - SKIN, 12);  // against the wall
    expect(move.contacts.some((c) => c.normal.x < -0.999)).toBe(true);
    mesh.dispose();
  });

  it('never passes a zero-thickness wall, however fast', () => {
    const { positions, triangles } = level([wallX(1, -1e6, 1e6, -1e6, 1e6)]);
    const mesh = new c3d.TriangleMesh(positions);
    const random = mulberry32(9);
    for (let run = 0; run < 200; ++run) {
      const radius = 0.1 + random();
      let shape = sphere(v(1 - radius - 0.01 - 2 * random(), random(), random()), radius);
      const speed = 10 ** (random() * 8 - 3);
      for (let frame = 0; frame < 4; ++frame) {
        const motion = v(speed * (0.1 + random()), speed * (random() - 0.5), speed * (random() - 0.5));
        shape = c3d.moveAndSlide(shape, motion, mesh).shape;
        expect(shape.center.x + shape.radius).toBeLessThan(1);
        for (const t of triangles) expect(c3d.intersects(shape, t)).toBe(false);
      }
    }
    mesh.dispose();
  });

  it('moves among a mesh and a tree of boxes, and keeps or replaces the world between calls', () => {
    const mesh = new c3d.TriangleMesh(level([floorQuad(0, -4, 4, -4, 4)]).positions);
    const tree = new c3d.AabbTree();
    tree.insert(aabb(v(-10, -10, -10), v(-9, -9, -9)));  // far away: the crate gets id 1
    const crate = tree.insert(aabb(v(1, 0, -1), v(2, 0.5, 1)));
    const start = character(0, SKIN, 0);
    const walk = v(2, 0, 0);
    for (let k = 0; k < 3; ++k) {
      const blocked = c3d.moveAndSlide(start, walk, [mesh, tree]);
      expect(blocked.translation.x).toBeCloseTo(1 - RADIUS - SKIN, 12);
      expect(blocked.contacts[0]).toEqual({ point: blocked.contacts[0].point, normal: v(-1, 0, 0), object: tree, id: crate });
      expect(blocked.contacts[1].object).toBe(mesh);
      // The mesh alone: nothing in the way.
      const free = c3d.moveAndSlide(start, walk, mesh);
      expect(free.translation).toEqual(walk);
      // The crate is a step of 0.5.
      const climbed = c3d.moveAndSlide(start, v(1.5, 0, 0), [tree, mesh], { stepHeight: 0.6 });
      expect(climbed.translation.y).toBeCloseTo(0.5, 12);
      expect(climbed.grounded).toBe(true);
    }
    // A tree box moved: the next call sees it where it is.
    tree.update(crate, aabb(v(3, 0, -1), v(4, 0.5, 1)));
    expect(c3d.moveAndSlide(start, walk, [mesh, tree]).translation.x).toBeCloseTo(2, 12);
    tree.dispose();
    expect(() => c3d.moveAndSlide(start, walk, [mesh, tree])).toThrow(new Error('collide3d.moveAndSlide: world[1] was disposed'));
    mesh.dispose();
  });

  it('moves boxes: an aabb and a turned obb stand on the floor and stop at a wall', () => {
    const mesh = new c3d.TriangleMesh(level([floorQuad(0, -4, 4, -4, 4), wallX(1, 0, 3, -4, 4)]).positions);
    let box = aabb(v(-0.5, 0.2, -0.5), v(0.5, 1.2, 0.5));
    const c = Math.SQRT1_2;
    let turned = obb(v(0, 1, 0), v(0.5, 0.5, 0.5), [c, 0, -c, 0, 1, 0, c, 0, c]);
    let last;
    for (let frame = 0; frame < 40; ++frame) {
      box = c3d.moveAndSlide(box, v(0.05, -0.1, 0), mesh).shape;
      last = c3d.moveAndSlide(turned, v(0.05, -0.1, 0), mesh);
      turned = last.shape;
    }
    expect(box.min.y).toBeCloseTo(0.005, 12);  // the skin: 1% of the least half-size
    expect(box.max.x).toBeCloseTo(1 - 0.005, 12);
    expect(last.grounded).toBe(true);
    expect(turned.center.y).toBeCloseTo(0.505, 12);
    expect(turned.center.x).toBeCloseTo(1 - 0.5 * Math.SQRT2 - 0.005, 12);
    expect(turned.rotation).toEqual([c, 0, -c, 0, 1, 0, c, 0, c]);
    mesh.dispose();
  });

  it('rejects bad arguments with errors naming them', () => {
    const mesh = new c3d.TriangleMesh(level([floorQuad(0, -4, 4, -4, 4)]).positions);
    const ball = sphere(v(0, 1, 0), 0.5);
    const fn = 'collide3d.moveAndSlide';
    expect(() => c3d.moveAndSlide({ type: 'point', position: v(0, 0, 0) }, v(0, 0, 0), mesh))
      .toThrow(new TypeError(`${fn}: shape.type must be 'sphere', 'capsule', 'aabb' or 'obb' (got "point")`));
    expect(() => c3d.moveAndSlide(sphere(v(0, 1, 0), -1), v(0, 0, 0), mesh)).toThrow(RangeError);
    expect(() => c3d.moveAndSlide(ball, v(0, NaN, 0), mesh)).toThrow(new TypeError(`${fn}: motion.y must be a finite number (got NaN)`));
    expect(() => c3d.moveAndSlide(ball, v(0, 0, 0), {})).toThrow(new TypeError(`${fn}: world must be a TriangleMesh or an AabbTree (got an object)`));
    expect(() => c3d.moveAndSlide(ball, v(0, 0, 0), [mesh, 3])).toThrow(new TypeError(`${fn}: world[1] must be a TriangleMesh or an AabbTree (got 3)`));
    expect(() => c3d.moveAndSlide(ball, v(0, 0, 0), [])).toThrow(RangeError);
    const bad = [
      [{ maxSlope: Math.PI / 2 }, new RangeError(`${fn}: opts.maxSlope must be in [0, π/2) radians (got ${Math.PI / 2})`)],
      [{ maxSlope: 'steep' }, TypeError],
      [{ stepHeight: -1 }, new RangeError(`${fn}: opts.stepHeight must be >= 0 (got -1)`)],
      [{ snapToGround: Infinity }, TypeError],
      [{ skinWidth: -0.1 }, new RangeError(`${fn}: opts.skinWidth must be >= 0 (got -0.1)`)],
      [{ maxIterations: 0 }, new RangeError(`${fn}: opts.maxIterations must be from 1 to 32 (got 0)`)],
      [{ maxIterations: 2.5 }, new TypeError(`${fn}: opts.maxIterations must be an integer (got 2.5)`)],
      [{ up: v(0, 0, 0) }, new RangeError(`${fn}: opts.up must not be the zero vector`)],
      [{ up: 1 }, TypeError],
      ['fast', TypeError],
    ];
    for (const [opts, error] of bad) expect(() => c3d.moveAndSlide(ball, v(0, -1, 0), mesh, opts)).toThrow(error);
    // And it still works.
    expect(c3d.moveAndSlide(ball, v(0, -1, 0), mesh).grounded).toBe(true);
    mesh.dispose();
  });

  it('allocates nothing per call: the heap stays flat over 20,000 moves through changing worlds', () => {
    const module = c3d[Symbol.for('collide3d.module')];
    const mesh = new c3d.TriangleMesh(level([floorQuad(0, -4, 4, -4, 4), wallX(1, 0, 3, -4, 4)]).positions);
    const tree = new c3d.AabbTree();
    tree.insert(aabb(v(-2, 0, -2), v(-1, 1, 2)));
    const shape = character(0, 0.01, 0);
    c3d.moveAndSlide(shape, v(1, -1, 0), [mesh, tree]);
    const bytes = module.heapBytesInUse();
    for (let k = 0; k < 10_000; ++k) {
      c3d.moveAndSlide(shape, v(1, -1, 0.3), k % 2 ? mesh : [mesh, tree], { stepHeight: 0.3, snapToGround: 0.3 });
      c3d.moveAndSlide(shape, v(-1, 0, 0), [mesh, tree]);
    }
    c3d.moveAndSlide(shape, v(1, -1, 0), [mesh, tree]);
    expect(module.heapBytesInUse()).toBe(bytes);
    mesh.dispose();
    tree.dispose();
  });
});

describe('traceMoveAndSlide', () => {
  it('lists the sweeps of a move into a wall: stopped a skin short, then along it, then the ground found', () => {
    const mesh = new c3d.TriangleMesh(level([floorQuad(0, -4, 4, -4, 4), wallX(1, 0, 3, -4, 4)]).positions);
    const shape = character(0, SKIN, 0);
    const traced = c3d.traceMoveAndSlide(shape, v(2, 0, 1), mesh);
    const { steps, ...move } = traced;
    expect(move).toEqual(c3d.moveAndSlide(shape, v(2, 0, 1), mesh));  // the move itself, unchanged
    expect(steps.map((s) => s.part)).toEqual(['walk', 'walk', 'ground']);
    // By hand: the capsule (radius 0.3) meets the wall with its axis at x = 0.7 and stops a skin short, at 0.697,
    // 0.3485 of the motion; what is left, (1.303, 0, 0.6515), goes on along the wall.
    const [hit, along, ground] = steps;
    expect(hit.from).toEqual(v(0, 0, 0));
    for (const [got, want] of [[hit.to, v(0.697, 0, 0.3485)], [hit.next, v(0, 0, 0.6515)], [along.to, v(0.697, 0, 1)]]) {
      for (const k of ['x', 'y', 'z']) expect(got[k]).toBeCloseTo(want[k], 12);
    }
    expect(hit.contact.object).toBe(mesh);
    expect(hit.contact.normal).toEqual(v(-1, 0, 0));
    expect([2, 3]).toContain(hit.contact.triangleIndex);  // the wall quad's triangles
    expect(along.from).toEqual(hit.to);
    expect(along.contact).toBeNull();
    expect(along.next).toEqual(v(0, 0, 0));
    expect(ground.from).toEqual(along.to);
    expect(ground.to).toEqual(move.translation);
    expect(ground.contact.normal).toEqual(v(0, 1, 0));
    mesh.dispose();
  });

  it('names a step and a tree box, and checks its arguments as moveAndSlide does', () => {
    const mesh = new c3d.TriangleMesh(level([floorQuad(0, -4, 4, -4, 4)]).positions);
    const tree = new c3d.AabbTree();
    const crate = tree.insert(aabb(v(1, 0, -1), v(2, 0.25, 1)));
    // A box whose front face is 0.5 from the crate, on the floor, walking 0.8 with steps up to 0.3: blocked a skin
    // short of the crate, then stepped up onto it, 0.25 higher.
    const box = aabb(v(0, SKIN, -0.2), v(0.5, 1, 0.2));
    const { steps, translation } = c3d.traceMoveAndSlide(box, v(0.8, 0, 0), [mesh, tree], { stepHeight: 0.3, skinWidth: SKIN });
    expect(steps.map((s) => s.part).slice(0, 2)).toEqual(['walk', 'step']);
    expect(steps[0].contact).toMatchObject({ object: tree, id: crate, normal: v(-1, 0, 0) });
    expect(steps[0].to.x).toBeCloseTo(0.5 - SKIN, 12);
    expect(steps[1].contact).toMatchObject({ object: tree, id: crate, normal: v(0, 1, 0) });
    expect(steps[1].to.y).toBeCloseTo(0.25, 12);
    expect(translation.x).toBeCloseTo(0.8, 12);
    const fn = 'collide3d.traceMoveAndSlide';
    expect(() => c3d.traceMoveAndSlide(box, v(0, NaN, 0), mesh)).toThrow(new TypeError(`${fn}: motion.y must be a finite number (got NaN)`));
    expect(() => c3d.traceMoveAndSlide(box, v(0, 0, 0), {})).toThrow(new TypeError(`${fn}: world must be a TriangleMesh or an AabbTree (got an object)`));
    expect(() => c3d.traceMoveAndSlide(box, v(0, -1, 0), mesh, { maxIterations: 33 }))
      .toThrow(new RangeError(`${fn}: opts.maxIterations must be from 1 to 32 (got 33)`));
    mesh.dispose();
    tree.dispose();
  });

  it('chains its sweeps on random moves, leaves moveAndSlide untraced, and allocates nothing', () => {
    const module = c3d[Symbol.for('collide3d.module')];
    const mesh = new c3d.TriangleMesh(level(STAIRS).positions);
    const random = mulberry32(5);
    const bytes = module.heapBytesInUse();
    for (let run = 0; run < 2_000; ++run) {
      const shape = character(random() * 5 - 2, random() * 0.5 + SKIN, random() * 2 - 1);
      const motion = v(random() * 4 - 2, random() * 2 - 1.5, random() * 4 - 2);
      const opts = { stepHeight: 0.25 * (run % 2), snapToGround: 0.2, maxIterations: 1 + (run % 32) };
      const { steps, ...move } = c3d.traceMoveAndSlide(shape, motion, mesh, opts);
      expect(move).toEqual(c3d.moveAndSlide(shape, motion, mesh, opts));
      expect(c3d.moveAndSlide(shape, motion, mesh, opts).steps).toBeUndefined();
      let at = v(0, 0, 0);
      for (const step of steps) {
        expect(step.from).toEqual(at);
        at = step.to;
      }
      expect(at).toEqual(move.translation);
    }
    expect(module.heapBytesInUse()).toBe(bytes);
    mesh.dispose();
  });
});
