// A game-like level for the sweep and character benchmarks: a height field on a square grid of 1 m cells (two
// triangles per cell) with rolling hills, ridges and bumps from four octaves of sinusoids (wavelengths 180 m to 6 m,
// about ±25 m in all; slopes from flat to 60° and more), and thin vertical walls (zero thickness, two triangles each,
// 3–8 m long, from 1 m under the ground to 2.5 m above its highest point along them) standing on it at random.
// Vertex positions are float32 (as every library compared reads them), the grid centred on (offset, 0, offset).
import { mulberry32 } from './random.mjs';

// [wavelength m, amplitude m] of each octave; three sinusoids per octave, at random directions and phases.
const OCTAVES = [[180, 9], [55, 3], [17, 0.9], [6, 0.2]];

// { positions: Float32Array, index: Uint32Array, triangles, offset, half (the grid's half-width), walls: [{ from: [x,
// z], to: [x, z], bottom, top }] (centred on the origin: add offset to x and z), steepShare (the fraction of grid
// triangles steeper than 45°) } for `side` vertices along each edge. The same side and seed give the same terrain at
// every offset up to the float32 rounding of the moved coordinates.
export function makeTerrain(side, wallCount, offset = 0, seed = 17) {
  const random = mulberry32(seed);
  const waves = OCTAVES.flatMap(([wavelength, amplitude]) => [0, 1, 2].map(() => {
    const angle = 2 * Math.PI * random(), k = (2 * Math.PI) / wavelength;
    return { kx: k * Math.cos(angle), kz: k * Math.sin(angle), phase: 2 * Math.PI * random(), amplitude };
  }));
  const height = (x, z) => {
    let y = 0;
    for (const w of waves) y += w.amplitude * Math.sin(w.kx * x + w.kz * z + w.phase);
    return y;
  };

  const half = (side - 1) / 2;
  const walls = [];
  for (let i = 0; i < wallCount; ++i) {
    const cx = (2 * random() - 1) * (half - 10), cz = (2 * random() - 1) * (half - 10);
    const angle = Math.PI * random(), length = 3 + 5 * random();
    const dx = (Math.cos(angle) * length) / 2, dz = (Math.sin(angle) * length) / 2;
    let low = Infinity, high = -Infinity;
    for (let s = 0; s <= 20; ++s) {
      const y = height(cx - dx + (s / 10) * dx, cz - dz + (s / 10) * dz);
      low = Math.min(low, y);
      high = Math.max(high, y);
    }
    walls.push({ from: [cx - dx, cz - dz], to: [cx + dx, cz + dz], bottom: low - 1, top: high + 2.5 });
  }

  const gridVertices = side * side, cells = (side - 1) * (side - 1);
  const positions = new Float32Array(3 * (gridVertices + 4 * wallCount));
  for (let row = 0; row < side; ++row) {
    for (let col = 0; col < side; ++col) {
      const x = col - half, z = row - half, o = 3 * (row * side + col);
      positions[o] = x + offset;
      positions[o + 1] = height(x, z);
      positions[o + 2] = z + offset;
    }
  }
  const index = new Uint32Array(3 * (2 * cells + 2 * wallCount));
  let at = 0, steep = 0;
  const cos45 = Math.SQRT1_2;
  const countSteep = (a, b, c) => {
    // The triangle's normal's y over its length: below cos 45° means steeper than 45°.
    const ux = positions[3 * b] - positions[3 * a], uy = positions[3 * b + 1] - positions[3 * a + 1], uz = positions[3 * b + 2] - positions[3 * a + 2];
    const vx = positions[3 * c] - positions[3 * a], vy = positions[3 * c + 1] - positions[3 * a + 1], vz = positions[3 * c + 2] - positions[3 * a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    if (Math.abs(ny) < cos45 * Math.hypot(nx, ny, nz)) ++steep;
  };
  for (let row = 0; row + 1 < side; ++row) {
    for (let col = 0; col + 1 < side; ++col) {
      const a = row * side + col, b = a + 1, c = a + side, d = c + 1;
      // Counter-clockwise seen from above (+y): the normals point up.
      index.set([a, c, b, b, c, d], at);
      at += 6;
      countSteep(a, c, b);
      countSteep(b, c, d);
    }
  }
  walls.forEach((wall, i) => {
    const v = gridVertices + 4 * i;
    const [x0, z0, x1, z1] = [wall.from[0] + offset, wall.from[1] + offset, wall.to[0] + offset, wall.to[1] + offset];
    positions.set([x0, wall.bottom, z0, x1, wall.bottom, z1, x1, wall.top, z1, x0, wall.top, z0], 3 * v);
    index.set([v, v + 1, v + 2, v, v + 2, v + 3], at);
    at += 6;
  });
  return { positions, index, triangles: index.length / 3, offset, half, walls, steepShare: steep / (2 * cells) };
}
