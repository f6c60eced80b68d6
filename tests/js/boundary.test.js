// The boundary between the JS entry and the wasm module is one description (describe(): shape types and every option
// and result layout, from the C++ `fields` lists): the JS side binds every offset it reads or writes by field name,
// and refuses to start when the description disagrees with what it reads. Here the real description passes, altered
// ones fail at start-up, a layout with a field added in the middle moves the offsets the JS side uses, and every field
// the module describes is read or written by some part of the API.
import { describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { createApi } from '../../web/lib/api.js';
import { checkBoundary, defineBoundary } from '../../web/lib/boundary.js';

const loaded = async () => {
  const c3d = await init();
  return { c3d, module: c3d[Symbol.for('collide3d.module')], boundary: c3d[Symbol.for('collide3d.boundary')] };
};

// The module with describe() changed by `alter(description)`.
function altered(module, alter) {
  const fake = Object.create(module);
  fake.describe = () => {
    const description = module.describe();
    alter(description);
    return description;
  };
  return fake;
}
const replaceLayout = (text, name, schema) => text.replace(new RegExp(`(^|;)${name}=[^;]*`), `$1${name}=${schema}`);

describe('boundary', () => {
  it('reads the real description: offsets follow the fields in order, nested layouts and arrays sized', async () => {
    const { module } = await loaded();
    const { layouts, shapes, types } = checkBoundary(module.describe());
    expect(layouts.sweepHit.fields.map((f) => [f.name, f.offset])).toEqual([['t', 0], ['point', 1], ['normal', 4]]);
    expect(layouts.sweepHit.size).toBe(7);
    expect(layouts.raycastHit.size).toBe(11);  // t, point, normal, hasBarycentric, u, v, frontFace
    expect(layouts.meshHit.size).toBe(12);     // a raycastHit and the triangle
    expect(layouts.intersection.fields.find((f) => f.name === 'corners')).toMatchObject({ kind: 'vec3', count: 6, offset: 11 });
    expect(layouts.intersection.size).toBe(29);
    expect(shapes.sphere).toMatchObject({ code: types.indexOf('sphere'), size: 4 });
  });

  it('refuses descriptions the JS side cannot follow', async () => {
    const { module } = await loaded();
    const cases = [
      // A hand-written encoder writes fields the module no longer has.
      (d) => { d.shapes.sphere.schema = 'center:vec3,r:number'; },
      (d) => { d.shapes.obb.schema = 'center:vec3,rotation:mat3,halfSize:vec3'; },
      // A shape of a kind no encoder writes, or whose size does not add up.
      (d) => { d.shapes.sphere.schema = 'center:vec3,radius:quaternion'; },
      (d) => { d.shapes.capsule.size = 8; },
      // A layout naming a kind that is neither a primitive nor a layout before it (an Object method's name too).
      (d) => { d.layouts = replaceLayout(d.layouts, 'sweepHit', 't:number,point:vec4,normal:vec3'); },
      (d) => { d.layouts = replaceLayout(d.layouts, 'sweepHit', 't:constructor,point:vec3,normal:vec3'); },
      // A shape type the JS encoders know is missing.
      (d) => { delete d.shapes.frustum; },
    ];
    for (const alter of cases) expect(() => checkBoundary((() => { const d = module.describe(); alter(d); return d; })())).toThrow(/disagree/);
  });

  it('start-up fails when a layout the API reads changed: renamed, retyped or removed', async () => {
    const { module } = await loaded();
    const cases = [
      (d) => { d.layouts = replaceLayout(d.layouts, 'sweepHit', 't:number,position:vec3,normal:vec3'); },
      (d) => { d.layouts = replaceLayout(d.layouts, 'contact', 'normal:vec3,depth:vec3,pointA:vec3,pointB:vec3'); },
      (d) => { d.layouts = replaceLayout(d.layouts, 'raycastOptions', 'maxDistance:number,solid:bool'); },
      (d) => { d.layouts = d.layouts.replace(/(^|;)meshContact=[^;]*;/, '$1'); },
      (d) => { d.layouts = replaceLayout(d.layouts, 'worldHit', 'hit:sweepHit,object:number,element:index'); },
    ];
    for (const alter of cases) {
      expect(() => createApi(altered(module, alter))).toThrow(/collide3d: the wasm module and the JS entry disagree on layout/);
    }
  });

  it('refuses a module whose range of shape numbers is not the one the JS checks compile in', async () => {
    const { module } = await loaded();
    for (const range of [{ smallest: 2 ** -125 }, { largest: 2 ** 127 }]) {
      const other = altered(module, (d) => { Object.assign(d.range, range); });
      expect(() => defineBoundary(other)).toThrow(/collide3d: the wasm module and the JS entry disagree on the range of shape numbers/);
    }
    defineBoundary(module);  // the real description again, for the tests after this one
  });

  it('follows a layout whose fields moved', async () => {
    const { module } = await loaded();
    const shifted = altered(module, (d) => { d.layouts = replaceLayout(d.layouts, 'sweepHit', 'normal:vec3,pad:number,t:number,point:vec3'); });
    const offsets = defineBoundary(shifted).layout('sweepHit', 't:number point:vec3 normal:vec3');
    expect(offsets).toEqual({ t: 4, point: 5, normal: 0, size: 8 });
    defineBoundary(module);  // the real description again, for the tests after this one
  });

  it('every field the module describes is read or written by the API', async () => {
    const { boundary } = await loaded();
    expect(boundary.unread()).toEqual([]);
  });
});
