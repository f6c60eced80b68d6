// A plain SIMD ray–triangle batch, for bench/single-queries.mjs to set collide3d's raycastBatch against: what a
// WebAssembly kernel without exactness costs on the same items. Möller–Trumbore ("Fast, minimum storage ray/triangle
// intersection", 1997) in float32, four pairs a step, no error bounds, no validation, no culling: a hit where the
// determinant is not 0, u, v >= 0, u + v <= 1 and t >= 0, as three.js's Ray.intersectTriangle decides it.
// Items as raycastBatch takes them: a ray is 6 floats (origin, direction), a triangle 9 (a, b, c). Reads up to
// 3 floats past the last item, which the caller provides. Built only for the benchmark (CMakeLists.txt), never shipped.
#include <wasm_simd128.h>

#include <cstdint>

namespace {

// Rows r0..r3 (4 floats each) as columns: out[j] holds element j of every row.
inline void transpose(v128_t r0, v128_t r1, v128_t r2, v128_t r3, v128_t out[4]) {
  const v128_t lo01 = wasm_i32x4_shuffle(r0, r1, 0, 4, 1, 5), lo23 = wasm_i32x4_shuffle(r2, r3, 0, 4, 1, 5);
  const v128_t hi01 = wasm_i32x4_shuffle(r0, r1, 2, 6, 3, 7), hi23 = wasm_i32x4_shuffle(r2, r3, 2, 6, 3, 7);
  out[0] = wasm_i32x4_shuffle(lo01, lo23, 0, 1, 4, 5);
  out[1] = wasm_i32x4_shuffle(lo01, lo23, 2, 3, 6, 7);
  out[2] = wasm_i32x4_shuffle(hi01, hi23, 0, 1, 4, 5);
  out[3] = wasm_i32x4_shuffle(hi01, hi23, 2, 3, 6, 7);
}

// Elements 0..kCount-1 of four items kStride floats apart, one vector each: read 4 at a time, so up to 3 elements past
// the last are read and dropped.
template <int kStride, int kCount>
inline void columns(const float* items, v128_t out[kCount]) {
  for (int block = 0; block < kCount; block += 4) {
    v128_t part[4];
    transpose(wasm_v128_load(items + block), wasm_v128_load(items + kStride + block),
              wasm_v128_load(items + 2 * kStride + block), wasm_v128_load(items + 3 * kStride + block), part);
    for (int j = 0; j < 4 && block + j < kCount; ++j) out[block + j] = part[j];
  }
}

struct V {
  v128_t x, y, z;
};
inline V sub(V a, V b) { return {wasm_f32x4_sub(a.x, b.x), wasm_f32x4_sub(a.y, b.y), wasm_f32x4_sub(a.z, b.z)}; }
inline V cross(V a, V b) {
  return {wasm_f32x4_sub(wasm_f32x4_mul(a.y, b.z), wasm_f32x4_mul(a.z, b.y)),
          wasm_f32x4_sub(wasm_f32x4_mul(a.z, b.x), wasm_f32x4_mul(a.x, b.z)),
          wasm_f32x4_sub(wasm_f32x4_mul(a.x, b.y), wasm_f32x4_mul(a.y, b.x))};
}
inline v128_t dot(V a, V b) {
  return wasm_f32x4_add(wasm_f32x4_add(wasm_f32x4_mul(a.x, b.x), wasm_f32x4_mul(a.y, b.y)), wasm_f32x4_mul(a.z, b.z));
}

}  // namespace

// t of each of the `pairs` rays against its triangle, or +Infinity for a miss, into t[] (room for `pairs` rounded up
// to 4); returns the number of hits.
extern "C" __attribute__((export_name("mollerTrumbore"))) int mollerTrumbore(const float* rays,
                                                                             const float* triangles, double* t,
                                                                             int pairs) {
  const v128_t zero = wasm_f32x4_splat(0), one = wasm_f32x4_splat(1), miss = wasm_f64x2_splat(__builtin_inf());
  int hits = 0;
  for (int i = 0; i < pairs; i += 4) {
    v128_t r[6], c[9];
    columns<6, 6>(rays + 6 * i, r);
    columns<9, 9>(triangles + 9 * i, c);
    const V origin{r[0], r[1], r[2]}, direction{r[3], r[4], r[5]};
    const V a{c[0], c[1], c[2]}, e1 = sub(V{c[3], c[4], c[5]}, a), e2 = sub(V{c[6], c[7], c[8]}, a);
    const V p = cross(direction, e2);
    const v128_t det = dot(e1, p), inverse = wasm_f32x4_div(one, det);
    const V s = sub(origin, a);
    const v128_t u = wasm_f32x4_mul(dot(s, p), inverse);
    const V q = cross(s, e1);
    const v128_t v = wasm_f32x4_mul(dot(direction, q), inverse);
    const v128_t along = wasm_f32x4_mul(dot(e2, q), inverse);
    v128_t hit = wasm_v128_and(wasm_f32x4_ne(det, zero), wasm_f32x4_ge(u, zero));
    hit = wasm_v128_and(hit, wasm_v128_and(wasm_f32x4_ge(v, zero), wasm_f32x4_le(wasm_f32x4_add(u, v), one)));
    hit = wasm_v128_and(hit, wasm_f32x4_ge(along, zero));
    const int last = pairs - i < 4 ? pairs - i : 4;
    hits += __builtin_popcount(wasm_i32x4_bitmask(hit) & ((1 << last) - 1));
    // Each lane's t widened to a double, a miss's replaced by +Infinity.
    const v128_t hitLow = wasm_i64x2_extend_low_i32x4(hit), hitHigh = wasm_i64x2_extend_high_i32x4(hit);
    wasm_v128_store(t + i, wasm_v128_bitselect(wasm_f64x2_promote_low_f32x4(along), miss, hitLow));
    wasm_v128_store(t + i + 2, wasm_v128_bitselect(
        wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(along, along, 2, 3, 0, 1)), miss, hitHigh));
  }
  return hits;
}
