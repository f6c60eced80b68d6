// The TriangleMesh bindings: a mesh is a heap object the JS entry holds by its address. Its numbers are written by
// the JS side straight into the mesh's own arrays (meshPositions, meshCorners), so building copies nothing twice;
// queries take numbers and read and write the scratch area (io_layout.h), as the single queries do. A serialized
// mesh (mesh_format.h) is likewise copied by the JS side straight between its bytes and the mesh's arrays, at the
// spans these functions give.
#include <emscripten/bind.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "bindings/io_layout.h"
#include "bindings/mesh_queries.h"
#include "collide3d/dispatch/encoded.h"
#include "collide3d/memory/checked.h"
#include "collide3d/mesh/mesh_format.h"
#include "collide3d/mesh/ray_order.h"
#include "collide3d/mesh/mesh_pair.h"
#include "collide3d/mesh/triangle_mesh.h"

namespace c3d {

namespace {

TriangleMesh* meshAt(std::uintptr_t address) { return reinterpret_cast<TriangleMesh*>(address); }

void meshDestroy(std::uintptr_t mesh) { checked::destroy(meshAt(mesh)); }

// A mesh over that many vertices and triangles, its numbers still to be written; 0 when the wasm heap cannot hold
// them.
std::uintptr_t meshCreate(double vertexCount, double triangleCount, int indexed) {
  TriangleMesh* mesh = checked::create<TriangleMesh>();
  if (mesh == nullptr) return 0;
  if (mesh->allocate(static_cast<size_t>(vertexCount), static_cast<size_t>(triangleCount), indexed != 0)) {
    return reinterpret_cast<std::uintptr_t>(mesh);
  }
  checked::destroy(mesh);
  return 0;
}

std::uintptr_t meshPositions(std::uintptr_t mesh) { return reinterpret_cast<std::uintptr_t>(meshAt(mesh)->positions()); }
std::uintptr_t meshCorners(std::uintptr_t mesh) { return reinterpret_cast<std::uintptr_t>(meshAt(mesh)->corners()); }

// Builds the BVH once the numbers are written, calling onProgress(fraction) (unless undefined) as it goes, which
// returns false to stop the build. Returns -1; or the index of the first vertex number beyond the vertices, or
// kHeapFull when the heap cannot hold the build or onProgress stopped it (then the mesh is only to be destroyed). The
// JS side has checked the positions.
int meshBuild(std::uintptr_t address, emscripten::val onProgress) {
  TriangleMesh& mesh = *meshAt(address);
  const std::ptrdiff_t bad = mesh.firstBadCorner();
  if (bad >= 0) return static_cast<int>(bad);
  BuildProgress progress;
  if (!onProgress.isUndefined()) {
    progress.report = [](void* context, double fraction) {
      return (*static_cast<emscripten::val*>(context))(fraction).as<bool>();
    };
    progress.context = &onProgress;
  }
  return mesh.build(progress) ? -1 : io::kHeapFull;
}

// The serialized form's description for the JS side: its version, the header's size, and each section's name and
// typed array, in order.
emscripten::val meshFormat() {
  using emscripten::val;
  val format = val::object();
  format.set("version", mesh_format::kVersion);
  format.set("headerBytes", static_cast<double>(mesh_format::kHeaderBytes));
  val sections = val::array();
  for (int k = 0; k < mesh_format::kSectionCount; ++k) {
    val section = val::object();
    section.set("name", std::string(mesh_format::kSections[k].name));
    section.set("type", std::string(mesh_format::kSections[k].element));
    sections.set(k, section);
  }
  format.set("sections", sections);
  return format;
}

// A mesh's image, for the JS side, in result() (io::MeshImageAt). The header's words are in argument A's space.
void writeImage(double first, TriangleMesh& mesh) {
  io::MeshImageAt image;
  image.first = first;
  image.vertexCount = static_cast<double>(mesh.vertexCount());
  image.triangleCount = static_cast<double>(mesh.triangleCount());
  const mesh_format::Spans spans = MeshImage::spans(mesh);
  for (int k = 0; k < mesh_format::kSectionCount; ++k) {
    image.spans[k] = {static_cast<double>(spans[k].offset), static_cast<double>(spans[k].bytes),
                      static_cast<double>(reinterpret_cast<std::uintptr_t>(spans[k].at))};
  }
  io::writeResult(image);
}

void meshSerialize(std::uintptr_t address) {
  TriangleMesh& mesh = *meshAt(address);
  uint32_t words[mesh_format::kHeaderWords];
  MeshImage::header(mesh, words);
  std::memcpy(io::scratch + io::kShapeA, words, sizeof words);
  writeImage(static_cast<double>(MeshImage::bytes(mesh)), mesh);
}

// Reads the header of an image of `byteLength` bytes from argument A's space (its first bytes; zeros beyond a shorter
// image). Returns 1 with a new mesh, given room for the image's arrays, in result() (writeImage); or kInvalidA
// (problemSeen says why) or kHeapFull.
int meshOpen(double byteLength) {
  uint32_t words[mesh_format::kHeaderWords];
  std::memcpy(words, io::scratch + io::kShapeA, sizeof words);
  TriangleMesh* mesh = checked::create<TriangleMesh>();
  if (mesh == nullptr) return io::kHeapFull;
  const auto read = MeshImage::open(words, static_cast<uint64_t>(byteLength), *mesh, io::problemSeen);
  if (read == mesh_format::Read::Done) {
    writeImage(static_cast<double>(reinterpret_cast<std::uintptr_t>(mesh)), *mesh);
    return 1;
  }
  checked::destroy(mesh);
  return read == mesh_format::Read::Invalid ? io::kInvalidA : io::kHeapFull;
}

// Once the JS side has copied the image's arrays in: 1 when the mesh can be trusted, else kInvalidA (problemSeen says
// why) or kHeapFull; the mesh is then only to be destroyed.
int meshAdopt(std::uintptr_t address) {
  const auto read = MeshImage::adopt(*meshAt(address), io::problemSeen);
  return read == mesh_format::Read::Done ? 1 : read == mesh_format::Read::Invalid ? io::kInvalidA : io::kHeapFull;
}

// After new positions are written (checked by the JS side).
void meshRefit(std::uintptr_t mesh) { meshAt(mesh)->refit(); }

double meshBytes(std::uintptr_t mesh) { return static_cast<double>(meshAt(mesh)->bytes()); }

// The numbers of the last query answering with a list, until releaseHits(): a raycast's every hit (MeshHit), or
// contacts (MeshContact).
std::vector<MeshHit> hitsFound;
std::vector<double> hitsEncoded;

// Every hit of the caster, encoded at hitsAddress(); how many, or kHeapFull when the heap cannot hold them.
int meshRaycastAll(const TriangleMesh& mesh, const Caster& caster) {
  const bool held = mesh.raycastAll(caster, io::raycastOptions(), hitsFound) &&
                    checked::reserve(hitsEncoded, hitsFound.size() * encodedSize<MeshHit>());
  const auto count = static_cast<int>(hitsFound.size());
  if (held) {
    hitsEncoded.resize(hitsFound.size() * encodedSize<MeshHit>());
    double* out = hitsEncoded.data();
    for (const MeshHit& hit : hitsFound) encoded::write(out, hit);
  }
  std::vector<MeshHit>().swap(hitsFound);
  return held ? count : io::kHeapFull;
}

// Caster in argument A (type `casterType`), options io::raycastOptions(), mode a HitMode. Returns how many hits:
// 0 or 1 (then in result()) for the first or any hit, every one (then at hitsAddress()) for all; or a status.
int meshRaycast(std::uintptr_t address, int casterType, int mode) {
  if (!mesh_queries::raycastTakes(casterType)) return io::kUnsupportedPair;
  const auto type = static_cast<ShapeType>(casterType);
  if (!validateEncoded(type, io::argA(), io::problemSeen)) return io::kInvalidA;
  const auto hitMode = static_cast<HitMode>(mode);
  const Caster caster = io::decodeCaster(type, io::argA());
  if (hitMode == HitMode::All) return meshRaycastAll(*meshAt(address), caster);
  const auto found = meshAt(address)->raycast(caster, io::raycastOptions(), hitMode);
  if (!found) return 0;
  io::writeResult(*found);
  return 1;
}

std::uintptr_t hitsAddress() { return reinterpret_cast<std::uintptr_t>(hitsEncoded.data()); }
void releaseHits() { std::vector<double>().swap(hitsEncoded); }

// `count` rays (origin, direction: float32, or float64 when `isDouble`) at `rays`, first or any hit each: t into
// `distances` (float64, +infinity for a miss) and the triangle into `triangles` (int32, -1 for a miss). Returns how
// many hit; kInvalidB for a bad ray (io::itemsUsable says where).
int meshRaycastBatch(std::uintptr_t address, std::uintptr_t rays, int count, int isDouble, int mode,
                     std::uintptr_t distances, std::uintptr_t triangles) {
  if (!io::itemsUsable(io::itemsAt(ShapeType::Ray, rays, count, isDouble))) return io::kInvalidB;
  const TriangleMesh& mesh = *meshAt(address);
  const RaycastOptions options = io::raycastOptions();
  auto* t = reinterpret_cast<double*>(distances);
  auto* triangle = reinterpret_cast<int32_t*>(triangles);
  auto run = [&](const auto* values) -> int {
    // Cast in the order that keeps the tree in the cache (ray_order.h), or as given.
    std::vector<uint32_t> order;
    const bool ordered = rayOrder(values, count, mesh.tree(), order);
    int hits = 0;
    for (int k = 0; k < count; ++k) {
      const int i = ordered ? static_cast<int>(order[k]) : k;
      const auto found = mesh.raycast(toCaster(decode<Ray>(values + encodedSize<Ray>() * i)), options, static_cast<HitMode>(mode));
      t[i] = found ? found->hit.t + 0.0 : kInfinity;  // + 0: -0 reads as 0, as in raycast()
      triangle[i] = found ? static_cast<int32_t>(found->triangle) : -1;
      hits += found.has_value();
    }
    return hits;
  };
  return isDouble ? run(reinterpret_cast<const double*>(rays)) : run(reinterpret_cast<const float*>(rays));
}

// Shape in argument A. Returns 1 or 0, or a status.
int meshIntersects(std::uintptr_t address, int type) {
  if (!mesh_queries::intersectsTakes(type)) return io::kUnsupportedPair;
  const auto shapeType = static_cast<ShapeType>(type);
  if (!validateEncoded(shapeType, io::argA(), io::problemSeen)) return io::kInvalidA;
  return meshAt(address)->intersects(shapeType, io::argA()) ? 1 : 0;
}

// Shape in argument A moving by velocity (vx, vy, vz). Returns 0 for no contact, 1 with the MeshSweepHit in result(),
// or a status.
int meshSweep(std::uintptr_t address, int type, double vx, double vy, double vz) {
  if (!mesh_queries::sweepTakes(type)) return io::kUnsupportedPair;
  const auto shapeType = static_cast<ShapeType>(type);
  if (!validateEncoded(shapeType, io::argA(), io::problemSeen)) return io::kInvalidA;
  const auto found = meshAt(address)->sweep(shapeType, io::argA(), {vx, vy, vz});
  if (!found) return 0;
  io::writeResult(*found);
  return 1;
}

// Shape in argument A, options ContactsOptions. Returns how many triangles it touches or penetrates that
// deep (their contacts then at hitsAddress(), by triangle), or a status (kHeapFull when the heap cannot hold them).
int meshContacts(std::uintptr_t address, int type) {
  if (!mesh_queries::contactsTakes(type)) return io::kUnsupportedPair;
  const auto shapeType = static_cast<ShapeType>(type);
  if (!validateEncoded(shapeType, io::argA(), io::problemSeen)) return io::kInvalidA;
  std::vector<MeshContact> found;
  const double minDepth = io::readOptions<io::ContactsOptions>().minDepth;
  const bool held = meshAt(address)->contacts(shapeType, io::argA(), minDepth, found) &&
                    checked::reserve(hitsEncoded, found.size() * encodedSize<MeshContact>());
  if (!held) return io::kHeapFull;
  hitsEncoded.resize(found.size() * encodedSize<MeshContact>());
  double* out = hitsEncoded.data();
  for (const MeshContact& c : found) encoded::write(out, c);
  return static_cast<int>(found.size());
}

// Shape in argument A. Returns 0 for a mesh without triangles, else 1 with the MeshClosestPoints (pointA on the mesh)
// in result(); or a status.
int meshClosestPoints(std::uintptr_t address, int type) {
  if (!mesh_queries::closestPointsTakes(type)) return io::kUnsupportedPair;
  const auto shapeType = static_cast<ShapeType>(type);
  if (!validateEncoded(shapeType, io::argA(), io::problemSeen)) return io::kInvalidA;
  const auto found = meshAt(address)->closestPoints(shapeType, io::argA());
  if (!found) return 0;
  io::writeResult(*found);
  return 1;
}

// The point x, y, z in argument A. Returns 0 for a mesh without triangles, else 1 with the MeshPoint in result().
int meshClosestPoint(std::uintptr_t address) {
  const double* p = io::argA();
  const auto found = meshAt(address)->closestPoint({p[0], p[1], p[2]});
  if (!found) return 0;
  io::writeResult(*found);
  return 1;
}

// Mesh against mesh: the other mesh's placement in argument A, its 16 elements (the JS side has checked them, the last
// row included). Returns 1 or 0.
int meshIntersectsMesh(std::uintptr_t address, std::uintptr_t other) {
  return intersects(*meshAt(address), *meshAt(other), Affine::fromElements(io::argA())) ? 1 : 0;
}

// The same placement. Returns 0 when either mesh has no triangles, else 1 with the MeshPairPoints (in the first mesh's
// frame) in result().
int meshClosestPointsToMesh(std::uintptr_t address, std::uintptr_t other) {
  const auto found = closestPoints(*meshAt(address), *meshAt(other), Affine::fromElements(io::argA()));
  if (!found) return 0;
  io::writeResult(*found);
  return 1;
}

}  // namespace

}  // namespace c3d

