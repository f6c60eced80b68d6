// Helpers the table files use to fill their entries from overloaded kernels, decoding the encoded arguments.
// Everything here is constexpr, so each table is a constant built at compile time: no initialisation guard on the
// query path.
#pragma once
#include "collide3d/dispatch/tables.h"

namespace c3d {

template <class Shape>
constexpr int row() {
  return static_cast<int>(Shape::kType);
}

// A symmetric query: entries (A, B) and (B, A) both run Kernel::run(const A&, const B&).
template <class Kernel, class A, class B, class Fn>
constexpr void addSymmetric(PairTable<Fn>& table) {
  table.entry[row<A>()][row<B>()] = [](const double* a, const double* b) {
    return Kernel::run(decode<A>(a), decode<B>(b));
  };
  table.entry[row<B>()][row<A>()] = [](const double* b, const double* a) {
    return Kernel::run(decode<A>(a), decode<B>(b));
  };
}

}  // namespace c3d
