// A triangle cut by planes, then measured against a ball, exactly: the ellipsoids of intersects_quadric_triangle.h,
// flat ones (cut by the planes of their zero radii) included.
// A frame, built from the inputs by a polynomial function in any number type (so that every sign below is an exact
// sign, exact/filtered_sign.h), gives the triangle's corners y relative to a centre, the normals of up to three
// planes n.y = 0, and a linear map that takes the part of the shape in those planes onto the ball of radius rho around
// the origin. Each cut keeps the triangle's part in a plane: unchanged when it lies in the plane, else at most two
// points — corners in the plane and the crossings of edges whose ends lie on opposite sides. A crossing of the
// segment from P to Q with the plane n.y = 0 is (n.P) Q - (n.Q) P, of weight n.P - n.Q (homogeneous coordinates:
// the point is the vector divided by its weight), so each cut point is a polynomial too, and a cut of cut points is
// the same expression one level up (levels are types, so each predicate keeps its static depth). What is left meets
// the ball when, every point scaled by the others' weights and rho by all of them, the ball test of
// intersects_rounded_triangle.h says so: its terms are homogeneous of even degree, so no weight's sign matters.
#pragma once
#include <algorithm>
#include <array>
#include <tuple>
#include <utility>

#include "collide3d/queries/intersects/intersects_rounded_triangle.h"

