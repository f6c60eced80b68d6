// EPA and the contact of meeting cores (epa.h).
#include "collide3d/queries/contact/epa.h"

#include <cmath>

#include "collide3d/math/orthonormal_basis.h"
#include "collide3d/queries/distance/gjk.h"

namespace c3d {

namespace {

constexpr int kMaxVertices = 96, kMaxFaces = 2 * kMaxVertices;

// A triangle of the polytope, counter-clockwise seen from outside: vertex indices, the face across each edge
// (edge i runs from v[i] to v[(i + 1) % 3]), its outward unit normal and its plane's signed distance from the origin
// (negative while the origin is outside it: the polytope need not enclose the origin at first).
struct Face {
  int v[3], across[3];
  Vec3 normal;
  double distance;
  bool live;
};

// A horizon edge, named from the kept side: the face and its edge across which the removed face lay.
struct Edge {
  int face, edge;
};

// The best normal found so far, with its witness on A.
struct Best {
  Vec3 normal{0, 0, 1};
  double depth = INFINITY;  // h_A(n) + h_B(-n) of the cores
  Vec3 onA;
};

class Polytope {
 public:
  Polytope(const ConvexCore& a, const ConvexCore& b, EpaObserver* observer) : a_(a), b_(b), observer_(observer) {}

  // The support point of A - B along n.
  GjkVertex support(Vec3 n) {
    const Vec3 sa = a_.support(n), sb = b_.support(-n);
    return {sa - sb, sa, sb};
  }
  // Keeps n if the depth bound n.w that its support point w proves is the least so far (with the witness of the
  // face n is the normal of, or of w itself).
  [[gnu::noinline]] void tryDirection(Vec3 n, const GjkVertex& w, int face) {
    const double h = dot(n, w.w);
    if (h < best.depth) best = {n, h, face < 0 ? w.a : witnessOnA(face_[face])};
  }
  // The 26 directions to the unit cube's neighbours, for when the polytope fails.
  [[gnu::noinline]] void tryCubeDirections() {
    for (int i = 0; i < 27; ++i) {
      const Vec3 d{double(i % 3 - 1), double(i / 3 % 3 - 1), double(i / 9 - 1)};
      if (!isZero(d)) tryDirection(unitDirection(d), support(unitDirection(d)), -1);
    }
  }

  // How far w leaves the affine hull of the vertices so far (the distance to their point, line or plane).
  double offHull(Vec3 w) const {
    const Vec3 d = w - vertex_[0].w;
    if (vertices_ == 1) return length(d);
    const Vec3 e = vertex_[1].w - vertex_[0].w;
    if (vertices_ == 2) return length(cross(d, e)) / length(e);
    return std::fabs(dot(d, unitDirection(cross(e, vertex_[2].w - vertex_[0].w))));
  }

  // Builds a tetrahedron of support points from GJK's simplex, adding supports across the missing dimensions;
  // false when A - B is flat (every support stays within rounding of the hull so far): the directions tried then
  // hold the answer.
  [[gnu::noinline]] bool start(const GjkSimplex& simplex) {
    add(simplex.v[0]);
    for (int i = 1; i < simplex.count; ++i) {
      if (offHull(simplex.v[i].w) > 1e-12 * size_) add(simplex.v[i]);
    }
    while (vertices_ < 4) {
      Vec3 dirs[6];
      int count = 0;
      const Vec3 e = vertices_ >= 2 ? vertex_[1].w - vertex_[0].w : Vec3{};
      if (vertices_ == 1) {
        dirs[count++] = {1, 0, 0}, dirs[count++] = {0, 1, 0}, dirs[count++] = {0, 0, 1};
      } else if (vertices_ == 2) {
        const OrthonormalBasis basis = orthonormalBasis(e);
        dirs[count++] = basis.u, dirs[count++] = basis.v;
      } else {
        dirs[count++] = unitDirection(cross(e, vertex_[2].w - vertex_[0].w));
      }
      for (int i = 0, used = count; i < used; ++i) dirs[count++] = -dirs[i];
      // The support that leaves the hull farthest.
      double farthest = 0;
      GjkVertex chosen{};
      for (int i = 0; i < count; ++i) {
        const GjkVertex w = support(dirs[i]);
        tryDirection(dirs[i], w, -1);
        const double off = offHull(w.w);
        if (off > farthest) farthest = off, chosen = w;
      }
      size_ = std::fmax(size_, length(chosen.w));
      if (!(farthest > 1e-12 * size_)) return false;
      add(chosen);
    }
    // Orient: vertex 3 below face 0 1 2.
    if (dot(cross(vertex_[1].w - vertex_[0].w, vertex_[2].w - vertex_[0].w), vertex_[3].w - vertex_[0].w) > 0) {
      const GjkVertex swap = vertex_[1];
      vertex_[1] = vertex_[2], vertex_[2] = swap;
    }
    constexpr int kTetrahedron[4][3] = {{0, 1, 2}, {0, 3, 1}, {0, 2, 3}, {1, 3, 2}};
    for (const auto& f : kTetrahedron) {
      if (addFace(f[0], f[1], f[2]) < 0) return false;
    }
    for (int f = 0; f < 4; ++f) {  // link the faces across their shared edges
      for (int i = 0; i < 3; ++i) {
        for (int g = 0; g < 4; ++g) {
          for (int j = 0; j < 3; ++j) {
            if (face_[f].v[i] == face_[g].v[(j + 1) % 3] && face_[f].v[(i + 1) % 3] == face_[g].v[j]) face_[f].across[i] = g;
          }
        }
      }
    }
    return true;
  }

