// Exact arithmetic for the benches' referees: numbers as BigInt multiples of 2^-200, and vectors of them.
// Any double of magnitude 2^-148 or more (every float32 but 0's neighbours below 2^-148, and 0) is such a multiple.

// x as an integer times 2^-200, or null when it is none.
export const exactInteger = (x) => {
  const scaled = x * 2 ** 200;
  return Number.isInteger(scaled) ? BigInt(scaled) : null;
};
export const minus = (p, q) => p.map((x, k) => x - q[k]);
export const cross = (p, q) => [p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]];
export const dot = (p, q) => p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
