// Which triangles three.js's Mesh raycast walks, and with which material: the geometry's groups when the material
// is an array (a triangle in two groups is reported twice, once per group), else the whole geometry, both cut to
// the draw range. Ranges are of triangle numbers [from, to) in index (or vertex) order.

/**
 * The ranges for `geometry` drawn with `material`, of a tree of `triangleCount` triangles; null when a range does not
 * start on a triangle (three.js then reads corners across triangles, which no tree holds: the caller falls back to
 * three.js's raycast).
 */
export function drawnRanges(geometry, material, triangleCount) {
  const corners = 3 * triangleCount;
  const { start, count } = geometry.drawRange;
  const drawEnd = start + count;
  if (!Array.isArray(material)) {
    return range(Math.max(0, start), Math.min(corners, drawEnd), material, 0);
  }
  const ranges = [];
  for (const group of geometry.groups) {
    const part = range(Math.max(group.start, start), Math.min(corners, group.start + group.count, drawEnd),
      material[group.materialIndex], group.materialIndex);
    if (part === null) return null;
    ranges.push(...part);
  }
  return ranges;
}

// A corner range [first, end) as triangle numbers; empty ranges are dropped.
function range(first, end, material, materialIndex) {
  if (end <= first) return [];
  if (first % 3 !== 0) return null;
  return [{ from: first / 3, to: Math.ceil(end / 3), material, materialIndex }];
}

/** Whether the ranges are one range over every triangle (then the tree's whole answer is three.js's). */
export function coversAll(ranges, triangleCount) {
  return ranges.length === 1 && ranges[0].from === 0 && ranges[0].to === triangleCount;
}