  // Grows the polytope until the nearest face's support gains nothing; false when rounding breaks it.
  [[gnu::noinline]] bool expand(double tolerance) {
    for (int iteration = 0; iteration < kMaxVertices; ++iteration) {
      int nearest = -1;
      for (int f = 0; f < faces_; ++f) {
        if (face_[f].live && (nearest < 0 || face_[f].distance < face_[nearest].distance)) nearest = f;
      }
      if (nearest < 0) return false;
      const Face& f = face_[nearest];
      const GjkVertex w = support(f.normal);
      tryDirection(f.normal, w, nearest);
      if (observer_ != nullptr) show(nearest, w);
      if (dot(f.normal, w.w) - f.distance <= tolerance) return true;  // the face is on the boundary
      if (vertices_ == kMaxVertices) return true;
      for (int i = 0; i < vertices_; ++i) {
        if (vertex_[i].w == w.w) return true;  // nothing new to add
      }
      add(w);
      // Remove the faces w sees, recording the horizon in order, and cone it to w.
      horizonCount_ = 0;
      if (!carve(nearest, -1, vertices_ - 1)) return false;
      if (horizonCount_ < 3) return false;
      int made[kMaxFaces];
      for (int k = 0; k < horizonCount_; ++k) {
        const Edge h = horizonEdge_[k];
        const int from = face_[h.face].v[(h.edge + 1) % 3], to = face_[h.face].v[h.edge];
        // The dead face's edge was from -> to seen from the kept side; chained around the loop.
        if (k > 0 && face_[made[k - 1]].v[1] != from) return false;
        const int g = addFace(from, to, vertices_ - 1);
        if (g < 0) return false;
        made[k] = g;
        face_[g].across[0] = h.face;
        face_[h.face].across[h.edge] = g;
      }
      if (face_[made[horizonCount_ - 1]].v[1] != face_[made[0]].v[0]) return false;
      for (int k = 0; k < horizonCount_; ++k) {
        face_[made[k]].across[1] = made[(k + 1) % horizonCount_];
        face_[made[(k + 1) % horizonCount_]].across[2] = made[k];
      }
    }
    return true;
  }

  // Descends h(n) = h_A(n) + h_B(-n) on the unit sphere from the best normal: its gradient along the sphere is the
  // support point's part across n, zero where the nearest boundary point lies along n. A curved difference leaves
  // EPA slow (a point on a cone's axis has a whole ring of nearest points for it to tile); this finishes the job.
  [[gnu::noinline]] void polish() {
    Vec3 n = best.normal;
    GjkVertex w = support(n);
    double h = dot(n, w.w), step = 1;
    for (int i = 0; i < 128 && step > 1e-12; ++i) {
      const Vec3 across = w.w - n * dot(n, w.w);
      if (!(length(across) > 1e-15 * size_)) break;
      const Vec3 m = unitDirection(n - across * (step / length(w.w)));
      const GjkVertex wm = support(m);
      const double hm = dot(m, wm.w);
      if (hm < h) {
        n = m, w = wm, h = hm, step = std::fmin(1.0, step * 2);
        tryDirection(m, wm, -1);
      } else {
        step *= 0.5;
      }
    }
  }

  // The witness on A for a face's normal: the point of the face nearest the origin's projection onto its plane (the
  // projection itself when it falls inside; coplanar faces tie, so the nearest face may not hold it), in barycentric
  // weights applied to the face's points of A.
  Vec3 witnessOnA(const Face& f) const {
    const Vec3 p = f.normal * f.distance;
    GjkSimplex face;
    for (int i = 0; i < 3; ++i) face.v[i] = {vertex_[f.v[i]].w - p, vertex_[f.v[i]].a, {}};
    face.count = 3;
    bool inside = false;
    gjk_detail::nearestOnSimplex(face, inside);
    Vec3 on{};
    for (int i = 0; i < face.count; ++i) on = on + face.v[i].a * face.weight[i];
    return on;
  }

  double size() const { return size_; }

