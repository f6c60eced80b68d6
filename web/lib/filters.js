// Float filters ahead of the commonest single queries. The JS entry has written both shapes' numbers into the
// scratch area (boundary.js: read once, checked to be finite); a filter answers from them in double arithmetic when an
// error bound proves the answer the exact wasm query gives (the filtered-predicate idea of Shewchuk 1997, "Adaptive
// precision floating-point arithmetic and fast robust geometric predicates"), so the call skips the trip into wasm.
// Anything else is UNDECIDED and goes to wasm: a value too close to 0 for its bound (touching, grazing), an invalid
// shape (wasm reports it), a pair without a filter. Raycast filters prove misses only: a hit's t, point and normal
// always come from the exact query.
//
// Bounds: every rounded value below is a sum of at most four products, whose error is at most γ_4 = 4u (1 + O(u))
// times the sum of the terms' magnitudes (Higham, "Accuracy and Stability of Numerical Algorithms", §3.1),
// u = 2^-53; factors that are themselves rounded differences add u each. REL = 2^-48 = 32u covers that with room
// for the rounding of the comparison and of the bound itself; TINY covers products that underflow. A value that
// overflows gives an infinite or NaN bound, which decides nothing.
// Shapes are read at f[a...] and f[b...] in their encoded order (the C++ shapes' `fields`).
export const UNDECIDED = -1;
const REL = 2 ** -48;
const TINY = 2 ** -1000;
const NORMAL_FLOOR = 2 ** -960;  // n·n above it: the underflow of its squares is far below REL

// 1 when `value` is proven above 0, 0 when proven below, else UNDECIDED.
const sign = (value, bound) => (value > bound ? 1 : value < -bound ? 0 : UNDECIDED);

// Validity, as the wasm module checks it (the numbers are already finite).
const nonZero = (f, k) => f[k] !== 0 || f[k + 1] !== 0 || f[k + 2] !== 0;
const isBox = (f, k) => f[k] <= f[k + 3] && f[k + 1] <= f[k + 4] && f[k + 2] <= f[k + 5];

// The sign of n·p + d for the plane at f[plane] (d = 0 when `through` is false: the rate along a direction) and
// the point at f[p], proven.
function planeSign(f, plane, p, through) {
  const x = f[plane] * f[p], y = f[plane + 1] * f[p + 1], z = f[plane + 2] * f[p + 2], d = through ? f[plane + 3] : 0;
  return sign(x + y + z + d, REL * (Math.abs(x) + Math.abs(y) + Math.abs(z) + Math.abs(d)) + TINY);
}

// |c_a - c_b|^2 <= (r_a + r_b)^2.
function sphereSphere(f, a, b) {
  const ra = f[a + 3], rb = f[b + 3];
  if (!(ra >= 0 && rb >= 0)) return UNDECIDED;
  const dx = f[a] - f[b], dy = f[a + 1] - f[b + 1], dz = f[a + 2] - f[b + 2], s = ra + rb;
  const d2 = dx * dx + dy * dy + dz * dz, s2 = s * s;
  return sign(s2 - d2, REL * (d2 + s2) + TINY);
}

// |n·c + d| <= r |n|. A normal so small that n·n underflows goes to wasm.
function spherePlane(f, s, p) {
  const nx = f[p], ny = f[p + 1], nz = f[p + 2], nn = nx * nx + ny * ny + nz * nz, r = f[s + 3];
  if (!(nn > NORMAL_FLOOR && r >= 0)) return UNDECIDED;
  const x = nx * f[s], y = ny * f[s + 1], z = nz * f[s + 2], d = f[p + 3], reach = r * Math.sqrt(nn);
  const size = Math.abs(x) + Math.abs(y) + Math.abs(z) + Math.abs(d) + reach;
  return sign(reach - Math.abs(x + y + z + d), REL * size + TINY);
}

// Overlap on every axis: comparisons only, so always decided.
function boxBox(f, a, b) {
  if (!(isBox(f, a) && isBox(f, b))) return UNDECIDED;
  return f[a] <= f[b + 3] && f[b] <= f[a + 3] && f[a + 1] <= f[b + 4] && f[b + 1] <= f[a + 4] &&
    f[a + 2] <= f[b + 5] && f[b + 2] <= f[a + 5] ? 1 : 0;
}

