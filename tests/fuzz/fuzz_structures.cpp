// libFuzzer harness over the structures built from many items: a TriangleMesh (its BVH build, raycasts in every mode and traced,
// intersects with any shape, closest points, sweeps, contacts), moveAndSlide through a mesh and an AabbTree, two TriangleMeshes, one placed by a drawn matrix
// (intersectsMesh, closestPointsToMesh), a serialized TriangleMesh damaged at drawn places and read back (refused, or
// answering as brute force over the triangles its image holds), a SegmentTree of each kind (the points or segments
// near a caster, against the closest-points table's distances), a convex hull of drawn points, an AabbTree driven by a drawn sequence of inserts,
// updates and removals, then its pairs and every box a caster hits, allPairs over drawn boxes, and the order a mesh's
// raycastBatch casts drawn rays in. Each answer is
// checked against brute force over the same items (the single queries the structures promise to agree with), so the
// fuzzer finds wrong answers as well as memory errors and undefined behaviour. Run: scripts/fuzz.sh, or the short
// bounded run inside npm test.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "collide3d/broadphase/all_pairs.h"
#include "collide3d/broadphase/dynamic_tree.h"
#include "collide3d/character/move_and_slide.h"
#include "collide3d/dispatch/tables.h"
#include "collide3d/hull/hull_builder.h"
#include "collide3d/mesh/mesh_format.h"
#include "collide3d/mesh/mesh_pair.h"
#include "collide3d/mesh/ray_order.h"
#include "collide3d/mesh/segment_tree.h"
#include "collide3d/mesh/triangle_mesh.h"
#include "collide3d/queries/trace/mesh_raycast_trace.h"
#include "collide3d/shapes/validate_shape.h"
#include "fuzz_input.h"