  // Shows the observer the polytope, its live faces listed in order.
  [[gnu::noinline]] void show(int nearest, const GjkVertex& w) const {
    int faces[3 * kMaxFaces], count = 0, nearestListed = 0;
    for (int f = 0; f < faces_; ++f) {
      if (!face_[f].live) continue;
      if (f == nearest) nearestListed = count;
      for (int i = 0; i < 3; ++i) faces[3 * count + i] = face_[f].v[i];
      ++count;
    }
    const Face& n = face_[nearest];
    observer_->step({vertex_, vertices_, faces, count, nearestListed, n.normal, n.distance, &w, best.depth});
  }

  Best best;

 private:
  void add(const GjkVertex& w) {
    vertex_[vertices_++] = w;
    size_ = std::fmax(size_, length(w.w));
  }

  // A new face, in a dead slot if there is one; -1 when it has no normal or no room.
  int addFace(int i, int j, int k) {
    const Vec3 n = cross(vertex_[j].w - vertex_[i].w, vertex_[k].w - vertex_[i].w);
    if (isZero(n)) return -1;
    int slot = 0;
    while (slot < faces_ && face_[slot].live) ++slot;
    if (slot == kMaxFaces) return -1;
    if (slot == faces_) ++faces_;
    Face& f = face_[slot];
    f = {{i, j, k}, {-1, -1, -1}, unitDirection(n), 0, true};
    f.distance = dot(f.normal, vertex_[i].w);
    return slot;
  }

  // Whether w is beyond the face's plane by more than rounding: a w in the plane (a cone's rim point against its
  // base face, say) leaves the face, else the new face through it and an edge of the old could be degenerate.
  bool sees(const Face& f, int w) const { return dot(f.normal, vertex_[w].w - vertex_[f.v[0]].w) > 1e-13 * size_; }

  // Depth-first over the faces w sees, from `face` entered across its edge `entry` (-1 for the first): each is
  // removed, and each edge to a face w does not see joins the horizon, in order around it (van den Bergen 2001).
  bool carve(int face, int entry, int w) {
    face_[face].live = false;
    for (int step = 0; step < 3; ++step) {
      const int i = entry < 0 ? step : (entry + 1 + step) % 3;
      if (entry >= 0 && step == 2) break;  // the entry edge leads back
      const int g = face_[face].across[i];
      if (g < 0) return false;
      if (!face_[g].live) continue;
      if (sees(face_[g], w)) {
        const int back = acrossEdge(g, face);
        if (back == 3 || !carve(g, back, w)) return false;
      } else {
        const int edge = acrossEdge(g, face);
        if (edge == 3 || horizonCount_ == kMaxFaces) return false;
        horizonEdge_[horizonCount_++] = {g, edge};
      }
    }
    return true;
  }
  // g's edge across which `face` lies (3 if none: a broken link).
  int acrossEdge(int g, int face) const {
    int e = 0;
    while (e < 3 && face_[g].across[e] != face) ++e;
    return e;
  }

  const ConvexCore &a_, &b_;
  EpaObserver* observer_;
  double size_ = 0;  // the largest |w| seen: the difference's extent around the origin, for tolerances
  GjkVertex vertex_[kMaxVertices];
  int vertices_ = 0;
  Face face_[kMaxFaces];
  int faces_ = 0;
  Edge horizonEdge_[kMaxFaces];
  int horizonCount_ = 0;
};

}  // namespace

Contact epaContact(const ConvexCore& a, const ConvexCore& b) { return epaContact(a, b, gjk(a, b)); }

Contact epaContact(const ConvexCore& a, const ConvexCore& b, const GjkResult& near, EpaObserver* observer) {
  const double reach = a.radius + b.radius;
  double size = 0;
  for (int i = 0; i < near.simplex.count; ++i) size = std::fmax(size, length(near.simplex.v[i].w));
  if (near.distance > 1e-12 * size) {  // the cores are apart (or touch, within rounding): no polytope
    // reach - d, as the supports along the normal bound it (so that moving by it separates whatever GJK's accuracy).
    const Vec3 normal = (near.onB - near.onA) * (1 / near.distance);
    const double depth = std::fmax(reach + dot(normal, a.support(normal) - b.support(-normal)), 0.0);
    const Vec3 pointA = near.onA + normal * a.radius;
    return {normal, depth, pointA, pointA - normal * depth};
  }
  Polytope polytope(a, b, observer);
  const bool finite = a.isPolytope() && b.isPolytope();
  if (!polytope.start(near.simplex) || !polytope.expand((finite ? 1e-13 : 1e-10) * polytope.size())) {
    polytope.tryCubeDirections();  // flat, or rounding broke the polytope: fixed directions join those tried
  }
  if (!finite) polytope.polish();
  const Vec3 normal = polytope.best.normal;
  const double depth = std::fmax(polytope.best.depth, 0.0) + reach;
  const Vec3 pointA = polytope.best.onA + normal * a.radius;
  return {normal, depth, pointA, pointA - normal * depth};
}

}  // namespace c3d