EMSCRIPTEN_BINDINGS(collide3d_mesh) {
  using namespace emscripten;
  function("meshCreate", &c3d::meshCreate);
  function("meshPositions", &c3d::meshPositions);
  function("meshCorners", &c3d::meshCorners);
  function("meshBuild", &c3d::meshBuild);
  function("meshRefit", &c3d::meshRefit);
  function("meshFormat", &c3d::meshFormat);
  function("meshSerialize", &c3d::meshSerialize);
  function("meshOpen", &c3d::meshOpen);
  function("meshAdopt", &c3d::meshAdopt);
  function("meshDestroy", &c3d::meshDestroy);
  function("meshBytes", &c3d::meshBytes);
  function("meshRaycast", &c3d::meshRaycast);
  function("hitsAddress", &c3d::hitsAddress);
  function("releaseHits", &c3d::releaseHits);
  function("meshRaycastBatch", &c3d::meshRaycastBatch);
  function("meshIntersects", &c3d::meshIntersects);
  function("meshClosestPoint", &c3d::meshClosestPoint);
  function("meshSweep", &c3d::meshSweep);
  function("meshIntersectsMesh", &c3d::meshIntersectsMesh);
  function("meshClosestPointsToMesh", &c3d::meshClosestPointsToMesh);
  function("meshContacts", &c3d::meshContacts);
  function("meshClosestPoints", &c3d::meshClosestPoints);
}