namespace c3d::section {

// What a frame function returns, in one number type: the corners relative to the centre, the planes' normals, the
// map onto the ball's space, rho, and the ball's centre (the origin, an input so that it is a 0 of the right type).
template <class Corner, class Normal, class Map, class Radius, class Origin>
struct Frame {
  std::array<Corner, 3> corners;
  std::array<Normal, 3> normals;
  Map map;
  Radius rho;
  Origin origin;
};

template <class Corner, class Normal, class Map, class Radius, class Origin>
Frame<Corner, Normal, Map, Radius, Origin> makeFrame(const std::array<Corner, 3>& corners,
                                                     const std::array<Normal, 3>& normals, const Map& map,
                                                     const Radius& rho, const Origin& origin) {
  return {corners, normals, map, rho, origin};
}

// The weight of a corner: 1, as a type, so that corners are never multiplied by it.
struct Unit {};
template <class T>
exact::V3<T> weigh(const exact::V3<T>& v, Unit) {
  return v;
}
template <class T>
T weigh(const T& x, Unit) {
  return x;
}
template <class T, class W>
auto weigh(const exact::V3<T>& v, const W& w) {
  return scaled(v, w);
}
template <class T, class W>
auto weigh(const T& x, const W& w) -> decltype(x * w) {
  return x * w;
}

// A point of the cut triangle at a level: a corner (level 0), or the crossing of two points of the level below
// with a plane.
template <int kLevel>
struct Point {
  Point<kLevel - 1> from, to;
  int plane;
};
template <>
struct Point<0> {
  int corner;
};

// The point as (vector, weight) in the frame's number type.
template <class Frame>
auto evaluate(const Point<0>& p, const Frame& frame) {
  return std::make_pair(frame.corners[p.corner], Unit{});
}
template <int kLevel, class Frame>
auto evaluate(const Point<kLevel>& p, const Frame& frame) {
  const auto [from, fromWeight] = evaluate(p.from, frame);
  const auto [to, toWeight] = evaluate(p.to, frame);
  const auto fromSide = dot(frame.normals[p.plane], from), toSide = dot(frame.normals[p.plane], to);
  return std::make_pair(scaled(to, fromSide) - scaled(from, toSide),
                        weigh(fromSide, toWeight) - weigh(toSide, fromWeight));
}

// What is left of the triangle after some cuts: one to three points of one level (three only at level 0).
template <int kLevel>
struct Cut {
  std::array<Point<kLevel>, 3> points;
  int count;
};

// Each point's side of the plane (-1, 0, 1): the sign of n.P times that of its weight.
template <int kLevel, class FrameOf, class... Inputs>
std::array<int, 3> sides(const Cut<kLevel>& cut, int plane, const FrameOf& frameOf, const Inputs&... inputs) {
  const auto terms = [&](const auto&... in) {
    const auto frame = frameOf(in...);
    const auto term = [&](int i) {
      const auto [vector, weight] = evaluate(cut.points[std::min(i, cut.count - 1)], frame);
      if constexpr (kLevel == 0) {
        return std::make_tuple(dot(frame.normals[plane], vector));
      } else {
        return std::make_tuple(dot(frame.normals[plane], vector), weight);
      }
    };
    return std::tuple_cat(term(0), term(1), term(2));
  };
  const auto values = exact::filteredValues(terms, inputs...);
  const auto sign = [](double x) { return (x > 0) - (x < 0); };
  std::array<int, 3> side;
  for (int i = 0; i < 3; ++i) side[i] = kLevel == 0 ? sign(values[i]) : sign(values[2 * i]) * sign(values[2 * i + 1]);
  return side;
}

// The ball against what is left: the triangle itself (level 0), or a segment or a point.
template <int kLevel, class FrameOf, class... Inputs>
bool ballMeets(const Cut<kLevel>& cut, const FrameOf& frameOf, const Inputs&... inputs) {
  if constexpr (kLevel == 0) {
    const auto place = [&frameOf](const auto&... in) {
      const auto frame = frameOf(in...);
      const auto& y = frame.corners;
      return std::make_tuple(frame.origin, frame.rho,
                             std::array{frame.map(y[0]), frame.map(y[1]), frame.map(y[2])});
    };
    return placedBallMeetsTriangle(place, inputs...);
  } else {
    const auto place = [&](const auto&... in) {
      const auto frame = frameOf(in...);
      const auto [p, pWeight] = evaluate(cut.points[0], frame);
      const auto [q, qWeight] = evaluate(cut.points[cut.count - 1], frame);
      return std::make_tuple(frame.origin, frame.rho * pWeight * qWeight,
                             std::array{scaled(frame.map(p), qWeight), scaled(frame.map(q), pWeight)});
    };
    return placedBallMeetsSegment(place, inputs...);
  }
}

// Cuts by planes[0 .. count - 1] in turn, then the ball test.
template <int kLevel, class FrameOf, class... Inputs>
bool meets(const Cut<kLevel>& cut, const int* planes, int count, const FrameOf& frameOf, const Inputs&... inputs) {
  if constexpr (kLevel == 3) {
    return ballMeets(cut, frameOf, inputs...);  // three planes: no cut left
  } else {
    if (count == 0) return ballMeets(cut, frameOf, inputs...);
    const std::array<int, 3> side = sides(cut, planes[0], frameOf, inputs...);
    int off = -1;  // a point off the plane
    for (int i = 0; i < cut.count; ++i) off = side[i] != 0 ? i : off;
    if (off < 0) return meets(cut, planes + 1, count - 1, frameOf, inputs...);
    Cut<kLevel + 1> next{{}, 0};
    for (int i = 0; i < cut.count; ++i) {
      // A point in the plane, as its crossing with one off it (weight -(n.Q) w, not 0).
      if (side[i] == 0) next.points[next.count++] = {cut.points[i], cut.points[off], planes[0]};
      for (int j = i + 1; j < cut.count; ++j) {
        if (side[i] * side[j] < 0) next.points[next.count++] = {cut.points[i], cut.points[j], planes[0]};
      }
    }
    return next.count > 0 && meets(next, planes + 1, count - 1, frameOf, inputs...);
  }
}

// Whether the triangle, cut by the frame's planes listed in `planes`, meets the ball.
template <class FrameOf, class... Inputs>
bool cutMeetsBall(const int* planes, int count, const FrameOf& frameOf, const Inputs&... inputs) {
  return meets(Cut<0>{{Point<0>{0}, Point<0>{1}, Point<0>{2}}, 3}, planes, count, frameOf, inputs...);
}

}  // namespace c3d::section
