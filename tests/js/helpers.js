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
export const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1];
