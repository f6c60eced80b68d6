// The traces, for the JS side to draw: gjkTrace, GJK and EPA on two solids' cores step by step
// (queries/trace/gjk_trace.h), and meshRaycastTrace, a raycast through a TriangleMesh's tree
// (queries/trace/mesh_raycast_trace.h). Each answer's counts go to result() (GjkTraceAt, MeshTraceAt), its lists to
// one block of numbers at traceAddress(), each list in its layout: GJK's steps, EPA's vertices, EPA's steps, then the
// faces' vertex indices; or the boxes entered, the triangles tested, then the tree's boxes.
#include <emscripten/bind.h>

#include <array>
#include <cstdint>
#include <vector>

#include "bindings/io_layout.h"
#include "bindings/mesh_queries.h"
#include "collide3d/dispatch/solids.h"
#include "collide3d/memory/checked.h"

namespace c3d {

namespace {

std::vector<double> traceEncoded;

void releaseTrace() { std::vector<double>().swap(traceEncoded); }

template <class Record>
void writeAll(double*& out, const std::vector<Record>& records) {
  for (const Record& record : records) encoded::write(out, record);
}

template <class... Shapes>
constexpr std::array<const char*, sizeof...(Shapes)> namesOf(ShapeList<Shapes...>) {
  return {Shapes::kName...};
}

// Whether `type` is a solid's code; if not, problemSeen says so, listing the solids.
bool isSolidCode(int type) {
  const bool known = type >= 0 && type < kShapeTypeCount;
  if (known && isSolid(static_cast<ShapeType>(type))) return true;
  static constexpr auto kNames = namesOf(Solids{});
  Text<sizeof io::problemSeen.message.text> rule;
  rule << "must be a solid:";
  for (size_t k = 0; k < kNames.size(); ++k) rule << (k == 0 ? " '" : k + 1 < kNames.size() ? "', '" : "' or '") << kNames[k];
  rule << "'";
  Text<32> got;
  got << "'" << (known ? shapeName(static_cast<ShapeType>(type)) : "?") << "'";
  return fail(io::problemSeen, "type", rule.text, got.text);
}

// Arguments A and B: two solids. Returns 1 with GjkTraceAt in result() and the lists at traceAddress(), or a status.
int gjkTraceEncoded(int a, int b) {
  releaseTrace();
  if (!isSolidCode(a)) return io::kInvalidA;
  if (!isSolidCode(b)) return io::kInvalidB;
  const auto typeA = static_cast<ShapeType>(a), typeB = static_cast<ShapeType>(b);
  if (!validateEncoded(typeA, io::argA(), io::problemSeen)) return io::kInvalidA;
  if (!validateEncoded(typeB, io::argB(), io::problemSeen)) return io::kInvalidB;
  const ConvexCore coreA = coreOf({typeA, io::argA()}), coreB = coreOf({typeB, io::argB()});
  GjkTrace trace;
  if (!traceGjk(coreA, coreB, trace)) return io::kHeapFull;
  const size_t numbers = trace.steps.size() * encodedSize<GjkTraceStep>() +
                         trace.epaVertices.size() * encodedSize<TracedVertex>() +
                         trace.epaSteps.size() * encodedSize<EpaTraceStep>() + trace.epaFaces.size();
  if (!checked::reserve(traceEncoded, numbers)) return io::kHeapFull;
  traceEncoded.resize(numbers);
  double* out = traceEncoded.data();
  writeAll(out, trace.steps);
  writeAll(out, trace.epaVertices);
  writeAll(out, trace.epaSteps);
  for (const int index : trace.epaFaces) *out++ = index;
  io::GjkTraceAt at;
  at.steps = static_cast<double>(trace.steps.size());
  at.stop = static_cast<int>(trace.stop);
  at.radiusA = coreA.radius, at.radiusB = coreB.radius;
  at.pointA = trace.near.onA, at.pointB = trace.near.onB, at.distance = trace.near.distance;
  at.meets = trace.meets;
  at.epaVertices = static_cast<double>(trace.epaVertices.size());
  at.epaSteps = static_cast<double>(trace.epaSteps.size());
  at.epaFaceIndices = static_cast<double>(trace.epaFaces.size());
  at.contact = trace.contact;
  io::writeResult(at);
  return 1;
}

// The mesh at `address`, a caster in argument A (type `casterType`), options io::raycastOptions(), and the depth of
// the tree's boxes to list (0 to 60). Returns 1 with MeshTraceAt in result() and the lists at traceAddress(), or a
// status.
int meshRaycastTrace(std::uintptr_t address, int casterType, int depth) {
  releaseTrace();
  if (!mesh_queries::raycastTakes(casterType)) return io::kUnsupportedPair;
  const auto type = static_cast<ShapeType>(casterType);
  if (!validateEncoded(type, io::argA(), io::problemSeen)) return io::kInvalidA;
  MeshRaycastTrace trace;
  const auto& mesh = *reinterpret_cast<const TriangleMesh*>(address);
  if (!traceMeshRaycast(mesh, io::decodeCaster(type, io::argA()), io::raycastOptions(), depth, trace)) return io::kHeapFull;
  const size_t numbers = (trace.entered.size() + trace.tree.size()) * encodedSize<TracedBox>() + trace.tested.size();
  if (!checked::reserve(traceEncoded, numbers)) return io::kHeapFull;
  traceEncoded.resize(numbers);
  double* out = traceEncoded.data();
  writeAll(out, trace.entered);
  for (const uint32_t triangle : trace.tested) *out++ = triangle;
  writeAll(out, trace.tree);
  io::MeshTraceAt at;
  at.found = trace.hit.has_value();
  if (trace.hit) at.hit = *trace.hit;
  at.entered = static_cast<double>(trace.entered.size());
  at.tested = static_cast<double>(trace.tested.size());
  at.tree = static_cast<double>(trace.tree.size());
  io::writeResult(at);
  return 1;
}

std::uintptr_t traceAddress() { return reinterpret_cast<std::uintptr_t>(traceEncoded.data()); }

}  // namespace

}  // namespace c3d

EMSCRIPTEN_BINDINGS(collide3d_trace) {
  using namespace emscripten;
  function("gjkTrace", &c3d::gjkTraceEncoded);
  function("meshRaycastTrace", &c3d::meshRaycastTrace);
  function("traceAddress", &c3d::traceAddress);
  function("releaseTrace", &c3d::releaseTrace);
}
