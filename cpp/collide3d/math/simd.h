// Short vectors for the mesh's hot loops, as GCC/Clang vector extensions: SSE when compiled natively, WebAssembly
// SIMD (-msimd128) in the wasm build, from the same source. Lane-wise operators (+ - * < ...) are built in; these
// add the selections the two compilers share.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace c3d::simd {

typedef float f32x4 __attribute__((vector_size(16)));
typedef double f64x2 __attribute__((vector_size(16)));
typedef int32_t i32x4 __attribute__((vector_size(16)));

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

// |a| of a double, so code written for lanes serves a scalar too.
inline double abs(double a) { return std::fabs(a); }

// Lane-wise not of a comparison's result; of a bool, !.
inline bool negated(bool a) { return !a; }
template <class Mask>
inline Mask negated(Mask a) {
  return ~a;
}

// Lane-wise square root of two doubles, correctly rounded as std::sqrt is (one instruction); of a double, std::sqrt.
inline double sqrt(double a) { return std::sqrt(a); }
inline f64x2 sqrt(f64x2 a) {
#if defined(__wasm_simd128__)
  return (f64x2)wasm_f64x2_sqrt((v128_t)a);
#elif defined(__SSE2__)
  return (f64x2)_mm_sqrt_pd((__m128d)a);
#else
  return f64x2{__builtin_sqrt(a[0]), __builtin_sqrt(a[1])};
#endif
}

// A vector of the lanes stored at `from` (one load; unaligned is fine). Structures filled lane by lane store plain
// arrays: writing one lane of a vector at a variable index compiled, in wasm, to storing the whole vector to the stack
// and loading it back.
template <class V, class Lane>
inline V load(const Lane* from) {
  static_assert(sizeof(V) % sizeof(Lane) == 0);
  V v;
  std::memcpy(&v, from, sizeof v);
  return v;
}

// Which lanes of a comparison are true, as bits 0 to 3 (four float or int lanes) or 0 and 1 (two double lanes): one
// instruction (wasm's i32x4/i64x2.bitmask, SSE's movmskps/movmskpd), so a loop over the true lanes branches once a
// lane it visits instead of once a lane. The mask's lane type varies (int or long by target), only its width counts.
template <class Mask>
inline int bitmask(Mask lanes) {
  static_assert(sizeof(Mask) == 16);
  constexpr bool kFour = sizeof(lanes[0]) == 4;
#if defined(__wasm_simd128__)
  return kFour ? wasm_i32x4_bitmask((v128_t)lanes) : wasm_i64x2_bitmask((v128_t)lanes);
#elif defined(__SSE2__)
  return kFour ? _mm_movemask_ps((__m128)lanes) : _mm_movemask_pd((__m128d)lanes);
#else
  int bits = 0;
  for (int k = 0; k < (kFour ? 4 : 2); ++k) bits |= (lanes[k] != 0) << k;
  return bits;
#endif
}

}  // namespace c3d::simd
