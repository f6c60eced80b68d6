// One dispatch table per query kind, indexed by the shape types of the two arguments, over encoded shapes
// (encoded.h). An empty entry means the query does not support that pair. Each table is filled in one place, its
// own .cpp file in this folder; tests walk the tables, and the feature matrix in the README is generated from them.
#pragma once
#include <optional>
#include <string>

#include "collide3d/dispatch/encoded.h"
#include "collide3d/queries/results.h"
#include "collide3d/shapes/shape_type.h"
#include "collide3d/shapes/validation.h"

namespace c3d {

template <class Fn>
struct PairTable {
  Fn entry[kShapeTypeCount][kShapeTypeCount] = {};

  constexpr Fn at(ShapeType a, ShapeType b) const { return entry[static_cast<int>(a)][static_cast<int>(b)]; }
};

// A shape as the tables take it: its type and encoded numbers (encoded.h).
struct EncodedShape {
  ShapeType type;
  const double* numbers;
};

using IntersectsFn = bool (*)(const double* a, const double* b);
using RaycastFn = std::optional<RaycastHit> (*)(const double* caster, const double* target, const RaycastOptions&);
using ClassifyFn = Side (*)(const double* plane, const double* shape, const ClassifyOptions&);
using IntersectionFn = std::optional<IntersectionSet> (*)(const double* a, const double* b);
using SweepFn = std::optional<SweepHit> (*)(const double* moving, Vec3 velocity, const double* target);
using ClosestPointsFn = ClosestPoints (*)(const double* a, const double* b);
using ContactFn = std::optional<Contact> (*)(const double* a, const double* b);
using SeparatingAxisFn = std::optional<Separation> (*)(const double* a, const double* b);

const PairTable<IntersectsFn>& intersectsTable();
const PairTable<RaycastFn>& raycastTable();      // rows: ray, line, segment
const PairTable<ClassifyFn>& classifyTable();    // row: plane
const PairTable<IntersectionFn>& intersectionTable();
const PairTable<SweepFn>& sweepTable();
const PairTable<ClosestPointsFn>& closestPointsTable();  // also serves distance()
const PairTable<ContactFn>& contactTable();
const PairTable<SeparatingAxisFn>& separatingAxisTable();

// The intersects table's answer for the pair, if it has one.
inline std::optional<bool> tableMeets(EncodedShape a, EncodedShape b) {
  const IntersectsFn meets = intersectsTable().at(a.type, b.type);
  if (meets == nullptr) return std::nullopt;
  return meets(a.numbers, b.numbers);
}

// Per shape type: its name, its encoded schema and size (numbers), and its validation.
const char* shapeName(ShapeType type);
std::string shapeSchema(ShapeType type);
int encodedSize(ShapeType type);
bool validateEncoded(ShapeType type, const double* shape, Problem& problem);

}  // namespace c3d
