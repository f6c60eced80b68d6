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
