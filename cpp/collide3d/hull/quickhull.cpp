// Quickhull in 3D (Barber, Dobkin & Huhdanpaa 1996, ACM TOMS 22(4); Gregorius, "Implementing Quickhull", GDC 2014),
// a triangulated hull grown one apex at a time, each decision an exact orient3d:
//   - A point sits on the conflict list of the first face it strictly sees (orient3d > 0), or on none: then it lies
//     in the closed hull and is no vertex. Duplicates and points on the hull's surface are dropped by the same rule.
//   - A step takes a face's farthest conflict point p (any conflict point would be correct: farthest is fewer steps).
//     The faces p strictly sees form a disk; a depth-first search over neighbours from that face, looking across
//     each face's edges in order starting after the one it was entered by, meets the disk's boundary (the horizon)
//     as one cycle, in order (its walk goes around the search tree, whose cuts never reorder the boundary).
//   - Each horizon edge ab and p make a new face abp. It is never degenerate: p on line ab would lie in the planes of
//     both faces at ab, so the visible one would not strictly see p.
//   - The visible faces' points go to the first new face they strictly see, or are dropped. Dropping is right:
//     beneath (or on) every new face means inside the cone from p over the old hull, and strictly above a visible
//     face means, along the ray from p through the point, before it enters the old hull, so in the new hull.
// Coplanar neighbours are left as they come (new faces may lie in an old face's plane): hull_faces.cpp merges them.
#include <array>
#include <utility>

#include "collide3d/hull/hull_builder.h"
#include "collide3d/math/predicates.h"
#include "collide3d/memory/checked.h"

