// Every JS encoder writes each field exactly where the module's schema (the C++ shapes' field lists) puts it:
// a probe shape whose numbers are all distinct is encoded, and each field is looked up at the offset the schema
// implies. The hand-written encoders and the one driven by the description (what a shape without a hand-written
// encoder gets) must write the same numbers. Together with the start-up check (boundary.test.js) this keeps the two
// sides of the wire format in step.
import { expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { SHAPE_TYPES, encodeDescribed, encodeShape } from '../../web/lib/boundary.js';

const SIZE = { number: 1, vec3: 3, mat3: 9, planes6: 24, handle: 1 };

it('every shape type is written field by field at its schema offsets, by both encoders', async () => {
  const c3d = await init();
  const module = c3d[Symbol.for('collide3d.module')];
  expect(SHAPE_TYPES.length).toBeGreaterThanOrEqual(13);
  for (const type of SHAPE_TYPES) {
    const { code, schema } = module.describe().shapes[type];
    let next = 1;
    // A convex shape's one field is its hull's address (a handle): the probe is a ConvexHull, whose address no other
    // route tells, so both encoders must write the same positive integer, which a query then accepts.
    const hull = type === 'convex' ? new c3d.ConvexHull([{ x: 0, y: 0, z: 0 }]) : undefined;
    const probe = hull ?? { type };
    const expected = [];
    for (const entry of schema.split(',')) {
      const [name, kind] = entry.split(':');
      const values = Array.from({ length: SIZE[kind] }, () => next++);
      expected.push(...values);
      if (kind === 'number') probe[name] = values[0];
      if (kind === 'vec3') probe[name] = { x: values[0], y: values[1], z: values[2] };
      if (kind === 'mat3') probe[name] = values;
      if (kind === 'planes6') {
        probe[name] = [0, 1, 2, 3, 4, 5].map((i) => ({
          normal: { x: values[4 * i], y: values[4 * i + 1], z: values[4 * i + 2] }, constant: values[4 * i + 3] }));
      }
    }
    const written = [];
    for (const encode of [encodeShape, encodeDescribed]) {
      const f = new Float64Array(64).fill(-1);
      expect(encode(f, 5, probe, 'test', 'probe'), type).toBe(code);
      written.push(Array.from(f.subarray(5, 5 + expected.length)));
      if (hull === undefined) expect(written.at(-1), type).toEqual(expected);
      expect(f[5 + expected.length], type).toBe(-1); // nothing written past the shape
    }
    if (hull !== undefined) {
      expect(written[1]).toEqual(written[0]);
      expect(Number.isInteger(written[0][0]) && written[0][0] > 0).toBe(true);
      expect(c3d.intersects(hull, { type: 'point', position: { x: 0, y: 0, z: 0 } })).toBe(true);
      hull.dispose();
    }
  }
});
