// A three.js geometry's positions and index as the collide3d structures take them: x, y, z floats per vertex and
// vertex numbers in a Uint16Array or Uint32Array. Plain Float32 attributes are passed as they are (the structures copy
// them into the wasm heap); interleaved, normalized, half-float or other typed attributes are read through the
// attribute's own getX/getY/getZ, so every layout three.js stores is taken as three.js reads it.

/** The vertices of a position attribute (or `count` of them from `first`) as x, y, z floats. */
export function positionsOf(attribute, first = 0, count = attribute.count - first) {
  const plain = attribute.isInterleavedBufferAttribute !== true && attribute.normalized !== true &&
    attribute.itemSize === 3 && attribute.array instanceof Float32Array && attribute.isFloat16BufferAttribute !== true;
  if (plain) return attribute.array.subarray(3 * first, 3 * (first + count));
  const out = new Float32Array(3 * count);
  for (let i = 0; i < count; ++i) {
    out[3 * i] = attribute.getX(first + i);
    out[3 * i + 1] = attribute.getY(first + i);
    out[3 * i + 2] = attribute.getZ(first + i);
  }
  return out;
}

/**
 * The vertex numbers of an index attribute (or `count` of them from `first`, less `base`), in the typed array the
 * structures take; null for a geometry without an index.
 */
export function indexOf(index, first = 0, count = index === null ? 0 : index.count - first, base = 0) {
  if (index === null || index === undefined) return null;
  const array = index.array;
  if (base === 0 && index.isInterleavedBufferAttribute !== true && (array instanceof Uint32Array || array instanceof Uint16Array)) {
    return array.subarray(first, first + count);
  }
  const out = new Uint32Array(count);
  for (let i = 0; i < count; ++i) out[i] = index.getX(first + i) - base;
  return out;
}
