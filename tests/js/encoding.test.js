// Every JS encoder writes each field exactly where the module's schema (the C++ shapes' field lists) puts it:
// a probe shape whose numbers are all distinct is encoded, and each field is looked up at the offset the schema
// implies. Together with the start-up schema check this keeps the two sides of the wire format in step.
import { describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { SHAPE_TYPES, encodeShape } from '../../web/lib/shapes.js';

const SIZE = { number: 1, vec3: 3, mat3: 9, planes6: 24 };

describe('shape encoders', () => {
  it.each(SHAPE_TYPES)('%s writes every field at its schema offset', async (type) => {
    const module = (await init())[Symbol.for('collide3d.module')];
    const { code, schema } = module.describe().shapes[type];
    let next = 1;
    const probe = { type };
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
    const f = new Float64Array(64).fill(-1);
    expect(encodeShape(f, 5, probe, 'test', 'probe')).toBe(code);
    expect(Array.from(f.subarray(5, 5 + expected.length))).toEqual(expected);
    expect(f[5 + expected.length]).toBe(-1); // nothing written past the shape
  });
});
