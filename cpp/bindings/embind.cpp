// The embind module: the one binding layer between JavaScript and the core.
// Queries are bound as functions of two shape type codes that read their arguments from, and write their results
// to, a scratch area of the wasm heap (io_layout.h). Numbers in, numbers out: no object is converted per call (an
// embind function of numbers costs about what a raw export does; converting objects costs 20x more). The JavaScript
// entry (web/lib) hides all of this.
#include <emscripten/bind.h>

#include <malloc.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bindings/io_layout.h"
#include "bindings/mesh_queries.h"
#include "collide3d/batch/cull.h"
#include "collide3d/broadphase/all_pairs.h"
#include "collide3d/dispatch/encoded.h"
#include "collide3d/dispatch/tables.h"
#include "collide3d/math/orthonormal_basis.h"

namespace c3d {

double io::scratch[io::kSize];
Problem io::problemSeen;
std::vector<uint32_t> io::numbersFound;

namespace {

using io::argA;
using io::argB;

bool validType(int type) { return type >= 0 && type < kShapeTypeCount; }

// Looks up the table entry for (a, b) and validates both arguments; returns a status code when the query cannot run.
template <class Fn>
int prepare(const PairTable<Fn>& table, int a, int b, Fn& entry) {
  if (!validType(a) || !validType(b)) return io::kUnsupportedPair;
  entry = table.at(static_cast<ShapeType>(a), static_cast<ShapeType>(b));
  if (entry == nullptr) return io::kUnsupportedPair;
  if (!validateEncoded(static_cast<ShapeType>(a), argA(), io::problemSeen)) return io::kInvalidA;
  if (!validateEncoded(static_cast<ShapeType>(b), argB(), io::problemSeen)) return io::kInvalidB;
  return 0;
}

// Returns 1 or 0, or a negative status.
int intersectsEncoded(int a, int b) {
  IntersectsFn entry;
  if (const int status = prepare(intersectsTable(), a, b, entry)) return status;
  return entry(argA(), argB()) ? 1 : 0;
}

// Options: RaycastOptions. Returns 1 with the RaycastHit in result(), 0 for none, or a status.
int raycastEncoded(int a, int b) {
  RaycastFn entry;
  if (const int status = prepare(raycastTable(), a, b, entry)) return status;
  const auto hit = entry(argA(), argB(), io::raycastOptions());
  if (!hit) return 0;
  io::writeResult(*hit);
  return 1;
}

// Options: epsilon. Returns the Side.
int classifyEncoded(int a, int b) {
  ClassifyFn entry;
  if (const int status = prepare(classifyTable(), a, b, entry)) return status;
  return static_cast<int>(entry(argA(), argB(), io::readOptions<ClassifyOptions>()));
}

// Returns 0 for no intersection, or the IntersectionSet's kind with the set in result().
int intersectionEncoded(int a, int b) {
  IntersectionFn entry;
  if (const int status = prepare(intersectionTable(), a, b, entry)) return status;
  const auto set = entry(argA(), argB());
  if (!set) return 0;
  io::writeResult(*set);
  return static_cast<int>(set->kind);
}

// Options: SweepOptions. Returns 1 for a hit (in result()).
int sweepEncoded(int a, int b) {
  SweepFn entry;
  if (const int status = prepare(sweepTable(), a, b, entry)) return status;
  const auto hit = entry(argA(), io::readOptions<io::SweepOptions>().velocity, argB());
  if (!hit) return 0;
  io::writeResult(*hit);
  return 1;
}

// Returns 1 with the ClosestPoints in result(), or a negative status. Serves closestPoints() and distance().
int closestPointsEncoded(int a, int b) {
  ClosestPointsFn entry;
  if (const int status = prepare(closestPointsTable(), a, b, entry)) return status;
  io::writeResult(entry(argA(), argB()));
  return 1;
}

// Returns 1 with the Contact in result(), 0 for none, or a negative status.
int contactEncoded(int a, int b) {
  ContactFn entry;
  if (const int status = prepare(contactTable(), a, b, entry)) return status;
  const auto found = entry(argA(), argB());
  if (!found) return 0;
  io::writeResult(*found);
  return 1;
}

// Returns 1 when the shapes are apart (the Separation in result()), 0 when they meet, or a negative status.
int separatingAxisEncoded(int a, int b) {
  SeparatingAxisFn entry;
  if (const int status = prepare(separatingAxisTable(), a, b, entry)) return status;
  const auto separation = entry(argA(), argB());
  if (!separation) return 0;
  io::writeResult(*separation);
  return 1;
}

// Argument A: the vector w. Returns 1 with the OrthonormalBasis in result(), or kInvalidA for the zero vector.
int orthonormalBasisEncoded() {
  const Vec3 w{argA()[0], argA()[1], argA()[2]};
  if (isZero(w)) {
    fail(io::problemSeen, "", "must be non-zero", w);
    return io::kInvalidA;
  }
  io::writeResult(orthonormalBasis(w));
  return 1;
}

// Frustum culling of `count` spheres or aabbs (`type`) stored at `items` (float32, or float64 when `isDouble`), one
// byte per item written at `visible`. Argument A: the frustum. Returns how many are visible; kUnsupportedPair for
// another type; kInvalidA for a bad frustum; kInvalidB for a bad item (io::itemsUsable says where).
int cullEncoded(int type, std::uintptr_t items, int count, int isDouble, std::uintptr_t visible) {
  const bool spheres = type == static_cast<int>(ShapeType::Sphere);
  if (!spheres && type != static_cast<int>(ShapeType::Aabb)) return io::kUnsupportedPair;
  if (!validateEncoded(ShapeType::Frustum, argA(), io::problemSeen)) return io::kInvalidA;
  if (!io::itemsUsable(io::itemsAt(static_cast<ShapeType>(type), items, count, isDouble))) return io::kInvalidB;
  const Frustum frustum = decode<Frustum>(argA());
  auto* out = reinterpret_cast<uint8_t*>(visible);
  const auto n = static_cast<size_t>(count);
  auto run = [&](const auto* values) -> int {
    return static_cast<int>(spheres ? cull<Sphere>(frustum, values, n, out) : cull<Aabb>(frustum, values, n, out));
  };
  return isDouble ? run(reinterpret_cast<const double*>(items)) : run(reinterpret_cast<const float*>(items));
}

// All overlapping pairs among `count` boxes stored at `items` (float32, or float64 when `isDouble`), or part `part`
// of `parts` of them (all_pairs.h's Share). Returns how many pairs there are, their numbers then in io::numbersFound;
// kInvalidB for a bad box (io::itemsUsable says where); kHeapFull when the heap cannot hold them (nothing is kept).
int allPairsEncoded(std::uintptr_t items, int count, int isDouble, int part, int parts) {
  io::releaseFound();
  if (!io::itemsUsable(io::itemsAt(ShapeType::Aabb, items, count, isDouble))) return io::kInvalidB;
  const auto n = static_cast<size_t>(count);
  const all_pairs::Share share{static_cast<uint32_t>(part), static_cast<uint32_t>(parts)};
  auto run = [&](const auto* values) -> int {
    if (allPairs(values, n, io::numbersFound, share)) return static_cast<int>(io::numbersFound.size() / 2);
    io::releaseFound();
    return io::kHeapFull;
  };
  return isDouble ? run(reinterpret_cast<const double*>(items)) : run(reinterpret_cast<const float*>(items));
}

std::uintptr_t foundAddress() { return reinterpret_cast<std::uintptr_t>(io::numbersFound.data()); }

// "name=field:kind,...;" for every layout (layouts.h), from data built at compile time: one loop, no code per layout.
struct LayoutInfo {
  const char* name;
  const FieldInfo* fields;
  int fieldCount;
};
template <class... Layouts>
constexpr std::array<LayoutInfo, sizeof...(Layouts)> layoutInfo(io::LayoutList<Layouts...>) {
  return {LayoutInfo{Layouts::kName, kFieldInfo<Layouts>.data(), fieldCount<Layouts>()}...};
}
constexpr auto kLayouts = layoutInfo(io::AllLayouts{});

std::string layoutsText() {
  std::string text;
  for (const LayoutInfo& layout : kLayouts) {
    text += layout.name;
    text += '=';
    text += schemaText(layout.fields, layout.fieldCount);
    text += ';';
  }
  return text;
}

// Start-up description for the JS entry: the scratch area, every shape type's code and encoded schema, every option
// and result layout, and the codes the query functions return (status, sides, intersection kinds), so the JS side
// repeats none of them.
emscripten::val describe() {
  using emscripten::val;
  val layout = val::object();
  layout.set("address", static_cast<double>(reinterpret_cast<std::uintptr_t>(io::scratch)));
  layout.set("options", io::kOptions);
  layout.set("a", io::kShapeA);
  layout.set("b", io::kShapeB);
  layout.set("result", io::kResult);
  layout.set("size", io::kSize);
  // Where the last validation failure's field and message are (NUL-terminated): read in place, as a full heap could
  // not give a copy.
  layout.set("problemField", static_cast<double>(reinterpret_cast<std::uintptr_t>(io::problemSeen.field.text)));
  layout.set("problemMessage", static_cast<double>(reinterpret_cast<std::uintptr_t>(io::problemSeen.message.text)));
  val shapes = val::object();
  for (int type = 0; type < kShapeTypeCount; ++type) {
    val shape = val::object();
    shape.set("code", type);
    shape.set("schema", shapeSchema(static_cast<ShapeType>(type)));
    shape.set("size", encodedSize(static_cast<ShapeType>(type)));
    shapes.set(shapeName(static_cast<ShapeType>(type)), shape);
  }
  layout.set("shapes", shapes);
  layout.set("layouts", layoutsText());
  val enums = val::object();  // the names of each enum's values, in order, as the JS API spells them
  enums.set("hitModes", std::string(kHitModeNames));
  enums.set("segmentKinds", std::string(kSegmentKindNames));
  enums.set("worldKinds", std::string(io::kWorldKindNames));
  enums.set("gjkStops", std::string(kGjkStopNames));
  enums.set("slideParts", std::string(kSlidePartNames));
  layout.set("enums", enums);
  layout.set("maxIterations", CharacterMove::kMaxIterations);
  val range = val::object();
  range.set("smallest", kSmallestMagnitude);
  range.set("largest", kLargestMagnitude);
  range.set("rule", std::string(kRangeRule));
  layout.set("range", range);
  val status = val::object();
  status.set("unsupportedPair", io::kUnsupportedPair);
  status.set("invalidA", io::kInvalidA);
  status.set("invalidB", io::kInvalidB);
  status.set("heapFull", io::kHeapFull);
  layout.set("status", status);
  val sides = val::array();
  sides.set(static_cast<int>(Side::Front), "front");
  sides.set(static_cast<int>(Side::Back), "back");
  sides.set(static_cast<int>(Side::Intersecting), "intersecting");
  layout.set("sides", sides);
  val kinds = val::object();
  kinds.set(static_cast<int>(IntersectionSet::Kind::Point), "point");
  kinds.set(static_cast<int>(IntersectionSet::Kind::Segment), "segment");
  kinds.set(static_cast<int>(IntersectionSet::Kind::Line), "line");
  kinds.set(static_cast<int>(IntersectionSet::Kind::Circle), "circle");
  kinds.set(static_cast<int>(IntersectionSet::Kind::Polygon), "polygon");
  kinds.set(static_cast<int>(IntersectionSet::Kind::Coplanar), "coplanar");
  layout.set("intersectionKinds", kinds);
  return layout;
}

// Which (a, b) type pairs each query supports, as "query:a:b" lines (the README's feature matrix comes from here);
// then each TriangleMesh method's, as "TriangleMesh.method:a:b" with the mesh named TriangleMesh, as its errors do.
std::string supportedPairs() {
  std::string lines;
  auto add = [&](const char* prefix, const char* query, const char* a, const char* b) {
    for (const char* part : {prefix, query, ":", a, ":", b, "\n"}) lines += part;
  };
  auto list = [&](const char* query, auto& table) {
    for (int a = 0; a < kShapeTypeCount; ++a) {
      for (int b = 0; b < kShapeTypeCount; ++b) {
        if (table.entry[a][b] == nullptr) continue;
        add("", query, shapeName(static_cast<ShapeType>(a)), shapeName(static_cast<ShapeType>(b)));
      }
    }
  };
  list("intersects", intersectsTable());
  list("raycast", raycastTable());
  list("classify", classifyTable());
  list("intersection", intersectionTable());
  list("sweep", sweepTable());
  list("closestPoints", closestPointsTable());
  list("distance", closestPointsTable());
  list("contact", contactTable());
  list("separatingAxis", separatingAxisTable());
  const char* mesh = "TriangleMesh";
  for (const mesh_queries::Method& method : mesh_queries::kMethods) {
    if (method.takes == nullptr) add("TriangleMesh.", method.name, mesh, mesh);
    for (int type = 0; method.takes != nullptr && type < kShapeTypeCount; ++type) {
      if (!method.takes(type)) continue;
      const char* shape = shapeName(static_cast<ShapeType>(type));
      add("TriangleMesh.", method.name, method.shapeFirst ? shape : mesh, method.shapeFirst ? mesh : shape);
    }
  }
  return lines;
}

// Bytes of the wasm heap currently allocated by malloc: lets tests show that nothing leaks.
double heapBytesInUse() { return static_cast<double>(mallinfo().uordblks); }

}  // namespace

}  // namespace c3d

EMSCRIPTEN_BINDINGS(collide3d) {
  using namespace emscripten;
  function("describe", &c3d::describe);
  function("supportedPairs", &c3d::supportedPairs);
  function("heapBytesInUse", &c3d::heapBytesInUse);
  function("intersects", &c3d::intersectsEncoded);
  function("raycast", &c3d::raycastEncoded);
  function("classify", &c3d::classifyEncoded);
  function("intersection", &c3d::intersectionEncoded);
  function("sweep", &c3d::sweepEncoded);
  function("closestPoints", &c3d::closestPointsEncoded);
  function("contact", &c3d::contactEncoded);
  function("separatingAxis", &c3d::separatingAxisEncoded);
  function("orthonormalBasis", &c3d::orthonormalBasisEncoded);
  function("cull", &c3d::cullEncoded);
  function("allPairs", &c3d::allPairsEncoded);
  function("foundAddress", &c3d::foundAddress);
  function("releaseFound", &c3d::io::releaseFound);
}
