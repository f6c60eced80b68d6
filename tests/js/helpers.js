// Shape builders for the Vitest suites: v(x, y, z) and one builder per shape type.
export const v = (x, y, z) => ({ x, y, z });
export const ray = (origin, direction) => ({ type: 'ray', origin, direction });
export const line = (origin, direction) => ({ type: 'line', origin, direction });
export const segment = (start, end) => ({ type: 'segment', start, end });
export const plane = (normal, constant) => ({ type: 'plane', normal, constant });
export const point = (position) => ({ type: 'point', position });
export const triangle = (a, b, c) => ({ type: 'triangle', a, b, c });
export const sphere = (center, radius) => ({ type: 'sphere', center, radius });
export const ellipsoid = (center, radii, rotation) => ({ type: 'ellipsoid', center, radii, rotation });
export const aabb = (min, max) => ({ type: 'aabb', min, max });
export const obb = (center, halfSize, rotation) => ({ type: 'obb', center, halfSize, rotation });
export const cylinder = (start, end, radius) => ({ type: 'cylinder', start, end, radius });
export const capsule = (start, end, radius) => ({ type: 'capsule', start, end, radius });
export const cone = (base, apex, radius) => ({ type: 'cone', base, apex, radius });
export const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1];
// The box [min, max] as a frustum: six planes, normals pointing in.
export const frustumOfBox = (min, max) => ({
  type: 'frustum',
  planes: [
    { normal: v(1, 0, 0), constant: -min.x }, { normal: v(-1, 0, 0), constant: max.x },
    { normal: v(0, 1, 0), constant: -min.y }, { normal: v(0, -1, 0), constant: max.y },
    { normal: v(0, 0, 1), constant: -min.z }, { normal: v(0, 0, -1), constant: max.z },
  ],
});

// Random shapes of every type in and around [-1.5, 1.5]^3, from `random` (mulberry32): a tenth of the sizes 0
// (degenerate but valid); a frustum is a box's.
export function randomShapes(random) {
  const u = (lo, hi) => lo + (hi - lo) * random();
  const p = () => v(u(-1.5, 1.5), u(-1.5, 1.5), u(-1.5, 1.5));
  const size = () => (random() < 0.1 ? 0 : u(0.1, 1));
  const rotation = () => {  // about a random axis, by Rodrigues' formula
    const axis = [u(-1, 1), u(-1, 1), u(-1, 1) + 2];
    const n = Math.hypot(...axis), [x, y, z] = axis.map((c) => c / n), angle = u(0, Math.PI);
    const c = Math.cos(angle), s = Math.sin(angle), t = 1 - c;
    return [t * x * x + c, t * x * y + s * z, t * x * z - s * y, t * x * y - s * z, t * y * y + c, t * y * z + s * x,
      t * x * z + s * y, t * y * z - s * x, t * z * z + c];
  };
  return {
    point: () => point(p()),
    ray: () => ray(p(), v(u(-1, 1), u(-1, 1), u(-1, 1) + 2)),
    line: () => line(p(), v(u(-1, 1) + 2, u(-1, 1), u(-1, 1))),
    plane: () => plane(v(u(-1, 1), u(-1, 1) + 2, u(-1, 1)), u(-1, 1)),
    frustum: () => { const m = p(); return frustumOfBox(m, v(m.x + u(0.1, 1), m.y + u(0.1, 1), m.z + u(0.1, 1))); },
    segment: () => segment(p(), p()),
    triangle: () => triangle(p(), p(), p()),
    sphere: () => sphere(p(), size()),
    capsule: () => capsule(p(), p(), size()),
    cylinder: () => { const s = p(); return cylinder(s, v(s.x + u(-1, 1), s.y + u(-1, 1), s.z + 1), size()); },
    cone: () => { const s = p(); return cone(s, v(s.x + u(-1, 1), s.y + 1, s.z + u(-1, 1)), size()); },
    ellipsoid: () => ellipsoid(p(), v(size(), u(0.1, 1), size()), rotation()),
    aabb: () => { const m = p(); return aabb(m, v(m.x + size(), m.y + u(0.1, 1), m.z + size())); },
    obb: () => obb(p(), v(size(), u(0.1, 1), size()), rotation()),
    convex: () => { const c = p(); return { type: 'convex', points: Array.from({ length: 4 + Math.floor(random() * 12) }, () => v(c.x + u(-0.6, 0.6), c.y + u(-0.6, 0.6), c.z + u(-0.6, 0.6))) }; },
  };
}
