// Short vectors for the mesh's hot loops, as GCC/Clang vector extensions: SSE when compiled natively, WebAssembly
// SIMD (-msimd128) in the wasm build, from the same source. Lane-wise operators (+ - * < ...) are built in; these
// add the selections the two compilers share.
#pragma once

namespace c3d::simd {

typedef float f32x4 __attribute__((vector_size(16)));
typedef double f64x2 __attribute__((vector_size(16)));

// Lane-wise minimum and maximum. With a NaN lane they return b: callers put the value to keep second. Both are
// written as "b's comparison with a": the form WebAssembly's pmin and pmax take (one instruction each; max written
// a > b ? a : b compiled to a comparison and a bitwise select).
template <class V>
inline V min(V a, V b) {
  return a < b ? a : b;
}
template <class V>
inline V max(V a, V b) {
  return b < a ? a : b;
}
// Lane-wise |a|: the sign bits cleared (-V{} is -0 in every lane, the sign bit alone), one instruction.
template <class V>
inline V abs(V a) {
  using Bits = decltype(a < a);  // integer lanes of the same width
  return (V)((Bits)a & ~(Bits)(-V{}));
}

}  // namespace c3d::simd
