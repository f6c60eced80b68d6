// A record of what GJK and EPA do on two convex cores, step by step, for those who want to watch them (the demo's
// GJK scene; gjkTrace() in the JavaScript API): GJK's simplex and bounds after each step (gjk.h), then, when the
// cores overlap, EPA's polytope at each expansion (epa.h). The queries run the same code with no observer.
#pragma once
#include <array>
#include <vector>

#include "collide3d/queries/distance/gjk.h"
#include "collide3d/queries/results.h"

namespace c3d {

// A support point of A - B (`point`) and the cores' points it came from.
struct TracedVertex {
  Vec3 point, onA, onB;

  static constexpr const char* kName = "gjkVertex";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("point", &TracedVertex::point);
    visit("onA", &TracedVertex::onA);
    visit("onB", &TracedVertex::onB);
  }
};

// One step of GJK (gjk.h's GjkStep), the simplex after it as `count` vertices with their weights.
struct GjkTraceStep {
  Vec3 direction;
  TracedVertex support;
  bool added = false;
  int count = 0;
  std::array<TracedVertex, 4> simplex;
  std::array<double, 4> weights{};
  Vec3 closest;
  double lower = 0, upper = 0;

  static constexpr const char* kName = "gjkStep";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("direction", &GjkTraceStep::direction);
    visit("support", &GjkTraceStep::support);
    visit("added", &GjkTraceStep::added);
    visit("count", &GjkTraceStep::count);
    visit("simplex", &GjkTraceStep::simplex);
    visit("weights", &GjkTraceStep::weights);
    visit("closest", &GjkTraceStep::closest);
    visit("lower", &GjkTraceStep::lower);
    visit("upper", &GjkTraceStep::upper);
  }
};

// One expansion step of EPA (epa.h's EpaStep): the polytope has the first `vertexCount` vertices and
// `faceCount` faces, whose vertex indices start at `faceStart` in the trace's list of them.
struct EpaTraceStep {
  double vertexCount = 0, faceCount = 0, faceStart = 0;
  int nearest = 0;
  Vec3 normal;
  double distance = 0;
  TracedVertex support;
  double depth = 0;

  static constexpr const char* kName = "epaStep";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("vertexCount", &EpaTraceStep::vertexCount);
    visit("faceCount", &EpaTraceStep::faceCount);
    visit("faceStart", &EpaTraceStep::faceStart);
    visit("nearest", &EpaTraceStep::nearest);
    visit("normal", &EpaTraceStep::normal);
    visit("distance", &EpaTraceStep::distance);
    visit("support", &EpaTraceStep::support);
    visit("depth", &EpaTraceStep::depth);
  }
};

struct GjkTrace {
  std::vector<GjkTraceStep> steps;  // the first is the start (direction zero)
  GjkStop stop = GjkStop::Limit;
  GjkResult near;                   // GJK's answer
  // Whether the shapes (the cores grown by their radii) meet by GJK's distance, to its rounding (intersects() decides
  // exactly), and then their contact (epa.h): EPA's when the cores overlap, else along GJK's direction.
  bool meets = false;
  Contact contact{};
  std::vector<TracedVertex> epaVertices;  // empty unless EPA's polytope was built
  std::vector<EpaTraceStep> epaSteps;
  std::vector<int> epaFaces;        // three vertex indices per face, each step's faces in turn
};

// Runs GJK on the cores, then, when the shapes meet, the contact (EPA when the cores overlap), recording every step
// into `trace`; false, with the trace emptied, when the heap cannot hold it.
bool traceGjk(const ConvexCore& a, const ConvexCore& b, GjkTrace& trace);

}  // namespace c3d