// The plane's values at the box's lowest and highest corners along n have different signs (or one is 0).
function boxPlane(f, box, p) {
  if (!(isBox(f, box) && nonZero(f, p))) return UNDECIDED;
  const nx = f[p], ny = f[p + 1], nz = f[p + 2], d = f[p + 3];
  const x0 = nx * f[box], x1 = nx * f[box + 3], y0 = ny * f[box + 1], y1 = ny * f[box + 4];
  const z0 = nz * f[box + 2], z1 = nz * f[box + 5];
  const low = (x0 < x1 ? x0 : x1) + (y0 < y1 ? y0 : y1) + (z0 < z1 ? z0 : z1) + d;
  const high = (x0 < x1 ? x1 : x0) + (y0 < y1 ? y1 : y0) + (z0 < z1 ? z1 : z0) + d;
  const size = Math.max(Math.abs(x0), Math.abs(x1)) + Math.max(Math.abs(y0), Math.abs(y1)) +
    Math.max(Math.abs(z0), Math.abs(z1)) + Math.abs(d);
  const bound = REL * size + TINY;
  if (low > bound || high < -bound) return 0;
  return low < -bound && high > bound ? 1 : UNDECIDED;
}

// The plane's values at the two ends have different signs (or one is 0).
function segmentPlane(f, s, p) {
  if (!nonZero(f, p)) return UNDECIDED;
  const start = planeSign(f, p, s, true), end = planeSign(f, p, s + 3, true);
  return start === UNDECIDED || end === UNDECIDED ? UNDECIDED : start === end ? 0 : 1;
}

/**
 * The pairs each query filters ('typeA typeB': the filter's name in FILTERS, with ' swapped' when it takes the shapes
 * the other way round). scripts/pair-entries.mjs writes from it both the per-pair entries' direct calls and the
 * generic calls' switches on the type codes. A raycast filter proves a miss of a ray whose direction is not zero
 * (nonZero), under any options (a miss without them is a miss with them).
 */
export const FILTERED_PAIRS = {
  intersects: {
    'sphere sphere': 'sphereSphere', 'sphere plane': 'spherePlane', 'plane sphere': 'spherePlane swapped',
    'aabb aabb': 'boxBox', 'aabb plane': 'boxPlane', 'plane aabb': 'boxPlane swapped',
    'segment plane': 'segmentPlane', 'plane segment': 'segmentPlane swapped',
  },
  raycast: {
    'ray triangle': 'rayMissesTriangle', 'ray sphere': 'rayMissesSphere', 'ray aabb': 'rayMissesBox',
    'ray plane': 'rayMissesPlane',
  },
};

// On one axis, with origin o, direction d and slab lo..hi: the ray starts outside the slab and moves away from it,
// or along it.
const leavesSlab = (o, d, lo, hi) => (o < lo && d <= 0) || (o > hi && d >= 0);

// The ray enters slab i (o_i, d_i, lo_i..hi_i) only after it has left slab j: t_in(i) > t_out(j), compared without
// dividing as (in_i - o_i) d_j - (out_j - o_j) d_i against the sign of d_i d_j (the slab crossings of
// raycast_box.h). An axis the ray does not move along, having passed leavesSlab, does not limit it.
function entersAfterLeaving(oi, di, loi, hii, oj, dj, loj, hij) {
  if (di === 0 || dj === 0) return false;
  const a = ((di > 0 ? loi : hii) - oi) * dj, b = ((dj > 0 ? hij : loj) - oj) * di;
  return ((di > 0) === (dj > 0) ? a - b : b - a) > REL * (Math.abs(a) + Math.abs(b)) + TINY;
}

// The ray at f[r...] misses the box at f[box...].
function rayMissesBox(f, r, box) {
  if (!isBox(f, box)) return false;
  const ox = f[r], oy = f[r + 1], oz = f[r + 2], dx = f[r + 3], dy = f[r + 4], dz = f[r + 5];
  const lx = f[box], ly = f[box + 1], lz = f[box + 2], hx = f[box + 3], hy = f[box + 4], hz = f[box + 5];
  return leavesSlab(ox, dx, lx, hx) || leavesSlab(oy, dy, ly, hy) || leavesSlab(oz, dz, lz, hz) ||
    entersAfterLeaving(ox, dx, lx, hx, oy, dy, ly, hy) || entersAfterLeaving(oy, dy, ly, hy, ox, dx, lx, hx) ||
    entersAfterLeaving(ox, dx, lx, hx, oz, dz, lz, hz) || entersAfterLeaving(oz, dz, lz, hz, ox, dx, lx, hx) ||
    entersAfterLeaving(oy, dy, ly, hy, oz, dz, lz, hz) || entersAfterLeaving(oz, dz, lz, hz, oy, dy, ly, hy);
}