namespace c3d {

double HullBuilder::volume(const Face& face, uint32_t i) {
  const Vec3 a = point(face.vertex[0]), b = point(face.vertex[1]), c = point(face.vertex[2]), p = point(i);
  ++stats_.orientations;
  // signedVolume() spelled out, to count how often the float filter cannot decide.
  std::array<double, 1> value;
  if (exact::detail::filter(value, kSignedVolume, a, b, c, p)) return value[0];
  ++stats_.exactOrientations;
  return exact::exactValues(kSignedVolume, a, b, c, p)[0];
}

bool HullBuilder::addFace(uint32_t a, uint32_t b, uint32_t c, uint32_t& id) {
  if (freeFaces_.empty()) {
    if (!checked::room(faces_, 1)) return false;
    id = static_cast<uint32_t>(faces_.size());
    faces_.emplace_back();
  } else {
    id = freeFaces_.back();
    freeFaces_.pop_back();
  }
  faces_[id] = {{a, b, c}, {kNone, kNone, kNone}, kNone, kNone, 0, 0, false, true};
  return true;
}

void HullBuilder::assign(uint32_t point, const uint32_t* faces, size_t count) {
  for (size_t k = 0; k < count; ++k) {
    Face& face = faces_[faces[k]];
    const double v = volume(face, point);
    if (v <= 0) continue;
    nextConflict_[point] = face.conflicts;
    face.conflicts = point;
    // Ties go to the lower index, so of equal points the first becomes the vertex.
    if (face.farthest == kNone || v > face.farthestVolume || (v == face.farthestVolume && point < face.farthest)) {
      face.farthest = point;
      face.farthestVolume = v;
    }
    return;
  }
}

bool HullBuilder::buildSolid(const uint32_t (&tetrahedron)[4]) {
  faces_.clear();
  freeFaces_.clear();
  pending_.clear();
  round_ = 0;
  if (!checked::reserve(nextConflict_, count_) || !checked::reserve(faces_, 4) || !checked::reserve(pending_, 4)) {
    return false;
  }
  nextConflict_.assign(count_, kNone);

  // Outward: d beneath abc, so each face below has the fourth point beneath it (orient3d is alternating).
  uint32_t a = tetrahedron[0], b = tetrahedron[1], c = tetrahedron[2], d = tetrahedron[3];
  const Face base{{a, b, c}, {}, kNone, kNone, 0, 0, false, false};
  if (volume(base, d) > 0) std::swap(b, c);
  const uint32_t corners[4][3] = {{a, b, c}, {a, d, b}, {b, d, c}, {c, d, a}};
  uint32_t ids[4];
  for (int f = 0; f < 4; ++f) {
    if (!addFace(corners[f][0], corners[f][1], corners[f][2], ids[f])) return false;
  }
  for (uint32_t f : ids) {
    for (uint32_t g : ids) {
      for (int k = 0; k < 3; ++k) {
        for (int j = 0; j < 3; ++j) {
          if (faces_[f].vertex[k] == faces_[g].vertex[(j + 1) % 3] &&
              faces_[f].vertex[(k + 1) % 3] == faces_[g].vertex[j]) {
            faces_[f].neighbour[k] = g;
          }
        }
      }
    }
  }
  for (uint32_t i = 0; i < count_; ++i) {
    if (i != a && i != b && i != c && i != d) assign(i, ids, 4);
  }
  for (uint32_t f : ids) {
    if (faces_[f].conflicts != kNone) pending_.push_back(f);
  }
  while (!pending_.empty()) {
    const uint32_t f = pending_.back();
    pending_.pop_back();
    if (faces_[f].alive && faces_[f].conflicts != kNone && !addApex(f)) return false;
  }
  return true;
}

bool HullBuilder::findHorizon(uint32_t start, uint32_t apex) {
  visible_.clear();
  horizon_.clear();
  visits_.clear();
  if (!checked::room(visible_, 1) || !checked::room(visits_, 1)) return false;
  faces_[start].round = round_;
  faces_[start].visible = true;
  visible_.push_back(start);
  visits_.push_back({start, 0, 0});
  while (!visits_.empty()) {
    Visit& top = visits_.back();
    if (top.step == 3) {
      visits_.pop_back();
      continue;
    }
    const uint32_t f = top.face, k = (top.entry + top.step) % 3;
    ++top.step;
    const uint32_t g = faces_[f].neighbour[k];
    Face& across = faces_[g];
    const bool unseen = across.round != round_;
    if (unseen) {
      across.round = round_;
      across.visible = volume(across, apex) > 0;
    }
    if (across.visible && !unseen) continue;  // inside the visible disk, already searched
    // The edge of g that runs back, b -> a: the one starting at b.
    const uint32_t b = faces_[f].vertex[(k + 1) % 3];
    const uint32_t slot = across.vertex[0] == b ? 0 : across.vertex[1] == b ? 1 : 2;
    if (across.visible) {
      if (!checked::room(visible_, 1) || !checked::room(visits_, 1)) return false;
      visible_.push_back(g);
      visits_.push_back({g, slot, 1});
    } else {
      if (!checked::room(horizon_, 1)) return false;
      horizon_.push_back({faces_[f].vertex[k], b, g, slot});
    }
  }
  return true;
}

bool HullBuilder::addApex(uint32_t start) {
  const uint32_t apex = faces_[start].farthest;
  ++round_;
  if (!findHorizon(start, apex)) return false;
  const size_t m = horizon_.size();
  newFaces_.clear();
  if (!checked::reserve(newFaces_, m) || !checked::reserve(freeFaces_, freeFaces_.size() + visible_.size()) ||
      !checked::reserve(pending_, pending_.size() + m)) {
    return false;
  }
  for (const HorizonEdge& edge : horizon_) {
    uint32_t id;
    if (!addFace(edge.a, edge.b, apex, id)) return false;
    faces_[id].neighbour[0] = edge.outside;
    faces_[edge.outside].neighbour[edge.slot] = id;
    newFaces_.push_back(id);
  }
  for (size_t i = 0; i < m; ++i) {
    faces_[newFaces_[i]].neighbour[1] = newFaces_[(i + 1) % m];
    faces_[newFaces_[i]].neighbour[2] = newFaces_[(i + m - 1) % m];
  }
  for (uint32_t f : visible_) {
    for (uint32_t q = faces_[f].conflicts; q != kNone;) {
      const uint32_t next = nextConflict_[q];
      if (q != apex) assign(q, newFaces_.data(), m);
      q = next;
    }
    faces_[f].alive = false;
    freeFaces_.push_back(f);
  }
  for (uint32_t f : newFaces_) {
    if (faces_[f].conflicts != kNone) pending_.push_back(f);
  }
  return true;
}

}  // namespace c3d