namespace c3d {
namespace {

void require(bool holds) {
  if (!holds) __builtin_trap();
}

Aabb drawnBox(fuzz::Input& in) {
  const Vec3 a = in.vector(), b = in.vector();
  return {{std::fmin(a.x, b.x), std::fmin(a.y, b.y), std::fmin(a.z, b.z)},
          {std::fmax(a.x, b.x), std::fmax(a.y, b.y), std::fmax(a.z, b.z)}};
}

// A ray, line or segment whose numbers pass validation, or nothing.
std::optional<Caster> drawnCaster(fuzz::Input& in) {
  const Vec3 origin = in.vector(), other = in.vector();
  Problem problem;
  switch (in.choice(3)) {
    case 0: {
      const Ray ray{origin, other};
      return validateShape(ray, problem) ? std::optional(toCaster(ray)) : std::nullopt;
    }
    case 1: {
      const Line line{origin, other};
      return validateShape(line, problem) ? std::optional(toCaster(line)) : std::nullopt;
    }
    default: {
      const Segment segment{origin, other};
      return validateShape(segment, problem) ? std::optional(toCaster(segment)) : std::nullopt;
    }
  }
}

float drawnFloat(fuzz::Input& in) {
  const auto x = static_cast<float>(in.number());
  return std::isfinite(x) ? x : 0.0f;  // the JS side accepts finite positions only
}

// The mesh's contacts (every triangle's, by index) and closest points (the least distance) against brute force over
// `triangles`, for a shape the contact and closestPoints tables take with a triangle.
void checkContactsAndClosestPoints(const TriangleMesh& mesh, const std::vector<Triangle>& triangles, ShapeType type,
                                   const double* shape) {
  if (const ContactFn touches = contactTable().at(ShapeType::Triangle, type)) {
    std::vector<MeshContact> all;
    require(mesh.contacts(type, shape, 0, all));
    size_t k = 0;
    for (size_t i = 0; i < triangles.size(); ++i) {
      if (const auto c = touches(encodedBuffer(triangles[i]).data(), shape)) {
        require(k < all.size() && all[k].triangle == i && all[k].contact.depth == c->depth);
        ++k;
      }
    }
    require(k == all.size());
  }
  if (const ClosestPointsFn nearest = closestPointsTable().at(ShapeType::Triangle, type)) {
    double least = kInfinity;
    for (const Triangle& t : triangles) least = std::fmin(least, nearest(encodedBuffer(t).data(), shape).distance);
    const auto found = mesh.closestPoints(type, shape);
    require(found.has_value() == !triangles.empty());
    if (found) require(found->points.distance == least);
  }
}

// The mesh's raycasts (every mode), intersects and closest points against brute force over `triangles` (by index).
void checkMesh(fuzz::Input& in, const TriangleMesh& mesh, const std::vector<Triangle>& triangles) {
  const size_t triangleCount = triangles.size();
  for (int query = 0; query < 4; ++query) {
    if (const auto caster = drawnCaster(in)) {
      RaycastOptions options;
      options.backfaceCulling = in.choice(2);
      std::optional<MeshHit> best;
      size_t hits = 0;
      for (size_t i = 0; i < triangleCount; ++i) {
        if (const auto hit = raycast(*caster, triangles[i], options)) {
          ++hits;
          if (!best || hit->t < best->hit.t) best = MeshHit{*hit, static_cast<uint32_t>(i)};
        }
      }
      const auto first = mesh.raycast(*caster, options, HitMode::First);
      require(first.has_value() == best.has_value());
      // The first hit may be a triangle whose t ties the least within the tree's relative margin of 2^-20.
      if (first) require(std::fabs(first->hit.t - best->hit.t) <= 0x1p-20 * std::fabs(best->hit.t));
      require(mesh.raycast(*caster, options, HitMode::Any).has_value() == best.has_value());
      std::vector<MeshHit> all;
      require(mesh.raycastAll(*caster, options, all) && all.size() == hits);
      // Watched, the same first hit; the leaves entered hold exactly the triangles tested, the hit's among them.
      MeshRaycastTrace trace;
      require(traceMeshRaycast(mesh, *caster, options, static_cast<int>(in.choice(8)), trace));
      require(trace.hit.has_value() == first.has_value());
      if (first) {
        require(trace.hit->triangle == first->triangle && trace.hit->hit.t == first->hit.t);
        require(std::find(trace.tested.begin(), trace.tested.end(), first->triangle) != trace.tested.end());
      }
      double inLeaves = 0;
      for (const TracedBox& box : trace.entered) inLeaves += box.triangles;
      require(inLeaves == static_cast<double>(trace.tested.size()));
    }
    const auto type = static_cast<ShapeType>(in.choice(kShapeTypeCount));
    const auto shape = in.shape(type);
    Problem problem;
    if (validateEncoded(type, shape.data(), problem)) {
      const IntersectsFn meets = intersectsTable().at(type, ShapeType::Triangle);
      bool any = false;
      for (const Triangle& t : triangles) any = any || meets(shape.data(), encodedBuffer(t).data());
      require(mesh.intersects(type, shape.data()) == any);
      // The first contact of the shape moving, for the types a mesh sweeps: the least t over the triangles.
      if (const SweepFn sweepOne = sweepTable().at(type, ShapeType::Triangle)) {
        const Vec3 velocity = in.vector();
        std::optional<double> least;
        for (const Triangle& t : triangles) {
          if (const auto hit = sweepOne(shape.data(), velocity, encodedBuffer(t).data())) {
            if (!least || hit->t < *least) least = hit->t;
          }
        }
        const auto found = mesh.sweep(type, shape.data(), velocity);
        require(found.has_value() == least.has_value());
        if (found) require(found->hit.t == *least);
      }
      checkContactsAndClosestPoints(mesh, triangles, type, shape.data());
    }
    // Shapes drawn from the whole range seldom reach several triangles: a ball and a box around one's corner do.
    if (triangleCount > 0) {
      const Triangle& near = triangles[static_cast<size_t>(in.choice(static_cast<int>(triangleCount)))];
      const double r = std::fabs(in.number());
      const Sphere ball{near.a, r};
      const Aabb box{near.b - Vec3{r, r, r}, near.b + Vec3{r, r, r}};
      if (validateShape(ball, problem)) checkContactsAndClosestPoints(mesh, triangles, ShapeType::Sphere, encodedBuffer(ball).data());
      if (validateShape(box, problem)) checkContactsAndClosestPoints(mesh, triangles, ShapeType::Aabb, encodedBuffer(box).data());
    }
    const Point p{in.vector()};
    if (validateShape(p, problem)) {
      double nearest = kInfinity;
      for (const Triangle& t : triangles) {
        nearest = std::fmin(nearest, closestPointsTable().at(ShapeType::Point, ShapeType::Triangle)(
                                         encodedBuffer(p).data(), encodedBuffer(t).data()).distance);
      }
      const auto found = mesh.closestPoint(p.position);
      require(found.has_value() == (triangleCount > 0));
      if (found) require(found->distance == nearest);
    }
  }
}

// A drawn mesh of up to 15 triangles, built; its triangles as given (before the build reorders them) into
// `triangles`. False when a vertex number was beyond the vertices (found, and nothing built) or the heap was full.
bool drawnMesh(fuzz::Input& in, TriangleMesh& mesh, std::vector<Triangle>& triangles) {
  const size_t vertexCount = 1 + in.choice(12), triangleCount = in.choice(16);
  const bool indexed = in.choice(2);
  if (!mesh.allocate(indexed ? vertexCount : 3 * triangleCount, triangleCount, indexed)) return false;
  for (size_t k = 0; k < 3 * mesh.vertexCount(); ++k) mesh.positions()[k] = drawnFloat(in);
  std::ptrdiff_t firstBad = -1;
  if (indexed) {
    for (size_t k = 0; k < 3 * triangleCount; ++k) {
      mesh.corners()[k] = static_cast<uint32_t>(in.choice(static_cast<int>(vertexCount) + 1));
      if (firstBad < 0 && mesh.corners()[k] >= vertexCount) firstBad = static_cast<std::ptrdiff_t>(k);
    }
  }
  require(mesh.firstBadCorner() == firstBad);
  if (firstBad >= 0) return false;
  triangles.resize(triangleCount);
  auto vertex = [&](uint32_t v) {
    const float* p = mesh.positions() + 3 * size_t{v};
    return Vec3{p[0], p[1], p[2]};
  };
  for (size_t i = 0; i < triangleCount; ++i) {
    const uint32_t* c = mesh.corners() + 3 * i;
    triangles[i] = {vertex(c[0]), vertex(c[1]), vertex(c[2])};
  }
  require(mesh.build());
  return true;
}

void fuzzMesh(fuzz::Input& in) {
  TriangleMesh mesh;
  std::vector<Triangle> triangles;
  if (drawnMesh(in, mesh, triangles)) checkMesh(in, mesh, triangles);
}

// Whether the shape penetrates a triangle deeper than `depth`, or meets a box shrunk by `depth` on every side (then it
// is at least that deep in the box; a box shrunk to nothing is left out).
template <class Shape>
bool penetrates(const Shape& shape, const std::vector<Triangle>& triangles, const std::vector<Aabb>& boxes, double depth) {
  const auto numbers = encodedBuffer(shape);
  const ContactFn withTriangle = contactTable().at(ShapeType::Triangle, Shape::kType);
  for (const Triangle& t : triangles) {
    const auto c = withTriangle(encodedBuffer(t).data(), numbers.data());
    if (c && c->depth > depth) return true;
  }
  const IntersectsFn meetsBox = intersectsTable().at(ShapeType::Aabb, Shape::kType);
  for (const Aabb& b : boxes) {
    const Aabb inner{b.min + Vec3{depth, depth, depth}, b.max - Vec3{depth, depth, depth}};
    if (inner.min.x <= inner.max.x && inner.min.y <= inner.max.y && inner.min.z <= inner.max.z &&
        meetsBox(encodedBuffer(inner).data(), numbers.data())) {
      return true;
    }
  }
  return false;
}

// moveAndSlide of a drawn character (options in the ranges the JS side checks) through the mesh and a tree of drawn
// boxes, traced and not: the same move, its sweeps chained; a finite move, and a shape that penetrated nothing at the start penetrates nothing at the end beyond the
// 1e-9 of its motion a contact passed over as not closing may allow (collision_world.h), and rounding.
template <class Shape>
void checkMove(fuzz::Input& in, const Shape& shape, const CollisionWorld& world, const std::vector<Triangle>& triangles,
               const std::vector<Aabb>& boxes) {
  Vec3 motion = in.vector();
  CharacterOptions o;
  const Vec3 up = in.vector();
  if (!isZero(up)) o.up = up;
  o.maxSlope = std::fmin(std::fabs(in.number()), 1.5);
  o.stepHeight = std::fabs(in.number());
  o.snapToGround = std::fabs(in.number());
  o.maxIterations = 1 + in.choice(CharacterMove::kMaxIterations);
  o.skinWidth = std::fabs(in.number());
  for (double* x : {&motion.x, &motion.y, &motion.z, &o.stepHeight, &o.snapToGround, &o.skinWidth}) {
    if (!inRange(*x)) *x = 0;
  }
  SlideTrace trace;
  const CharacterMove move = moveAndSlide(shape, motion, world, o, &trace);
  // The trace changes nothing, and its sweeps chain from no translation to the move's.
  const CharacterMove plain = moveAndSlide(shape, motion, world, o);
  require(plain.translation == move.translation && plain.contactCount == move.contactCount);
  require(trace.count >= 0 && trace.count <= SlideTrace::kMaxSteps);
  Vec3 at{};
  for (int i = 0; i < trace.count; ++i) {
    require(trace.steps[i].from == at);
    at = trace.steps[i].to;
  }
  require(at == move.translation);
  require(move.contactCount >= 0 && move.contactCount <= CharacterMove::kMaxContacts);
  for (int i = 0; i < move.contactCount; ++i) require(move.contacts[i].source < world.size());
  const Vec3 d = move.translation;
  require(std::isfinite(d.x) && std::isfinite(d.y) && std::isfinite(d.z));
  // Sizes: the scene's coordinates and the motion; the depth allowed is far below any skin a user would choose.
  double size = length(motion) + o.stepHeight + o.snapToGround;
  for (const Triangle& t : triangles) size = std::fmax(size, std::fmax(length(t.a), std::fmax(length(t.b), length(t.c))));
  for (const Aabb& b : boxes) size = std::fmax(size, std::fmax(length(b.min), length(b.max)));
  const double allowed = 1e-6 * size;
  // At the start: no triangle penetrated, no box met.
  if (!penetrates(shape, triangles, boxes, 0)) require(!penetrates(translated(shape, d), triangles, boxes, allowed));
}

void fuzzCharacter(fuzz::Input& in) {
  TriangleMesh mesh;
  std::vector<Triangle> triangles;
  if (!drawnMesh(in, mesh, triangles)) return;
  DynamicTree tree(0.1);
  std::vector<Aabb> boxes;
  for (int k = in.choice(4); k > 0; --k) {
    require(tree.reserveForInsert());
    boxes.push_back(drawnBox(in));
    tree.insert(boxes.back());
  }
  CollisionWorld world;
  require(world.add(&mesh) && world.add(&tree));
  const ShapeType types[] = {ShapeType::Sphere, ShapeType::Capsule, ShapeType::Aabb, ShapeType::Obb};
  const ShapeType type = types[in.choice(4)];
  const auto shape = in.shape(type);
  Problem problem;
  if (!validateEncoded(type, shape.data(), problem)) return;
  switch (type) {
    case ShapeType::Sphere: checkMove(in, decode<Sphere>(shape.data()), world, triangles, boxes); break;
    case ShapeType::Capsule: checkMove(in, decode<Capsule>(shape.data()), world, triangles, boxes); break;
    case ShapeType::Aabb: checkMove(in, decode<Aabb>(shape.data()), world, triangles, boxes); break;
    default: checkMove(in, decode<Obb>(shape.data()), world, triangles, boxes); break;
  }
}

// A placement the JS side accepts: a drawn rotation (raw numbers, an exact signed permutation, or a quaternion's),
// sometimes scaled, and a drawn translation, every element 0 or in the shapes' range.
Affine drawnPlacement(fuzz::Input& in) {
  const Mat3 r = in.rotation();
  const double scale = in.choice(2) ? 1 : in.number();
  double e[16] = {};
  for (int column = 0; column < 3; ++column) {
    for (int row = 0; row < 3; ++row) e[4 * column + row] = r.m[3 * column + row] * scale;
  }
  const Vec3 t = in.vector();
  e[12] = t.x, e[13] = t.y, e[14] = t.z, e[15] = 1;
  for (double& x : e) x = inRange(x) ? x : 0;
  return Affine::fromElements(e);
}

// Two drawn meshes, the second placed by a drawn matrix: intersects and closest points against brute force over every
// pair of triangles, the second's mapped by the same placement.
void fuzzMeshPair(fuzz::Input& in) {
  TriangleMesh a, b;
  std::vector<Triangle> ta, tb;
  if (!drawnMesh(in, a, ta) || !drawnMesh(in, b, tb)) return;
  const Affine map = drawnPlacement(in);
  bool meet = false;
  std::optional<MeshPairPoints> best;
  for (uint32_t j = 0; j < tb.size(); ++j) {
    const Triangle s{map.apply(tb[j].a), map.apply(tb[j].b), map.apply(tb[j].c)};
    for (uint32_t i = 0; i < ta.size(); ++i) {
      meet = meet || intersects(ta[i], s);
      const ClosestPoints c = closestPoints(ta[i], s);
      if (!best || c.distance < best->distance ||
          (c.distance == best->distance && (i < best->triangleA || (i == best->triangleA && j < best->triangleB)))) {
        best = MeshPairPoints{c.pointA, c.pointB, c.distance, i, j};
      }
    }
  }
  require(intersects(a, b, map) == meet);
  const auto found = closestPoints(a, b, map);
  require(found.has_value() == best.has_value());
  if (found) {
    require(found->distance == best->distance && found->triangleA == best->triangleA && found->triangleB == best->triangleB);
    require((found->distance == 0) == meet);
  }
}

// A built mesh's image, damaged at drawn places (bytes, whole words set to small numbers that a node's child or a
// count could hold, the length): read back, it is refused, or it answers as brute force over what the image holds.
void fuzzImage(fuzz::Input& in) {
  const size_t vertexCount = 1 + in.choice(10), triangleCount = in.choice(24);
  TriangleMesh mesh;
  if (!mesh.allocate(vertexCount, triangleCount, true)) return;
  for (size_t k = 0; k < 3 * vertexCount; ++k) mesh.positions()[k] = drawnFloat(in);
  for (size_t k = 0; k < 3 * triangleCount; ++k) mesh.corners()[k] = static_cast<uint32_t>(in.choice(static_cast<int>(vertexCount)));
  require(mesh.build());
  std::vector<uint8_t> image = serialize(mesh);
  for (int change = in.choice(4); change > 0 && !image.empty(); --change) {
    const size_t at = static_cast<size_t>(in.choice(static_cast<int>(image.size())));
    const bool wordFits = at / 4 * 4 + 4 <= image.size();
    switch (in.choice(5)) {
      case 0: image[at] = static_cast<uint8_t>(in.choice(256)); break;
      case 1: {
        const auto word = static_cast<uint32_t>(in.choice(40));
        if (wordFits) std::memcpy(&image[at / 4 * 4], &word, 4);
        break;
      }
      case 2: {
        const float x = drawnFloat(in);
        if (wordFits) std::memcpy(&image[at / 4 * 4], &x, 4);
        break;
      }
      default: image.resize(at); break;
    }
  }
  TriangleMesh read;
  Problem problem;
  if (deserialize(image, read, problem) != mesh_format::Read::Done) return;
  // What the image holds: slot s holds triangle ids[s], whose corners are the slot's.
  const mesh_format::Spans spans = MeshImage::spans(read);
  const auto* positions = static_cast<const float*>(spans[mesh_format::kPositions].at);
  const auto* corners = static_cast<const uint32_t*>(spans[mesh_format::kIndex].at);
  const auto* ids = static_cast<const uint32_t*>(spans[mesh_format::kTriangleIds].at);
  std::vector<Triangle> triangles(read.triangleCount());
  auto vertex = [&](uint32_t v) { return Vec3{positions[3 * size_t{v}], positions[3 * size_t{v} + 1], positions[3 * size_t{v} + 2]}; };
  for (size_t slot = 0; slot < triangles.size(); ++slot) {
    triangles[ids[slot]] = {vertex(corners[3 * slot]), vertex(corners[3 * slot + 1]), vertex(corners[3 * slot + 2])};
  }
  checkMesh(in, read, triangles);
}

// A coordinate the point and segment shapes accept (the closest-points reference validates them).
float drawnCoordinate(fuzz::Input& in) {
  const float x = drawnFloat(in);
  return inRange(x) ? x : 0.0f;
}

void fuzzSegmentTree(fuzz::Input& in) {
  const auto kind = static_cast<SegmentKind>(in.choice(3));
  const size_t vertexCount = in.choice(13), length = in.choice(17);
  const bool indexed = in.choice(2);
  SegmentTree tree;
  if (!tree.allocate(vertexCount, indexed ? length : vertexCount, indexed)) return;
  std::vector<Vec3> vertices(vertexCount);
  for (size_t v = 0; v < vertexCount; ++v) {
    vertices[v] = {drawnCoordinate(in), drawnCoordinate(in), drawnCoordinate(in)};
    float* p = tree.positions() + 3 * v;
    p[0] = float(vertices[v].x), p[1] = float(vertices[v].y), p[2] = float(vertices[v].z);
  }
  std::vector<uint32_t> sequence;
  std::ptrdiff_t firstBad = -1;
  for (size_t k = 0; k < (indexed ? length : vertexCount); ++k) {
    sequence.push_back(indexed ? static_cast<uint32_t>(in.choice(static_cast<int>(vertexCount) + 1)) : uint32_t(k));
    if (indexed) tree.sequence()[k] = sequence.back();
    if (firstBad < 0 && sequence.back() >= vertexCount) firstBad = static_cast<std::ptrdiff_t>(k);
  }
  require(tree.firstBadVertex() == firstBad);
  if (firstBad >= 0) return;
  require(tree.build(kind));
  // The primitives by SegmentKind's definition, and the magnitude the tolerance is relative to.
  std::vector<Segment> primitives(SegmentTree::primitiveCount(kind, sequence.size()));
  double extent = 0;
  for (size_t i = 0; i < primitives.size(); ++i) {
    const size_t first = kind == SegmentKind::Pairs ? 2 * i : i, second = kind == SegmentKind::Points ? first : first + 1;
    primitives[i] = {vertices[sequence[first]], vertices[sequence[second]]};
    for (const Vec3 p : {primitives[i].start, primitives[i].end}) {
      extent = std::fmax(extent, std::fmax(std::fabs(p.x), std::fmax(std::fabs(p.y), std::fabs(p.z))));
    }
  }
  require(tree.size() == primitives.size());
  for (int query = 0; query < 4; ++query) {
    // The caster as a shape for the reference: any kind against points, a segment against segments (the table's
    // pairs).
    constexpr ShapeType kCasters[] = {ShapeType::Ray, ShapeType::Line, ShapeType::Segment};
    const ShapeType type = kind == SegmentKind::Points ? kCasters[in.choice(3)] : ShapeType::Segment;
    const Vec3 origin = in.vector(), other = in.vector();
    const double radius = std::fabs(in.number());
    const auto shape = type == ShapeType::Ray    ? encodedBuffer(Ray{origin, other})
                       : type == ShapeType::Line ? encodedBuffer(Line{origin, other})
                                                 : encodedBuffer(Segment{origin, other});
    Problem problem;
    if (!validateEncoded(type, shape.data(), problem) || !inRange(radius)) continue;
    const Caster caster = type == ShapeType::Ray    ? toCaster(Ray{origin, other})
                          : type == ShapeType::Line ? toCaster(Line{origin, other})
                                                    : toCaster(Segment{origin, other});
    std::vector<uint32_t> found;
    require(tree.near(caster, caster.tMax, radius, found));
    require(std::is_sorted(found.begin(), found.end()) && std::adjacent_find(found.begin(), found.end()) == found.end());
    const double magnitude = std::fmax(extent, std::fmax(std::fabs(origin.x), std::fmax(std::fabs(origin.y), std::fabs(origin.z))));
    const double allowed = radius + 1.01 * SegmentTree::kTolerance * (magnitude + radius) + 1e-300;
    for (size_t i = 0, next = 0; i < primitives.size(); ++i) {
      const bool point = kind == SegmentKind::Points;
      const auto primitive = point ? encodedBuffer(Point{primitives[i].start}) : encodedBuffer(primitives[i]);
      const double distance =
          closestPointsTable().at(point ? ShapeType::Point : ShapeType::Segment, type)(primitive.data(), shape.data()).distance;
      const bool isFound = next < found.size() && found[next] == i;
      next += isFound;
      if (distance <= radius) require(isFound);
      if (isFound) require(distance <= allowed);
    }
  }
}

// Every pair of live boxes that overlap, (smaller id, larger id), sorted.
std::vector<std::pair<uint32_t, uint32_t>> bruteForcePairs(const std::vector<std::optional<Aabb>>& boxes) {
  std::vector<std::pair<uint32_t, uint32_t>> found;
  for (uint32_t i = 0; i < boxes.size(); ++i) {
    for (uint32_t j = i + 1; j < boxes.size(); ++j) {
      if (boxes[i] && boxes[j] && intersects(*boxes[i], *boxes[j])) found.emplace_back(i, j);
    }
  }
  return found;
}

std::vector<std::pair<uint32_t, uint32_t>> sortedPairs(const std::vector<uint32_t>& flat) {
  std::vector<std::pair<uint32_t, uint32_t>> pairs;
  for (size_t k = 0; k + 1 < flat.size(); k += 2) pairs.emplace_back(std::min(flat[k], flat[k + 1]), std::max(flat[k], flat[k + 1]));
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

void fuzzTree(fuzz::Input& in) {
  DynamicTree tree(std::fabs(in.number()) <= 1 ? 0.1 : 0);
  std::vector<std::optional<Aabb>> boxes;  // by id; nothing for removed ids
  for (int step = in.choice(40); step > 0; --step) {
    const int op = in.choice(4);
    if (op == 3) {
      // Many at once (built again, or one by one when few beside the tree): the ids insert would give.
      std::vector<Aabb> batch(in.choice(12));
      for (Aabb& box : batch) box = drawnBox(in);
      std::vector<uint32_t> ids(batch.size());
      require(tree.reserveForInsertMany(batch.size()));
      tree.insertMany(batch.size(), [&](size_t i) { return batch[i]; }, ids.data());
      for (size_t i = 0; i < batch.size(); ++i) {
        if (ids[i] >= boxes.size()) boxes.resize(ids[i] + 1);
        require(!boxes[ids[i]].has_value());
        boxes[ids[i]] = batch[i];
      }
    } else if (op == 0 || boxes.empty()) {
      require(tree.reserveForInsert());
      const Aabb box = drawnBox(in);
      const uint32_t id = tree.insert(box);
      if (id >= boxes.size()) boxes.resize(id + 1);
      require(!boxes[id].has_value());
      boxes[id] = box;
    } else {
      const uint32_t id = static_cast<uint32_t>(in.choice(static_cast<int>(boxes.size())));
      if (!boxes[id]) continue;
      require(tree.contains(id));
      if (op == 1) {
        boxes[id] = drawnBox(in);
        tree.update(id, *boxes[id]);
      } else {
        boxes[id].reset();
        tree.remove(id);
        require(!tree.contains(id));
      }
    }
  }
  std::vector<uint32_t> flat;
  require(tree.pairs(flat));
  require(sortedPairs(flat) == bruteForcePairs(boxes));
  // Every box a drawn caster hits, nearest first, and the first: as each box's own raycast says.
  for (int query = 0; query < 4; ++query) {
    const auto caster = drawnCaster(in);
    if (!caster) continue;
    RaycastOptions options;
    options.solid = in.choice(2);
    std::vector<std::pair<double, uint32_t>> expected;
    for (uint32_t id = 0; id < boxes.size(); ++id) {
      if (!boxes[id]) continue;
      if (const auto hit = raycast(*caster, *boxes[id], options)) expected.emplace_back(hit->t, id);
    }
    std::sort(expected.begin(), expected.end());
    std::vector<std::pair<double, uint32_t>> all;
    require(tree.raycastAll(*caster, options, all) && all == expected);
    const auto first = tree.raycast(*caster, options);
    require(first.has_value() == !expected.empty());
    if (first) require(first->second.t == expected.front().first);
  }
}

// The order a mesh's raycastBatch casts in (ray_order.h), for rays of any numbers and any box: a permutation, keys never
// decreasing along it, equal keys in the rays' own order; the float rays' order that of their doubles.
void fuzzRayOrder(fuzz::Input& in) {
  const Aabb drawn = drawnBox(in);
  Bvh tree;
  tree.box = floatBoundsOf({drawn.min.x, drawn.min.y, drawn.min.z}, {drawn.max.x, drawn.max.y, drawn.max.z});
  tree.nodes.resize(4096);
  const size_t count = 256 + in.choice(1200);
  std::vector<double> rays(6 * count);
  std::vector<float> floats(6 * count);
  for (size_t k = 0; k < rays.size(); ++k) {
    // Now and then a copy of the ray before: equal keys.
    rays[k] = k >= 6 && in.choice(8) == 0 ? rays[k - 6] : in.number();
    floats[k] = static_cast<float>(rays[k]);
  }
  std::vector<uint32_t> order, fromFloats;
  require(rayOrder(rays.data(), count, tree, order) && order.size() == count);
  std::vector<bool> seen(count);
  uint32_t before = 0;
  for (size_t k = 0; k < count; ++k) {
    require(order[k] < count && !seen[order[k]]);
    seen[order[k]] = true;
    const double* r = &rays[6 * size_t{order[k]}];
    const uint32_t key = ray_order::keyOf({r[0], r[1], r[2]}, {r[3], r[4], r[5]}, tree.box);
    require(k == 0 || before < key || (before == key && order[k - 1] < order[k]));
    before = key;
  }
  std::vector<double> widened(floats.begin(), floats.end());
  require(rayOrder(floats.data(), count, tree, fromFloats) && rayOrder(widened.data(), count, tree, order) &&
          fromFloats == order);
}

void fuzzAllPairs(fuzz::Input& in) {
  const size_t count = in.choice(40);
  std::vector<double> numbers;
  std::vector<std::optional<Aabb>> boxes;
  for (size_t i = 0; i < count; ++i) {
    const Aabb box = drawnBox(in);
    boxes.push_back(box);
    for (const double x : {box.min.x, box.min.y, box.min.z, box.max.x, box.max.y, box.max.z}) numbers.push_back(x);
  }
  std::vector<uint32_t> flat;
  require(allPairs(numbers.data(), count, flat));
  require(sortedPairs(flat) == bruteForcePairs(boxes));
  // The pairs in shares, for threads: together, each pair once.
  const auto parts = static_cast<uint32_t>(1 + in.choice(4));
  std::vector<uint32_t> shares;
  for (uint32_t part = 0; part < parts; ++part) require(allPairs(numbers.data(), count, shares, {part, parts}));
  require(sortedPairs(shares) == sortedPairs(flat));
  // The same boxes rounded to float32 (monotonically, so each stays a box; clamped to float's range, converting
  // beyond it being undefined), which the tree holds exactly: no pair is decided again on doubles.
  std::vector<float> floats;
  constexpr double kFloatMax = std::numeric_limits<float>::max();
  for (const double x : numbers) floats.push_back(static_cast<float>(std::clamp(x, -kFloatMax, kFloatMax)));
  for (size_t i = 0; i < count; ++i) {
    const float* f = &floats[6 * i];
    boxes[i] = Aabb{{f[0], f[1], f[2]}, {f[3], f[4], f[5]}};
  }
  flat.clear();
  require(allPairs(floats.data(), count, flat));
  require(sortedPairs(flat) == bruteForcePairs(boxes));
}

// The convex hull of up to 24 drawn points (repeated, one-ulp neighbours and flat or collinear sets are frequent
// draws): every point is inside or on it, its vertices are among the points, and its support point along a drawn
// direction is a vertex; built again in the same builder (as a dragged hull is), the same hull.
void fuzzHull(fuzz::Input& in) {
  std::vector<double> xyz;
  Problem problem;
  for (int k = in.choice(25); k > 0; --k) {
    const Point p{in.vector()};
    if (!validateShape(p, problem)) continue;
    xyz.insert(xyz.end(), {p.position.x, p.position.y, p.position.z});
  }
  HullBuilder builder;
  ConvexHull hull;
  const size_t count = xyz.size() / 3;
  const HullStatus status = builder.build(xyz.data(), count, hull);
  if (count == 0) {
    require(status == HullStatus::Empty);
    return;
  }
  require(status == HullStatus::Ok && hull.dimension >= 0 && hull.dimension <= 3);
  for (size_t i = 0; i < count; ++i) require(hull.contains({xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]}));
  auto isInput = [&](Vec3 v) {
    for (size_t i = 0; i < count; ++i) {
      if (v == Vec3{xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]}) return true;
    }
    return false;
  };
  for (const Vec3& v : hull.vertices) require(isInput(v));
  const Vec3 d = in.vector();
  if (std::isfinite(dot(d, d))) require(isInput(hull.support(d)));
  ConvexHull again;
  require(builder.build(xyz.data(), count, again) == HullStatus::Ok && again.vertices.size() == hull.vertices.size() &&
          again.faceVertex == hull.faceVertex);
}

}  // namespace
}  // namespace c3d

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  c3d::fuzz::Input in(data, size);
  switch (in.choice(9)) {
    case 0: c3d::fuzzMesh(in); break;
    case 8: c3d::fuzzRayOrder(in); break;
    case 6: c3d::fuzzHull(in); break;
    case 1: c3d::fuzzImage(in); break;
    case 2: c3d::fuzzTree(in); break;
    case 3: c3d::fuzzSegmentTree(in); break;
    case 4: c3d::fuzzMeshPair(in); break;
    case 5: c3d::fuzzCharacter(in); break;
    default: c3d::fuzzAllPairs(in); break;
  }
  return 0;
}