// The sign of det(x, y, z) = x·(y × z), proven against `bound`.
function det3(x0, x1, x2, y0, y1, y2, z0, z1, z2, bound) {
  return sign(x0 * (y1 * z2 - y2 * z1) + x1 * (y2 * z0 - y0 * z2) + x2 * (y0 * z1 - y1 * z0), bound);
}
// |x| + |y| + |z|. The product of three vectors' such sums bounds the sum of the magnitudes of their determinant's
// terms; inputs that are rounded differences add 3u of relative error to the 5u of the evaluation.
const size = (x, y, z) => Math.abs(x) + Math.abs(y) + Math.abs(z);

// Möller–Trumbore's determinants (Möller & Trumbore 1997, as in raycast_triangle.h) prove a miss: with the plane
// crossed (det's sign proven), a barycentric weight times det, or t det, proven of the other sign. With s = o - a,
// e1 = b - a, e2 = c - a: det = e1·(d × e2), u det = s·(d × e2), v det = d·(s × e1), t det = e2·(s × e1), and
// (1 - u - v) det is u det taken from vertex c: (o - c)·(d × (b - c)).
function rayMissesTriangle(f, r, t) {
  const ox = f[r], oy = f[r + 1], oz = f[r + 2], dx = f[r + 3], dy = f[r + 4], dz = f[r + 5];
  const ax = f[t], ay = f[t + 1], az = f[t + 2], bx = f[t + 3], by = f[t + 4], bz = f[t + 5];
  const cx = f[t + 6], cy = f[t + 7], cz = f[t + 8];
  const e1x = bx - ax, e1y = by - ay, e1z = bz - az, e2x = cx - ax, e2y = cy - ay, e2z = cz - az;
  const sx = ox - ax, sy = oy - ay, sz = oz - az;
  const E1 = size(e1x, e1y, e1z), E2 = size(e2x, e2y, e2z), D = size(dx, dy, dz), S = size(sx, sy, sz);
  const det = det3(e1x, e1y, e1z, dx, dy, dz, e2x, e2y, e2z, REL * E1 * D * E2 + TINY);
  if (det === UNDECIDED) return false;
  const other = 1 - det;
  if (det3(sx, sy, sz, dx, dy, dz, e2x, e2y, e2z, REL * S * D * E2 + TINY) === other ||
    det3(dx, dy, dz, sx, sy, sz, e1x, e1y, e1z, REL * D * S * E1 + TINY) === other ||
    det3(e2x, e2y, e2z, sx, sy, sz, e1x, e1y, e1z, REL * E2 * S * E1 + TINY) === other) return true;
  const fx = ox - cx, fy = oy - cy, fz = oz - cz, gx = bx - cx, gy = by - cy, gz = bz - cz;
  return det3(fx, fy, fz, dx, dy, dz, gx, gy, gz, REL * size(fx, fy, fz) * D * size(gx, gy, gz) + TINY) === other;
}

// With m = o - c: the origin is outside (m·m > r^2) and moves away (m·d > 0), or the line misses the ball
// (b^2 < a c for a = d·d, b = m·d, c = m·m - r^2; Ericson, "Real-Time Collision Detection", §5.3.2).
function rayMissesSphere(f, r, s) {
  const radius = f[s + 3];
  if (!(radius >= 0)) return false;
  const mx = f[r] - f[s], my = f[r + 1] - f[s + 1], mz = f[r + 2] - f[s + 2], dx = f[r + 3], dy = f[r + 4], dz = f[r + 5];
  const r2 = radius * radius, mm = mx * mx + my * my + mz * mz;
  const c = mm - r2, cBound = REL * (mm + r2) + TINY;
  if (!(c > cBound)) return false;
  const bx = mx * dx, by = my * dy, bz = mz * dz, b = bx + by + bz;
  const bBound = REL * (Math.abs(bx) + Math.abs(by) + Math.abs(bz)) + TINY;
  if (b > bBound) return true;
  const a = dx * dx + dy * dy + dz * dz, gap = a * c - b * b;
  return gap > (2 * Math.abs(b) + bBound) * bBound + a * cBound + REL * (b * b + a * c) + TINY;
}

// The origin is off the plane and the ray moves away from it.
function rayMissesPlane(f, r, p) {
  if (!nonZero(f, p)) return false;
  const side = planeSign(f, p, r, true);
  return side !== UNDECIDED && side === planeSign(f, p, r + 3, false);
}

/** The filters by name, with what their callers need: nonZero (a ray's direction), UNDECIDED. */
export const FILTERS = Object.freeze({
  sphereSphere, spherePlane, boxBox, boxPlane, segmentPlane, rayMissesTriangle, rayMissesSphere, rayMissesBox,
  rayMissesPlane, nonZero, UNDECIDED,
});
