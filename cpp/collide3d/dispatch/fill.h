// Helpers the table files use to fill their entries from overloaded kernels, decoding the encoded arguments.
// Everything here is constexpr, so each table is a constant built at compile time: no initialisation guard on the
// query path.
#pragma once
#include "collide3d/dispatch/solids.h"

namespace c3d {

template <class Shape>
constexpr int row() {
  return static_cast<int>(Shape::kType);
}

// The result of a symmetric query with its arguments swapped: the same for sets and booleans; closest points swap.
template <class Result>
Result asReversed(const Result& result) {
  return result;
}
inline ClosestPoints asReversed(const ClosestPoints& c) { return {c.pointB, c.pointA, c.distance}; }
inline std::optional<Contact> asReversed(const std::optional<Contact>& c) {
  if (!c) return c;
  return Contact{-c->normal, c->depth, c->pointB, c->pointA};
}
inline std::optional<Separation> asReversed(const std::optional<Separation>& s) {
  if (!s) return s;
  return Separation{-s->axis, s->gap};
}

// A symmetric query: entries (A, B) and (B, A) both run Kernel::run(const A&, const B&).
template <class Kernel, class A, class B, class Fn>
constexpr void addSymmetric(PairTable<Fn>& table) {
  table.entry[row<A>()][row<B>()] = [](const double* a, const double* b) {
    return Kernel::run(decode<A>(a), decode<B>(b));
  };
  if (row<A>() == row<B>()) return;
  table.entry[row<B>()][row<A>()] = [](const double* b, const double* a) {
    return asReversed(Kernel::run(decode<A>(a), decode<B>(b)));
  };
}

// Fills every empty (solid, solid) entry with a thunk passing both shapes, typed, to kGeneric: one out-of-line
// function serves the whole matrix, each cell costing only its call.
template <auto kGeneric, class A, class B, class Fn>
constexpr void fillCell(PairTable<Fn>& table) {
  if (table.entry[row<A>()][row<B>()] != nullptr) return;
  table.entry[row<A>()][row<B>()] = [](const double* a, const double* b) {
    return kGeneric(EncodedShape{A::kType, a}, EncodedShape{B::kType, b});
  };
}
template <auto kGeneric, class A, class Fn, class... Bs>
constexpr void fillRow(PairTable<Fn>& table, ShapeList<Bs...>) {
  (fillCell<kGeneric, A, Bs>(table), ...);
}
template <auto kGeneric, class Fn, class... As>
constexpr void fillPairs(PairTable<Fn>& table, ShapeList<As...> solids) {
  (fillRow<kGeneric, As>(table, solids), ...);
}
template <auto kGeneric, class Fn>
constexpr void fillSolidPairs(PairTable<Fn>& table) {
  fillPairs<kGeneric>(table, Solids{});
}

}  // namespace c3d
