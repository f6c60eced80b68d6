// Recording GJK and EPA (gjk_trace.h): observers that copy each step into the trace, every list grown through
// checked.h so that a full heap ends the recording instead of the instance.
#include "collide3d/queries/trace/gjk_trace.h"

#include "collide3d/memory/checked.h"
#include "collide3d/queries/contact/epa.h"

namespace c3d {

namespace {

TracedVertex traced(const GjkVertex& v) { return {v.w, v.a, v.b}; }

template <class T>
bool append(std::vector<T>& list, const T& value) {
  if (!checked::room(list, 1)) return false;
  list.push_back(value);
  return true;
}

class Recorder final : public GjkObserver, public EpaObserver {
 public:
  explicit Recorder(GjkTrace& trace) : trace_(trace) {}

  void step(const GjkStep& step) override {
    GjkTraceStep record;
    record.direction = step.direction;
    record.support = traced(step.support);
    record.added = step.added;
    record.count = step.simplex->count;
    for (int i = 0; i < record.count; ++i) {
      record.simplex[i] = traced(step.simplex->v[i]);
      record.weights[i] = step.simplex->weight[i];
    }
    record.closest = step.closest;
    record.lower = step.lower;
    record.upper = step.upper;
    held_ = held_ && append(trace_.steps, record);
  }
  void stop(GjkStop why) override { trace_.stop = why; }

  // EPA's vertices only grow: each step adds the ones new since the last.
  void step(const EpaStep& step) override {
    for (int i = static_cast<int>(trace_.epaVertices.size()); held_ && i < step.vertexCount; ++i) {
      held_ = append(trace_.epaVertices, traced(step.vertices[i]));
    }
    EpaTraceStep record;
    record.vertexCount = step.vertexCount;
    record.faceCount = step.faceCount;
    record.faceStart = static_cast<double>(trace_.epaFaces.size());
    record.nearest = step.nearest;
    record.normal = step.normal;
    record.distance = step.distance;
    record.support = traced(*step.support);
    record.depth = step.depth;
    held_ = held_ && append(trace_.epaSteps, record) && checked::room(trace_.epaFaces, 3 * size_t(step.faceCount));
    if (held_) trace_.epaFaces.insert(trace_.epaFaces.end(), step.faces, step.faces + 3 * step.faceCount);
  }

  bool held() const { return held_; }

 private:
  GjkTrace& trace_;
  bool held_ = true;
};

}  // namespace

bool traceGjk(const ConvexCore& a, const ConvexCore& b, GjkTrace& trace) {
  trace = GjkTrace{};
  Recorder recorder(trace);
  trace.near = gjkUntil(a, b, NAN, &recorder);
  trace.meets = trace.near.distance <= a.radius + b.radius;
  if (trace.meets) trace.contact = epaContact(a, b, trace.near, &recorder);
  if (recorder.held()) return true;
  trace = GjkTrace{};
  return false;
}

}  // namespace c3d
