// The level the character scene walks: one triangle mesh of named parts, each a case collide-and-slide must get
// right. Built the same way on the page and in its browser test (which runs moveAndSlide on it in node); rational
// slopes and no trigonometry, so both build it to the same bits. y is up; the character starts at +z, looking
// towards -z.
//
//   floor        24 × 24 m of 1 m squares (1,152 triangles): it must glide over their shared edges
//   gentle ramp  1 up for 3 along (18.4°), walkable, to a platform 2 m up
//   steep ramp   3 up for 2 along (56.3°), steeper than the walkable 45°: it slides back down
//   stairs       8 steps of 0.25 m up and 0.4 m deep, to a platform 2 m up: climbed with a step height of 0.3
//   high step    a 0.5 m ledge: too high to step onto
//   thin walls   single quads of zero thickness, one straight and one at an angle
//   corner       two thin walls meeting at 53°, opening towards the start: it stops in the apex
//   crease       a V-shaped trough of two 50° slopes: it slides to the bottom and stays there

const FLOOR_HALF = 12;

/**
 * The level's positions, index and parts ({ name, at, first, count }: where its label goes, and its triangles,
 * first .. first + count - 1).
 */
export function level() {
  const positions = [];
  const indices = [];
  const parts = [];
  let part = null;

  const begin = (name, at) => {
    part = { name, at, first: indices.length / 3, count: 0 };
    parts.push(part);
  };
  const vertex = ([x, y, z]) => {
    positions.push(x, y, z);
    return positions.length / 3 - 1;
  };
  const triangle = (a, b, c) => {
    indices.push(vertex(a), vertex(b), vertex(c));
    part.count += 1;
  };
  // A flat quad, counter-clockwise seen from its front: a, b, c, d.
  const quad = (a, b, c, d) => {
    triangle(a, b, c);
    triangle(a, c, d);
  };
  // A box from the floor up (no bottom face): x0..x1, z0..z1 (z0 < z1), height h.
  const box = (x0, x1, z0, z1, h) => {
    quad([x0, h, z1], [x1, h, z1], [x1, h, z0], [x0, h, z0]);  // top
    quad([x0, 0, z1], [x1, 0, z1], [x1, h, z1], [x0, h, z1]);  // +z
    quad([x1, 0, z0], [x0, 0, z0], [x0, h, z0], [x1, h, z0]);  // -z
    quad([x1, 0, z1], [x1, 0, z0], [x1, h, z0], [x1, h, z1]);  // +x
    quad([x0, 0, z0], [x0, 0, z1], [x0, h, z1], [x0, h, z0]);  // -x
  };
  // A ramp rising towards -z: from the floor at z1 to height h at z0, with its two sides and its back.
  const ramp = (x0, x1, z0, z1, h) => {
    quad([x0, 0, z1], [x1, 0, z1], [x1, h, z0], [x0, h, z0]);
    triangle([x1, 0, z1], [x1, 0, z0], [x1, h, z0]);
    triangle([x0, 0, z0], [x0, 0, z1], [x0, h, z0]);
    quad([x1, 0, z0], [x0, 0, z0], [x0, h, z0], [x1, h, z0]);
  };
  // A wall of zero thickness from (xa, za) to (xb, zb), h high.
  const wall = (xa, za, xb, zb, h) => quad([xa, 0, za], [xb, 0, zb], [xb, h, zb], [xa, h, za]);

  begin('floor', [3, 0.3, 9]);
  for (let x = -FLOOR_HALF; x < FLOOR_HALF; x += 1) {
    for (let z = -FLOOR_HALF; z < FLOOR_HALF; z += 1) quad([x, 0, z + 1], [x + 1, 0, z + 1], [x + 1, 0, z], [x, 0, z]);
  }
  begin('gentle ramp', [-7, 1.6, 0]);
  ramp(-9, -5, -4, 2, 2);
  box(-9, -5, -9, -4, 2);
  begin('steep ramp', [-2.5, 2.2, 1.6]);
  ramp(-4, -1, 0, 2, 3);
  begin('stairs', [2.5, 1.6, 0.8]);
  for (let k = 0; k < 8; k += 1) box(1, 4, 1.6 - 0.4 * k, 2 - 0.4 * k, 0.25 * (k + 1));
  box(1, 4, -4, -1.2, 2);
  begin('high step', [6.75, 1, 0]);
  box(5.5, 8, -1, 1, 0.5);
  begin('thin walls', [6.5, 2.9, 5]);
  wall(4, 5, 9, 5, 2.5);
  wall(-4, 7, -1, 10, 2.5);
  begin('corner', [8.5, 2.9, -6]);
  wall(6.5, -4, 8.5, -8, 2.5);
  wall(8.5, -8, 10.5, -4, 2.5);
  begin('crease', [-7, 1.4, 7.5]);
  quad([-9, 2.4, 10], [-7, 0, 10], [-7, 0, 5], [-9, 2.4, 5]);
  quad([-7, 0, 10], [-5, 2.4, 10], [-5, 2.4, 5], [-7, 0, 5]);

  return { positions: new Float32Array(positions), indices: new Uint32Array(indices), parts };
}

/** The name of the part triangle `index` belongs to. */
export function partOf(parts, index) {
  return parts.find((p) => index >= p.first && index < p.first + p.count)?.name;
}
