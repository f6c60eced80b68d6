// Every layout that crosses between JavaScript and the core through the scratch area or a list in the heap: the
// query results and option blocks of the core (each a struct with `fields`, dispatch/encoded.h), and the few that
// exist only at the boundary, defined here. describe() reports each as "name:kind" text built from these lists,
// the JavaScript side (web/lib/boundary.js) binds every offset it reads or writes by name at start-up, and refuses to
// start when the two disagree.
#pragma once
#include <cstdint>

#include "collide3d/character/move_and_slide.h"
#include "collide3d/dispatch/encoded.h"
#include "collide3d/math/orthonormal_basis.h"
#include "collide3d/mesh/mesh_format.h"
#include "collide3d/mesh/mesh_pair.h"
#include "collide3d/mesh/segment_tree.h"
#include "collide3d/queries/results.h"
#include "collide3d/queries/trace/gjk_trace.h"
#include "collide3d/queries/trace/mesh_raycast_trace.h"

namespace c3d::io {

struct SweepOptions {
  Vec3 velocity;

  static constexpr const char* kName = "sweepOptions";
  template <class Visit> static constexpr void fields(Visit&& visit) { visit("velocity", &SweepOptions::velocity); }
};

// TriangleMesh.contacts: the least depth a contact must have.
struct ContactsOptions {
  double minDepth = 0;

  static constexpr const char* kName = "contactsOptions";
  template <class Visit> static constexpr void fields(Visit&& visit) { visit("minDepth", &ContactsOptions::minDepth); }
};

// SegmentTree near queries: how far along the caster, and how far from it.
struct NearOptions {
  double maxDistance = 0, radius = 0;

  static constexpr const char* kName = "nearOptions";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("maxDistance", &NearOptions::maxDistance);
    visit("radius", &NearOptions::radius);
  }
};

// Where a batch input's first problem is: the index of a number that is not finite (isNumber), or of an item its
// shape's validation rejects (problemSeen says why).
struct ItemProblemAt {
  double at = 0;
  bool isNumber = false;

  static constexpr const char* kName = "itemProblem";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("at", &ItemProblemAt::at);
    visit("isNumber", &ItemProblemAt::isNumber);
  }
};

// AabbTree.raycast's answer: the box's id and the hit.
struct TreeHit {
  uint32_t id = 0;
  RaycastHit hit;

  static constexpr const char* kName = "treeHit";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("id", &TreeHit::id);
    visit("hit", &TreeHit::hit);
  }
};

// One section of a serialized mesh: where it goes in the image, how many bytes, and where it is in the heap.
struct ImageSpan {
  double offset = 0, bytes = 0, address = 0;

  static constexpr const char* kName = "imageSpan";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("offset", &ImageSpan::offset);
    visit("bytes", &ImageSpan::bytes);
    visit("address", &ImageSpan::address);
  }
};

// A mesh's image: `first` (the image's size, or the new mesh's address), the counts, and each section's span.
struct MeshImageAt {
  double first = 0;
  double vertexCount = 0, triangleCount = 0;
  std::array<ImageSpan, mesh_format::kSectionCount> spans;

  static constexpr const char* kName = "meshImage";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("first", &MeshImageAt::first);
    visit("vertexCount", &MeshImageAt::vertexCount);
    visit("triangleCount", &MeshImageAt::triangleCount);
    visit("spans", &MeshImageAt::spans);
  }
};

// A convex hull's arrays for the JS side (ConvexHull's properties): its dimension, counts, and where each array is
// (hull/convex_hull.h says what they hold).
struct ConvexHullAt {
  int dimension = -1;
  double vertexCount = 0, faceCount = 0, triangleCount = 0;
  double vertices = 0, sourceIndex = 0, faceStart = 0, faceVertex = 0, triangles = 0;  // addresses

  static constexpr const char* kName = "convexHull";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("dimension", &ConvexHullAt::dimension);
    visit("vertexCount", &ConvexHullAt::vertexCount);
    visit("faceCount", &ConvexHullAt::faceCount);
    visit("triangleCount", &ConvexHullAt::triangleCount);
    visit("vertices", &ConvexHullAt::vertices);
    visit("sourceIndex", &ConvexHullAt::sourceIndex);
    visit("faceStart", &ConvexHullAt::faceStart);
    visit("faceVertex", &ConvexHullAt::faceVertex);
    visit("triangles", &ConvexHullAt::triangles);
  }
};

// gjkTrace's answer (gjk_trace.h): the counts of its lists (GJK's steps, then EPA's vertices, steps and face
// indices, in that order at traceAddress()), why GJK stopped (a GjkStop), the radii that grow the cores into the
// shapes, GJK's nearest points of the cores and their distance, and, when the shapes meet, their contact.
struct GjkTraceAt {
  double steps = 0;
  int stop = 0;
  double radiusA = 0, radiusB = 0;
  Vec3 pointA, pointB;
  double distance = 0;
  bool meets = false;
  double epaVertices = 0, epaSteps = 0, epaFaceIndices = 0;
  Contact contact{};

  static constexpr const char* kName = "gjkTrace";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("steps", &GjkTraceAt::steps);
    visit("stop", &GjkTraceAt::stop);
    visit("radiusA", &GjkTraceAt::radiusA);
    visit("radiusB", &GjkTraceAt::radiusB);
    visit("pointA", &GjkTraceAt::pointA);
    visit("pointB", &GjkTraceAt::pointB);
    visit("distance", &GjkTraceAt::distance);
    visit("meets", &GjkTraceAt::meets);
    visit("epaVertices", &GjkTraceAt::epaVertices);
    visit("epaSteps", &GjkTraceAt::epaSteps);
    visit("epaFaceIndices", &GjkTraceAt::epaFaceIndices);
    visit("contact", &GjkTraceAt::contact);
  }
};

// TriangleMesh.traceRaycast's answer (trace_bindings.cpp): the hit (when `found`) and how many boxes and triangles
// the lists at traceAddress() hold.
struct MeshTraceAt {
  bool found = false;
  MeshHit hit{};
  double entered = 0, tested = 0, tree = 0;

  static constexpr const char* kName = "meshTrace";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("found", &MeshTraceAt::found);
    visit("hit", &MeshTraceAt::hit);
    visit("entered", &MeshTraceAt::entered);
    visit("tested", &MeshTraceAt::tested);
    visit("tree", &MeshTraceAt::tree);
  }
};

// What a moveAndSlide world's object is (characterWorldAdd).
enum class WorldKind : int { Mesh = 0, Tree = 1 };
constexpr const char* kWorldKindNames = "mesh,tree";  // in order

template <class... Layouts>
struct LayoutList {};

// Every layout describe() reports, beside the shapes.
using AllLayouts =
    LayoutList<RaycastOptions, RaycastHit, ClassifyOptions, SweepOptions, SweepHit, ClosestPoints, Contact, Separation,
               IntersectionSet, OrthonormalBasis, ItemProblemAt, MeshHit, MeshSweepHit, MeshPoint, MeshContact,
               MeshClosestPoints, MeshPairPoints, ContactsOptions, ImageSpan, MeshImageAt, NearOptions, TreeHit,
               WorldHit, CharacterMove, CharacterOptions, ConvexHullAt, TracedVertex, GjkTraceStep, EpaTraceStep,
               GjkTraceAt, TracedBox, MeshTraceAt, SlideStep>;

}  // namespace c3d::io
