// The set a moving shape's reference point must reach for the shape to touch the target: with the moving core M
// (its points m0 + delta) and the target's core T, the reference point m0 + t * velocity touches when it comes
// within the radii's sum R of T - delta for some delta, that is of the Minkowski difference D = T - (M - m0)
// (Ericson, Real-Time Collision Detection, §5.5.7: a moving shape against a fixed one is a ray against their
// Minkowski sum). For the cores swept here (a point, a segment, a triangle or a box against a point or a segment)
// D is a convex polytope: the larger core's features, copied at the smaller core's one or two points, and each edge
// and corner swept between the copies (Minkowski sum with a segment). Its faces and edges are listed with some
// interior ones among them, which is harmless: what matters is that every boundary point of D lies on a listed
// face, and every listed feature lies in D.
// Each vertex keeps its two sources, the target's point and the moving core's offset, so that a point of D found by
// the cast is traced back to the target point it came from (the contact point).
#pragma once
#include <cstdint>

#include "collide3d/queries/distance/convex_core.h"

namespace c3d {

struct SweptPolytope {
  struct Vertex {
    Vec3 target;  // a point of the target's core
    Vec3 offset;  // a point of the moving core, less the moving reference point
    Vec3 at() const { return target - offset; }
  };
  static constexpr int kMaxVertices = 16, kMaxFaces = 24, kMaxEdges = 32;

  Vertex vertex[kMaxVertices];
  uint8_t face[kMaxFaces][4];  // corners in turn around the face
  uint8_t faceSize[kMaxFaces];
  uint8_t edge[kMaxEdges][2];
  int vertices = 0, faces = 0, edges = 0;

  void addFace(int a, int b, int c, int d = -1) {
    face[faces][0] = uint8_t(a), face[faces][1] = uint8_t(b), face[faces][2] = uint8_t(c);
    face[faces][3] = uint8_t(d < 0 ? 0 : d);
    faceSize[faces++] = uint8_t(d < 0 ? 3 : 4);
  }
  void addEdge(int a, int b) { edge[edges][0] = uint8_t(a), edge[edges][1] = uint8_t(b), ++edges; }
};

namespace swept_polytope {

// The features of a polytope core (point, segment, triangle or box): the target's when `targetSide`, each corner
// paired with the moving point `other` (as its offset from `reference`); else the moving core's (offsets from
// `reference`), each paired with the target point `other`.
inline SweptPolytope base(const ConvexCore& core, bool targetSide, Vec3 other, Vec3 reference) {
  SweptPolytope p;
  const int n = core.cornerCount();
  for (int i = 0; i < n; ++i) {
    p.vertex[i] = targetSide ? SweptPolytope::Vertex{core.corner[i], other - reference}
                             : SweptPolytope::Vertex{other, core.corner[i] - reference};
  }
  p.vertices = n;
  switch (core.kind) {
    case ConvexCore::Kind::Point: p.addEdge(0, 0); break;  // a ball around a point is a capsule of no length
    case ConvexCore::Kind::Segment: p.addEdge(0, 1); break;
    case ConvexCore::Kind::Triangle:
      p.addFace(0, 1, 2);
      p.addEdge(0, 1), p.addEdge(1, 2), p.addEdge(2, 0);
      break;
    default:
      for (const auto& f : kBoxFaces) p.addFace(f[0], f[1], f[2], f[3]);
      for (const auto& e : kBoxEdges) p.addEdge(e[0], e[1]);
      break;
  }
  return p;
}

// The Minkowski sum of p with a segment: p's features copied with the target point (targetSide) or the moving
// offset moved by `shift`, and every edge swept into a parallelogram, every vertex into an edge.
inline SweptPolytope sweptBy(const SweptPolytope& p, Vec3 shift, bool targetSide) {
  SweptPolytope q = p;
  const int n = p.vertices;
  for (int i = 0; i < n; ++i) {
    SweptPolytope::Vertex v = p.vertex[i];
    (targetSide ? v.target : v.offset) = (targetSide ? v.target : v.offset) + shift;
    q.vertex[n + i] = v;
  }
  q.vertices = 2 * n;
  for (int f = 0; f < p.faces; ++f) {
    const uint8_t* c = p.face[f];
    if (p.faceSize[f] == 3) {
      q.addFace(n + c[0], n + c[1], n + c[2]);
    } else {
      q.addFace(n + c[0], n + c[1], n + c[2], n + c[3]);
    }
  }
  for (int e = 0; e < p.edges; ++e) {
    const int a = p.edge[e][0], b = p.edge[e][1];
    q.addEdge(n + a, n + b);
    if (a != b) q.addFace(a, b, n + b, n + a);
  }
  for (int i = 0; i < n; ++i) q.addEdge(i, n + i);
  return q;
}

}  // namespace swept_polytope

// D for a moving core against a target core, one of them a point or a segment; the moving reference point is the
// moving core's first corner for points and segments, its center for boxes (`reference`).
inline SweptPolytope sweptPolytope(const ConvexCore& moving, const ConvexCore& target, Vec3 reference) {
  using namespace swept_polytope;
  const bool targetIsBase = target.cornerCount() >= moving.cornerCount();
  const ConvexCore& big = targetIsBase ? target : moving;
  const ConvexCore& small = targetIsBase ? moving : target;
  SweptPolytope p = base(big, targetIsBase, small.corner[0], reference);
  if (small.kind == ConvexCore::Kind::Segment) {
    const Vec3 shift = small.corner[1] - small.corner[0];
    p = sweptBy(p, shift, !targetIsBase);
  }
  return p;
}

}  // namespace c3d
