// Property tests of the dispatch tables over thousands of random shapes (fixed seeds): intersects answers alike in
// both argument orders; every answer is exactly unchanged by exact rigid motions (signed axis permutations and
// integer translations of shapes on a dyadic grid) and by scaling with powers of two; queries agree where they
// overlap (plane intersects vs classify, caster intersects vs raycast, raycast and intersects vs intersection,
// raycast hit points on the target's surface, a zero-length segment vs its point); and ground truths: plane-sphere
// against a brute-force distance, touching at a triangle's vertex.
#include <algorithm>
#include <array>
#include <cmath>
#include <iomanip>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "collide3d/dispatch/shape_visit.h"
#include "collide3d/dispatch/tables.h"
#include "random_convex.h"
#include "test_support.h"

namespace c3d {
namespace {

// ---- encoded shapes ----

template <class Shape>
using Tag = ShapeTag<Shape>;

struct Encoded {
  ShapeType type = ShapeType::Point;
  std::array<double, kEncodedShapeSize> data{};
  int size = 0;  // doubles used

  const double* get() const { return data.data(); }
};

template <class Shape>
Encoded encoded(const Shape& shape) {
  Encoded e;
  e.type = Shape::kType;
  encode(shape, e.data.data());
  Shape::fields([&](const char*, auto member) { e.size += int(sizeof(shape.*member) / sizeof(double)); });
  return e;
}

template <class Shape>
Shape typed(const Encoded& e) {
  return decode<Shape>(e.get());
}

std::string describe(const Encoded& e) {
  std::ostringstream out;
  out << std::setprecision(17) << shapeName(e.type) << " [";
  for (int i = 0; i < e.size; ++i) out << (i ? ", " : "") << e.data[i];
  out << "]";
  return out.str();
}

std::string describe(const Encoded& a, const Encoded& b) { return describe(a) + " and " + describe(b); }

ShapeType typeAt(int index) { return static_cast<ShapeType>(index); }

bool isCaster(ShapeType t) { return t == ShapeType::Ray || t == ShapeType::Line || t == ShapeType::Segment; }

std::string entryName(const char* query, int a, int b) {
  return std::string(query) + "(" + shapeName(typeAt(a)) + ", " + shapeName(typeAt(b)) + ")";
}

std::string text(bool value) { return value ? "true" : "false"; }
std::string text(Side side) { return side == Side::Front ? "front" : side == Side::Back ? "back" : "intersecting"; }

// ---- transforms ----

// p -> scale * Q p + shift, Q orthonormal. With Q a signed permutation, scale a power of two and shift an integer
// vector, applying it to dyadic coordinates is exact.
struct Similarity {
  Mat3 q;
  double scale = 1;
  Vec3 shift;

  Vec3 point(Vec3 p) const { return q * p * scale + shift; }
  Vec3 vector(Vec3 v) const { return q * v * scale; }
  double size(double d) const { return d * scale; }
  Mat3 frame(const Mat3& r) const {
    Mat3 out;
    for (int i = 0; i < 3; ++i) {
      const Vec3 c = q * r.column(i);
      out.m[3 * i] = c.x, out.m[3 * i + 1] = c.y, out.m[3 * i + 2] = c.z;
    }
    return out;
  }
  // n'.p' + d' = scale * (n.p + d): the same plane, its sides kept.
  Plane plane(const Plane& p) const {
    const Vec3 n = q * p.normal;
    return {n, p.constant * scale - dot(n, shift)};
  }
};

Point moved(const Point& p, const Similarity& s) { return {s.point(p.position)}; }
Ray moved(const Ray& r, const Similarity& s) { return {s.point(r.origin), s.vector(r.direction)}; }
Line moved(const Line& l, const Similarity& s) { return {s.point(l.origin), s.vector(l.direction)}; }
Segment moved(const Segment& g, const Similarity& s) { return {s.point(g.start), s.point(g.end)}; }
Plane moved(const Plane& p, const Similarity& s) { return s.plane(p); }
Triangle moved(const Triangle& t, const Similarity& s) { return {s.point(t.a), s.point(t.b), s.point(t.c)}; }
Sphere moved(const Sphere& b, const Similarity& s) { return {s.point(b.center), s.size(b.radius)}; }
Ellipsoid moved(const Ellipsoid& e, const Similarity& s) {
  return {s.point(e.center), e.radii * s.scale, s.frame(e.rotation)};
}
Aabb moved(const Aabb& box, const Similarity& s) {
  const Vec3 a = s.point(box.min), b = s.point(box.max);
  return {{std::min(a.x, b.x), std::min(a.y, b.y), std::min(a.z, b.z)},
          {std::max(a.x, b.x), std::max(a.y, b.y), std::max(a.z, b.z)}};
}
Obb moved(const Obb& box, const Similarity& s) {
  return {s.point(box.center), box.halfSize * s.scale, s.frame(box.rotation)};
}
Cylinder moved(const Cylinder& c, const Similarity& s) { return {s.point(c.start), s.point(c.end), s.size(c.radius)}; }
Cone moved(const Cone& c, const Similarity& s) { return {s.point(c.base), s.point(c.apex), s.size(c.radius)}; }
Capsule moved(const Capsule& c, const Similarity& s) { return {s.point(c.start), s.point(c.end), s.size(c.radius)}; }
// Convex shapes made here and by the generator live in one ring.
testing::HullRing& hulls() {
  static testing::HullRing ring;
  return ring;
}
// The hull of the moved vertices: the moved hull, exactly where the motion is (Quickhull is exact).
Convex moved(const Convex& c, const Similarity& s) {
  std::vector<Vec3> points;
  for (const Vec3& v : c.prepared().vertices) points.push_back(s.point(v));
  return hulls().make(points);
}
Frustum moved(const Frustum& f, const Similarity& s) {
  Frustum out;
  for (int i = 0; i < 6; ++i) out.planes[i] = s.plane(f.planes[i]);
  return out;
}

Encoded moved(const Encoded& e, const Similarity& s) {
  return withShapeType(e.type, [&](auto tag) { return encoded(moved(typed<typename decltype(tag)::type>(e), s)); });
}

double determinant(const Mat3& r) { return dot(r.column(0), cross(r.column(1), r.column(2))); }

// ---- anchors: points of a shape that planes are laid through, casters aimed at and other shapes moved onto ----

std::vector<Vec3> anchors(const Point& p) { return {p.position}; }
std::vector<Vec3> anchors(const Ray& r) { return {r.origin}; }
std::vector<Vec3> anchors(const Line& l) { return {l.origin}; }
std::vector<Vec3> anchors(const Segment& s) { return {s.start, s.end, (s.start + s.end) * 0.5}; }
std::vector<Vec3> anchors(const Plane& p) { return {p.normal * (-p.constant / lengthSquared(p.normal))}; }
std::vector<Vec3> anchors(const Triangle& t) { return {t.a, t.b, t.c, (t.a + t.b) * 0.5}; }
std::vector<Vec3> anchors(const Sphere& s) {
  return {s.center, s.center + Vec3{s.radius, 0, 0}, s.center - Vec3{0, 0, s.radius}};
}
std::vector<Vec3> anchors(const Ellipsoid& e) { return {e.center, e.center + e.rotation.column(0) * e.radii.x}; }
std::vector<Vec3> anchors(const Aabb& b) { return {b.min, b.max, {b.min.x, b.max.y, b.min.z}, (b.min + b.max) * 0.5}; }
std::vector<Vec3> anchors(const Obb& b) {
  return {b.center, b.center + b.rotation * b.halfSize, b.center + b.rotation * Vec3{b.halfSize.x, -b.halfSize.y, 0}};
}
std::vector<Vec3> anchors(const Cylinder& c) { return {c.start, c.end, (c.start + c.end) * 0.5}; }
std::vector<Vec3> anchors(const Cone& c) { return {c.base, c.apex, (c.base + c.apex) * 0.5}; }
std::vector<Vec3> anchors(const Capsule& c) { return {c.start, c.end}; }
std::vector<Vec3> anchors(const Convex& c) {
  const std::vector<Vec3>& v = c.prepared().vertices;
  return {v.front(), v.back(), (v.front() + v.back()) * 0.5};
}
// The corners where planes 0, 2, 4 and planes 1, 3, 5 meet (Cramer's rule; exact on the grid, where the planes are
// axis-aligned), and their midpoint.
std::vector<Vec3> anchors(const Frustum& f) {
  auto corner = [&](const Plane& p, const Plane& q, const Plane& r) {
    const Vec3 sum = cross(q.normal, r.normal) * p.constant + cross(r.normal, p.normal) * q.constant +
                     cross(p.normal, q.normal) * r.constant;
    return sum * (-1 / dot(p.normal, cross(q.normal, r.normal)));
  };
  const Vec3 first = corner(f.planes[0], f.planes[2], f.planes[4]),
             second = corner(f.planes[1], f.planes[3], f.planes[5]);
  return {first, second, (first + second) * 0.5};
}

std::vector<Vec3> anchors(const Encoded& e) {
  return withShapeType(e.type, [&](auto tag) { return anchors(typed<typename decltype(tag)::type>(e)); });
}

// ---- random shapes ----

// Random valid shapes of every type, with some degenerate ones (zero radius or size, zero-length segments, zero-area
// triangles). In exact mode coordinates and sizes lie on the quarter grid within +-6, directions and normals are
// small integer vectors and rotations signed permutations: every product and sum the kernels form is then exact.
class ShapeGenerator {
 public:
  ShapeGenerator(unsigned seed, bool exact) : random_(seed), exact_(exact) {}

  testing::Random& random() { return random_; }

  Encoded make(ShapeType type) {
    return withShapeType(type, [&](auto tag) { return encoded(make(tag)); });
  }

  // A pair for the table entry (a, b). Half the time a plane, point or caster among them (in that order of
  // preference) is placed against the other shape, through or aimed at one of its anchors, and two solids are moved
  // so that an anchor of each coincides; so touching and hitting cases are common.
  std::pair<Encoded, Encoded> pair(ShapeType a, ShapeType b) {
    Encoded first = make(a), second = make(b);
    if (coin()) {
      if (placeRank(a) > 0 && placeRank(a) >= placeRank(b)) {
        first = placedAgainst(a, second);
      } else if (placeRank(b) > 0) {
        second = placedAgainst(b, first);
      } else {
        second = movedOnto(second, first);
      }
    }
    return {first, second};
  }

  // A similarity that is exact on exact-mode shapes: a signed permutation and an integer translation.
  Similarity rigidMotion() { return {random_.signedPermutation(), 1, random_.integerVector(-16, 16)}; }

 private:
  static int placeRank(ShapeType t) {
    return t == ShapeType::Plane ? 3 : t == ShapeType::Point ? 2 : isCaster(t) ? 1 : 0;
  }

  bool coin() { return random_.integer(0, 1) == 1; }
  bool rarely() { return random_.integer(0, 7) == 0; }
  Vec3 position() { return exact_ ? random_.integerVector(-24, 24) * 0.25 : random_.vector(-6, 6); }
  double size() {
    if (rarely()) return 0;
    return exact_ ? random_.integer(1, 12) * 0.25 : random_.uniform(0, 3);
  }
  Vec3 sizes() { return {size(), size(), size()}; }
  Vec3 direction() {
    Vec3 d;
    while (isZero(d)) d = exact_ ? random_.integerVector(-3, 3) : random_.vector(-1, 1);
    return d;
  }
  Mat3 rotation() { return exact_ ? random_.signedPermutation() : random_.rotation(); }
  Plane plane() {
    const Vec3 n = direction();
    return {n, -dot(n, position())};
  }

  Point make(Tag<Point>) { return {position()}; }
  Ray make(Tag<Ray>) { return {position(), direction()}; }
  Line make(Tag<Line>) { return {position(), direction()}; }
  Segment make(Tag<Segment>) {
    const Vec3 start = position();
    return {start, rarely() ? start : position()};
  }
  Plane make(Tag<Plane>) { return plane(); }
  Triangle make(Tag<Triangle>) {
    const Vec3 a = position(), b = position();
    switch (random_.integer(0, 7)) {
      case 0: return {a, b, a + (b - a) * 2.0};  // zero area: collinear
      case 1: return {a, a, a};                  // zero area: a point
      default: return {a, b, position()};
    }
  }
  Sphere make(Tag<Sphere>) { return {position(), size()}; }
  Ellipsoid make(Tag<Ellipsoid>) { return {position(), sizes(), rotation()}; }
  Aabb make(Tag<Aabb>) {
    const Vec3 min = position();
    return {min, min + sizes()};
  }
  Obb make(Tag<Obb>) { return {position(), sizes(), rotation()}; }
  Cylinder make(Tag<Cylinder>) {
    const Vec3 start = position();
    return {start, start + direction() * (exact_ ? 1.0 : 4.0), size()};
  }
  Capsule make(Tag<Capsule>) {
    const Vec3 start = position();
    return {start, rarely() ? start : position(), size()};
  }
  Cone make(Tag<Cone>) {
    const Vec3 base = position();
    return {base, base + direction() * (exact_ ? 1.0 : 4.0), size()};
  }
  // Around a center, on the eighth grid in exact mode.
  Convex make(Tag<Convex>) {
    const Vec3 center = position();
    return hulls().make(testing::hullPoints(random_, [&] {
      return center + (exact_ ? random_.integerVector(-16, 16) * 0.125 : random_.vector(-2, 2));
    }));
  }
  // A box-like frustum around a center: for each local axis two inward planes at the half extent h, normals scaled
  // by 1 or 2 (continuous mode: tilted a little).
  Frustum make(Tag<Frustum>) {
    Frustum f;
    const Vec3 center = position();
    const Mat3 frame = rotation();
    for (int i = 0; i < 6; ++i) {
      const double h = exact_ ? random_.integer(1, 12) * 0.25 : random_.uniform(0.5, 3);
      Vec3 n = frame.column(i / 2) * (i % 2 == 0 ? 1.0 : -1.0) * double(random_.integer(1, 2));
      if (!exact_) n = n + random_.vector(-0.3, 0.3);
      f.planes[i] = {n, h * length(n) - dot(n, center)};
    }
    return f;
  }

  Vec3 anyAnchor(const Encoded& shape) {
    const std::vector<Vec3> points = anchors(shape);
    return points[random_.integer(0, int(points.size()) - 1)];
  }

  Encoded movedOnto(const Encoded& shape, const Encoded& other) {
    return moved(shape, Similarity{Mat3{}, 1, anyAnchor(other) - anyAnchor(shape)});
  }

  Encoded placedAgainst(ShapeType type, const Encoded& other) {
    const Vec3 p = anyAnchor(other);
    switch (type) {
      case ShapeType::Point: return encoded(Point{p});
      case ShapeType::Plane: {
        const Vec3 n = direction();
        return encoded(Plane{n, -dot(n, p)});
      }
      case ShapeType::Ray:
      case ShapeType::Line: {
        const Vec3 origin = position();
        const Vec3 d = origin == p ? direction() : p - origin;
        return type == ShapeType::Ray ? encoded(Ray{origin, d}) : encoded(Line{origin, d});
      }
      default: {
        // A segment ending at the anchor, or running on past it.
        const Vec3 start = position();
        const double beyond = exact_ ? random_.integer(0, 1) : random_.uniform(-0.5, 1);
        return encoded(Segment{start, p + (p - start) * beyond});
      }
    }
  }

  testing::Random random_;
  bool exact_;
};

// ---- comparing answers ----

// One property checked over many trials: how many failed, and the first failing input.
class Tally {
 public:
  explicit Tally(std::string property) : property_(std::move(property)) {}

  template <class Describe>
  void expect(bool holds, Describe&& describe) {
    ++trials_;
    if (!holds && failures_++ == 0) example_ = describe();
  }

  ::testing::AssertionResult verdict() const {
    if (failures_ == 0) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << property_ << ": " << failures_ << " of " << trials_
                                         << " checks fail; first: " << example_;
  }

 private:
  std::string property_, example_;
  int trials_ = 0, failures_ = 0;
};

std::string text(const std::optional<RaycastHit>& hit) {
  if (!hit) return "miss";
  std::ostringstream out;
  out << std::setprecision(17) << "hit at t = " << hit->t;
  return out.str();
}

bool sameHit(const std::optional<RaycastHit>& a, const std::optional<RaycastHit>& b) {
  return a.has_value() == b.has_value() && (!a || a->t == b->t);
}

std::string text(const RaycastOptions& o) {
  std::ostringstream out;
  out << "{maxDistance " << o.maxDistance << ", backfaceCulling " << o.backfaceCulling << ", solid " << o.solid << "}";
  return out.str();
}

const RaycastOptions kRaycastVariants[] = {{}, {kInfinity, false, false}, {2.5, false, true}, {kInfinity, true, true}};

constexpr int kTrials = 1500;

// ---- (1) symmetry ----

TEST(Symmetry, IntersectsAnswersAlikeInBothOrders) {
  const auto& table = intersectsTable();
  for (bool exact : {false, true}) {
    ShapeGenerator generator(101 + exact, exact);
    for (int a = 0; a < kShapeTypeCount; ++a) {
      for (int b = a; b < kShapeTypeCount; ++b) {
        if (!table.entry[a][b]) continue;
        ASSERT_NE(table.entry[b][a], nullptr) << entryName("intersects", b, a);
        Tally tally(entryName("intersects", a, b) + (exact ? " on the grid" : ""));
        for (int trial = 0; trial < kTrials; ++trial) {
          const auto [x, y] = generator.pair(typeAt(a), typeAt(b));
          const bool forward = table.entry[a][b](x.get(), y.get()), backward = table.entry[b][a](y.get(), x.get());
          tally.expect(forward == backward,
                       [&] { return describe(x, y) + ": " + text(forward) + " vs " + text(backward); });
        }
        EXPECT_TRUE(tally.verdict());
      }
    }
  }
}

// ---- (2) exact rigid motions ----

TEST(RigidMotion, IntersectsIsExactlyInvariant) {
  ShapeGenerator generator(201, true);
  const auto& table = intersectsTable();
  for (int a = 0; a < kShapeTypeCount; ++a) {
    for (int b = 0; b < kShapeTypeCount; ++b) {
      if (!table.entry[a][b]) continue;
      Tally tally(entryName("intersects", a, b));
      for (int trial = 0; trial < kTrials; ++trial) {
        const auto [x, y] = generator.pair(typeAt(a), typeAt(b));
        const Similarity motion = generator.rigidMotion();
        const Encoded mx = moved(x, motion), my = moved(y, motion);
        const bool before = table.entry[a][b](x.get(), y.get()), after = table.entry[a][b](mx.get(), my.get());
        tally.expect(before == after, [&] {
          return describe(x, y) + " moved to " + describe(mx, my) + ": " + text(before) + " vs " + text(after);
        });
      }
      EXPECT_TRUE(tally.verdict());
    }
  }
}

TEST(RigidMotion, ClassifyIsExactlyInvariant) {
  ShapeGenerator generator(202, true);
  const auto& table = classifyTable();
  for (int a = 0; a < kShapeTypeCount; ++a) {
    for (int b = 0; b < kShapeTypeCount; ++b) {
      if (!table.entry[a][b]) continue;
      Tally tally(entryName("classify", a, b));
      for (int trial = 0; trial < kTrials; ++trial) {
        const auto [x, y] = generator.pair(typeAt(a), typeAt(b));
        const Similarity motion = generator.rigidMotion();
        const Encoded mx = moved(x, motion), my = moved(y, motion);
        for (double epsilon : {0.0, 0.25}) {
          const Side before = table.entry[a][b](x.get(), y.get(), {epsilon});
          const Side after = table.entry[a][b](mx.get(), my.get(), {epsilon});
          tally.expect(before == after, [&] {
            return describe(x, y) + " moved to " + describe(mx, my) + ", epsilon " + std::to_string(epsilon) + ": " +
                   text(before) + " vs " + text(after);
          });
        }
      }
      EXPECT_TRUE(tally.verdict());
    }
  }
}

// A reflection (determinant -1) turns a triangle's front face into its back face, so backface culling is compared
// under proper rotations only.
TEST(RigidMotion, RaycastHitAndParameterAreExactlyInvariant) {
  ShapeGenerator generator(203, true);
  const auto& table = raycastTable();
  for (int a = 0; a < kShapeTypeCount; ++a) {
    for (int b = 0; b < kShapeTypeCount; ++b) {
      if (!table.entry[a][b]) continue;
      Tally tally(entryName("raycast", a, b));
      for (int trial = 0; trial < kTrials; ++trial) {
        const auto [x, y] = generator.pair(typeAt(a), typeAt(b));
        const Similarity motion = generator.rigidMotion();
        const Encoded mx = moved(x, motion), my = moved(y, motion);
        for (const RaycastOptions& options : kRaycastVariants) {
          if (options.backfaceCulling && determinant(motion.q) < 0) continue;
          const auto before = table.entry[a][b](x.get(), y.get(), options);
          const auto after = table.entry[a][b](mx.get(), my.get(), options);
          tally.expect(sameHit(before, after), [&] {
            return describe(x, y) + " moved to " + describe(mx, my) + ", options " + text(options) + ": " +
                   text(before) + " vs " + text(after);
          });
        }
      }
      EXPECT_TRUE(tally.verdict());
    }
  }
}

// ---- scaling by powers of two ----

// Scaling every length by 2^k (|k| <= 20: no overflow or subnormals) is exact in binary floating point and commutes
// with every rounding, so no answer may change; raycast t is the caster's own parameter and stays the same too. Run
// over every entry, which includes every pair with a sphere or an aabb.
TEST(Scaling, PowersOfTwoLeaveEveryAnswerUnchanged) {
  ShapeGenerator generator(301, false);
  const auto& intersects = intersectsTable();
  const auto& classify = classifyTable();
  const auto& raycast = raycastTable();
  for (int a = 0; a < kShapeTypeCount; ++a) {
    for (int b = 0; b < kShapeTypeCount; ++b) {
      if (!intersects.entry[a][b] && !classify.entry[a][b] && !raycast.entry[a][b]) continue;
      Tally tally(shapeName(typeAt(a)) + std::string(", ") + shapeName(typeAt(b)));
      for (int trial = 0; trial < kTrials; ++trial) {
        const auto [x, y] = generator.pair(typeAt(a), typeAt(b));
        const int power = generator.random().integer(-20, 20);
        const Similarity s{Mat3{}, std::ldexp(1.0, power), {}};
        const Encoded sx = moved(x, s), sy = moved(y, s);
        auto context = [&] { return describe(x, y) + " scaled by 2^" + std::to_string(power) + ": "; };
        if (intersects.entry[a][b]) {
          const bool before = intersects.entry[a][b](x.get(), y.get()),
                     after = intersects.entry[a][b](sx.get(), sy.get());
          tally.expect(before == after,
                       [&] { return context() + "intersects " + text(before) + " vs " + text(after); });
        }
        if (classify.entry[a][b]) {
          const Side before = classify.entry[a][b](x.get(), y.get(), {0.5});
          const Side after = classify.entry[a][b](sx.get(), sy.get(), {0.5 * s.scale});
          tally.expect(before == after, [&] { return context() + "classify " + text(before) + " vs " + text(after); });
        }
        if (raycast.entry[a][b]) {
          for (const RaycastOptions& options : kRaycastVariants) {
            const auto before = raycast.entry[a][b](x.get(), y.get(), options);
            const auto after = raycast.entry[a][b](sx.get(), sy.get(), options);
            tally.expect(sameHit(before, after), [&] {
              return context() + "raycast " + text(options) + " " + text(before) + " vs " + text(after);
            });
          }
        }
      }
      EXPECT_TRUE(tally.verdict());
    }
  }
}

// ---- (3) agreement between queries ----

TEST(Agreement, PlaneIntersectsIffClassifyIsIntersecting) {
  const int plane = static_cast<int>(ShapeType::Plane);
  for (bool exact : {false, true}) {
    ShapeGenerator generator(401 + exact, exact);
    for (int b = 0; b < kShapeTypeCount; ++b) {
      const ClassifyFn classify = classifyTable().entry[plane][b];
      if (!classify) continue;
      const IntersectsFn intersects = intersectsTable().entry[plane][b];
      ASSERT_NE(intersects, nullptr) << entryName("intersects", plane, b);
      Tally tally(entryName("intersects vs classify", plane, b) + (exact ? " on the grid" : ""));
      for (int trial = 0; trial < kTrials; ++trial) {
        const auto [p, shape] = generator.pair(ShapeType::Plane, typeAt(b));
        const bool meets = intersects(p.get(), shape.get());
        const Side side = classify(p.get(), shape.get(), {});
        tally.expect(meets == (side == Side::Intersecting),
                     [&] { return describe(p, shape) + ": intersects " + text(meets) + ", classify " + text(side); });
      }
      EXPECT_TRUE(tally.verdict());
    }
  }
}

TEST(Agreement, CasterIntersectsIffRaycastHits) {
  for (bool exact : {false, true}) {
    ShapeGenerator generator(411 + exact, exact);
    for (int a = 0; a < kShapeTypeCount; ++a) {
      for (int b = 0; b < kShapeTypeCount; ++b) {
        const RaycastFn raycast = raycastTable().entry[a][b];
        if (!raycast) continue;
        const IntersectsFn intersects = intersectsTable().entry[a][b];
        ASSERT_NE(intersects, nullptr) << entryName("intersects", a, b);
        Tally tally(entryName("intersects vs raycast", a, b) + (exact ? " on the grid" : ""));
        for (int trial = 0; trial < kTrials; ++trial) {
          const auto [caster, target] = generator.pair(typeAt(a), typeAt(b));
          const bool meets = intersects(caster.get(), target.get());
          const auto hit = raycast(caster.get(), target.get(), {});
          tally.expect(meets == hit.has_value(), [&] {
            return describe(caster, target) + ": intersects " + text(meets) + ", raycast " + text(hit);
          });
        }
        EXPECT_TRUE(tally.verdict());
      }
    }
  }
}

TEST(Agreement, CasterOnPlaneHitsIffIntersectionExists) {
  const int plane = static_cast<int>(ShapeType::Plane);
  for (bool exact : {false, true}) {
    ShapeGenerator generator(421 + exact, exact);
    for (ShapeType caster : {ShapeType::Segment, ShapeType::Line}) {
      const int a = static_cast<int>(caster);
      Tally tally(entryName("raycast vs intersection", a, plane) + (exact ? " on the grid" : ""));
      for (int trial = 0; trial < 4 * kTrials; ++trial) {
        const auto [c, p] = generator.pair(caster, ShapeType::Plane);
        const auto hit = raycastTable().entry[a][plane](c.get(), p.get(), {});
        const bool exists = intersectionTable().entry[a][plane](c.get(), p.get()).has_value();
        tally.expect(hit.has_value() == exists, [&] {
          return describe(c, p) + ": raycast " + text(hit) + ", intersection exists " + text(exists);
        });
      }
      EXPECT_TRUE(tally.verdict());
    }
  }
}

TEST(Agreement, IntersectionExistsIffIntersects) {
  for (bool exact : {false, true}) {
    ShapeGenerator generator(431 + exact, exact);
    for (int a = 0; a < kShapeTypeCount; ++a) {
      for (int b = 0; b < kShapeTypeCount; ++b) {
        const IntersectionFn intersection = intersectionTable().entry[a][b];
        if (!intersection) continue;
        const IntersectsFn intersects = intersectsTable().entry[a][b];
        ASSERT_NE(intersects, nullptr) << entryName("intersects", a, b);
        Tally tally(entryName("intersection vs intersects", a, b) + (exact ? " on the grid" : ""));
        for (int trial = 0; trial < kTrials; ++trial) {
          const auto [x, y] = generator.pair(typeAt(a), typeAt(b));
          const bool exists = intersection(x.get(), y.get()).has_value(), meets = intersects(x.get(), y.get());
          tally.expect(exists == meets, [&] {
            return describe(x, y) + ": intersection exists " + text(exists) + ", intersects " + text(meets);
          });
        }
        EXPECT_TRUE(tally.verdict());
      }
    }
  }
}

// A sphere whose radius is its center's distance from the plane, computed the usual way (|n.c + d| / |n|): it
// touches the plane up to rounding, and both queries must make the same call on it.
TEST(Agreement, TangentSphereIntersectsIffIntersectionExists) {
  testing::Random random(441);
  const IntersectsFn intersects = intersectsTable().at(ShapeType::Sphere, ShapeType::Plane);
  const IntersectionFn intersection = intersectionTable().at(ShapeType::Sphere, ShapeType::Plane);
  Tally tally("intersects vs intersection on tangent spheres");
  for (int trial = 0; trial < 10 * kTrials; ++trial) {
    const Plane plane{random.vector(-1, 1), random.uniform(-3, 3)};
    const Vec3 center = random.vector(-6, 6);
    const Encoded sphere = encoded(Sphere{center, std::fabs(scaledDistance(plane, center)) / length(plane.normal)});
    const Encoded p = encoded(plane);
    const bool meets = intersects(sphere.get(), p.get()), exists = intersection(sphere.get(), p.get()).has_value();
    tally.expect(meets == exists, [&] {
      return describe(sphere, p) + ": intersects " + text(meets) + ", intersection exists " + text(exists);
    });
  }
  EXPECT_TRUE(tally.verdict());
}

// Signed distance-like functions, 0 exactly on the surface, negative inside, positive outside.
double surfaceError(const Sphere& s, Vec3 p) { return length(p - s.center) - s.radius; }
double surfaceError(const Aabb& b, Vec3 p) {
  double e = -kInfinity;
  for (int i = 0; i < 3; ++i) {
    e = std::max({e, component(b.min, i) - component(p, i), component(p, i) - component(b.max, i)});
  }
  return e;
}
double surfaceError(const Obb& b, Vec3 p) {
  const Vec3 local = transposeTimes(b.rotation, p - b.center);
  double e = -kInfinity;
  for (int i = 0; i < 3; ++i) e = std::max(e, std::fabs(component(local, i)) - component(b.halfSize, i));
  return e;
}
double surfaceError(const Cylinder& c, Vec3 p) {
  const Vec3 axis = c.end - c.start, w = p - c.start;
  const double height = length(axis), along = dot(w, axis) / height;
  const double radial = length(w - axis * (along / height));
  return std::max({radial - c.radius, -along, along - height});
}

// Zero on the cone's surface: the largest of the distances past the base's plane, the apex's plane, and the side.
double surfaceError(const Cone& c, Vec3 p) {
  const Vec3 axis = c.apex - c.base, w = p - c.base;
  const double height = length(axis), along = dot(w, axis) / height;
  const double radial = length(w - axis * (along / height));
  return std::max({radial - c.radius * (1 - along / height), -along, along - height});
}

// Every hit is on the target's surface, except a solid hit at the start of a ray or segment that starts inside,
// which is that start; every hit normal is unit.
template <class Target>
void expectHitsOnSurface(ShapeGenerator& generator) {
  for (ShapeType casterType : {ShapeType::Ray, ShapeType::Line, ShapeType::Segment}) {
    const RaycastFn raycast = raycastTable().at(casterType, Target::kType);
    ASSERT_NE(raycast, nullptr);
    Tally tally(entryName("raycast hit on the surface", int(casterType), int(Target::kType)));
    for (int trial = 0; trial < 2 * kTrials; ++trial) {
      const auto [caster, target] = generator.pair(casterType, Target::kType);
      const Target shape = typed<Target>(target);
      const Vec3 start{caster.data[0], caster.data[1], caster.data[2]};  // a ray's origin, a segment's start
      for (const RaycastOptions& options : kRaycastVariants) {
        const auto hit = raycast(caster.get(), target.get(), options);
        if (!hit) continue;
        const bool startsInside =
            casterType != ShapeType::Line && options.solid && hit->t == 0 && surfaceError(shape, start) < 0;
        const double error = startsInside ? length(hit->point - start) : surfaceError(shape, hit->point);
        const bool onSurface = std::fabs(error) <= 1e-9 * (1 + length(hit->point));
        const bool unitNormal = std::fabs(length(hit->normal) - 1) <= 1e-12;
        tally.expect(onSurface && unitNormal, [&] {
          std::ostringstream out;
          out << describe(caster, target) << ", options " << text(options) << ": " << text(hit) << ", point ("
              << hit->point.x << ", " << hit->point.y << ", " << hit->point.z << ") off the surface by " << error
              << ", |normal| " << length(hit->normal);
          return out.str();
        });
      }
    }
    EXPECT_TRUE(tally.verdict());
  }
}

TEST(Agreement, RaycastHitPointsLieOnTheSurface) {
  ShapeGenerator generator(451, false);
  expectHitsOnSurface<Sphere>(generator);
  expectHitsOnSurface<Aabb>(generator);
  expectHitsOnSurface<Obb>(generator);
  expectHitsOnSurface<Cylinder>(generator);
  expectHitsOnSurface<Cone>(generator);
}

// Whether a closed shape holds the point p, from its definition; exact on the grid.
bool holds(const Plane& plane, Vec3 p) { return scaledDistance(plane, p) == 0; }
bool holds(const Sphere& s, Vec3 p) { return lengthSquared(p - s.center) <= s.radius * s.radius; }
bool holds(const Aabb& b, Vec3 p) {
  return b.min.x <= p.x && p.x <= b.max.x && b.min.y <= p.y && p.y <= b.max.y && b.min.z <= p.z && p.z <= b.max.z;
}
bool holds(const Obb& b, Vec3 p) {
  const Vec3 local = abs(transposeTimes(b.rotation, p - b.center));
  return local.x <= b.halfSize.x && local.y <= b.halfSize.y && local.z <= b.halfSize.z;
}
bool holds(const Cylinder& c, Vec3 p) {
  const Vec3 e = c.end - c.start, w = p - c.start;
  return 0 <= dot(w, e) && dot(w, e) <= dot(e, e) && lengthSquared(cross(w, e)) <= c.radius * c.radius * dot(e, e);
}
bool onSegment(Vec3 p, Vec3 s0, Vec3 s1) {
  const Vec3 e = s1 - s0, w = p - s0;
  return isZero(cross(w, e)) && 0 <= dot(w, e) && dot(w, e) <= dot(e, e) && (!isZero(e) || p == s0);
}
// In the triangle's plane and on the inner side of its three edges; a zero-area one is the segment of its longest
// edge.
bool holds(const Triangle& t, Vec3 p) {
  const Vec3 n = faceNormal(t);
  if (isZero(n)) {
    const Vec3 v[3] = {t.a, t.b, t.c};
    int from = 0;
    for (int i = 1; i < 3; ++i) {
      if (lengthSquared(v[(i + 1) % 3] - v[i]) > lengthSquared(v[(from + 1) % 3] - v[from])) from = i;
    }
    return onSegment(p, v[from], v[(from + 1) % 3]);
  }
  return dot(p - t.a, n) == 0 && dot(cross(t.b - t.a, p - t.a), n) >= 0 && dot(cross(t.c - t.b, p - t.b), n) >= 0 &&
         dot(cross(t.a - t.c, p - t.c), n) >= 0;
}

// README: a zero-length segment is a point. Against every raycast target, on the grid where the definitions above
// are exact, it meets (and raycast hits) exactly the targets that hold its point.
template <class Target>
void expectZeroLengthSegmentIsItsPoint(ShapeGenerator& generator) {
  const IntersectsFn intersects = intersectsTable().at(ShapeType::Segment, Target::kType);
  const RaycastFn raycast = raycastTable().at(ShapeType::Segment, Target::kType);
  ASSERT_NE(intersects, nullptr);
  ASSERT_NE(raycast, nullptr);
  Tally tally(entryName("zero-length segment as a point", int(ShapeType::Segment), int(Target::kType)));
  for (int trial = 0; trial < kTrials; ++trial) {
    const auto [point, target] = generator.pair(ShapeType::Point, Target::kType);
    const Vec3 p = typed<Point>(point).position;
    const Encoded segment = encoded(Segment{p, p});
    const bool expected = holds(typed<Target>(target), p);
    const bool meets = intersects(segment.get(), target.get());
    const auto hit = raycast(segment.get(), target.get(), {});
    tally.expect(meets == expected && hit.has_value() == expected, [&] {
      return describe(segment, target) + ": holds the point " + text(expected) + ", intersects " + text(meets) +
             ", raycast " + text(hit);
    });
  }
  EXPECT_TRUE(tally.verdict());
}

TEST(Agreement, ZeroLengthSegmentMeetsExactlyWhatHoldsItsPoint) {
  ShapeGenerator generator(461, true);
  expectZeroLengthSegmentIsItsPoint<Plane>(generator);
  expectZeroLengthSegmentIsItsPoint<Triangle>(generator);
  expectZeroLengthSegmentIsItsPoint<Sphere>(generator);
  expectZeroLengthSegmentIsItsPoint<Aabb>(generator);
  expectZeroLengthSegmentIsItsPoint<Obb>(generator);
  expectZeroLengthSegmentIsItsPoint<Cylinder>(generator);
}

// ---- (4) plane-sphere against brute force ----

// The center's distance from the plane as its distance to the foot point c - n (n.c + d) / |n|^2, in long double;
// inputs within 1e-9 of tangency are skipped as too close to call.
TEST(BruteForce, PlaneSphereMatchesDistanceToTheFootPoint) {
  ShapeGenerator generator(501, false);
  const IntersectsFn planeSphere = intersectsTable().at(ShapeType::Plane, ShapeType::Sphere);
  const IntersectsFn spherePlane = intersectsTable().at(ShapeType::Sphere, ShapeType::Plane);
  Tally tally("intersects(plane, sphere) vs brute force");
  for (int trial = 0; trial < 20 * kTrials; ++trial) {
    const auto [p, s] = generator.pair(ShapeType::Plane, ShapeType::Sphere);
    const Plane plane = typed<Plane>(p);
    const Sphere sphere = typed<Sphere>(s);
    const long double n[3] = {plane.normal.x, plane.normal.y, plane.normal.z};
    const long double c[3] = {sphere.center.x, sphere.center.y, sphere.center.z};
    const long double value = n[0] * c[0] + n[1] * c[1] + n[2] * c[2] + plane.constant;
    const long double nn = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
    long double squared = 0;
    for (int i = 0; i < 3; ++i) {
      const long double foot = c[i] - n[i] * value / nn;
      squared += (c[i] - foot) * (c[i] - foot);
    }
    const long double distance = std::sqrt(squared);
    if (std::fabs(distance - sphere.radius) <= 1e-9L) continue;
    const bool expected = distance <= sphere.radius;
    const bool forward = planeSphere(p.get(), s.get()), backward = spherePlane(s.get(), p.get());
    tally.expect(forward == expected && backward == expected, [&] {
      return describe(p, s) + ": expected " + text(expected) + ", got " + text(forward) + " and " + text(backward);
    });
  }
  EXPECT_TRUE(tally.verdict());
}

// Normals with integer length (Pythagorean quadruples): a sphere centered k normals away from a point of the plane,
// with radius |k| |n|, touches it exactly; a quarter less misses.
TEST(BruteForce, PlaneSphereTangentWithPythagoreanNormals) {
  const Vec3 normals[] = {{3, 4, 12}, {1, 2, 2}, {2, 3, 6}, {0, 3, 4}, {1, 4, 8}, {4, 4, 7}, {2, 6, 9}, {6, 6, 7}};
  const IntersectsFn intersects = intersectsTable().at(ShapeType::Plane, ShapeType::Sphere);
  const IntersectionFn intersection = intersectionTable().at(ShapeType::Plane, ShapeType::Sphere);
  testing::Random random(502);
  for (int trial = 0; trial < kTrials; ++trial) {
    const Vec3 n = random.signedPermutation() * normals[random.integer(0, 7)];
    const Vec3 onPlane = random.integerVector(-10, 10);
    const Encoded plane = encoded(Plane{n, -dot(n, onPlane)});
    const double k = random.integer(-3, 3);
    const double touching = std::fabs(k) * length(n);
    const Encoded tangent = encoded(Sphere{onPlane + n * k, touching});
    ASSERT_TRUE(intersects(plane.get(), tangent.get())) << describe(plane, tangent);
    ASSERT_TRUE(intersection(plane.get(), tangent.get()).has_value()) << describe(plane, tangent);
    if (k == 0) continue;
    const Encoded apart = encoded(Sphere{onPlane + n * k, touching - 0.25});
    ASSERT_FALSE(intersects(plane.get(), apart.get())) << describe(plane, apart);
    ASSERT_FALSE(intersection(plane.get(), apart.get()).has_value()) << describe(plane, apart);
  }
}

// Ground truth by construction: triangles sharing a vertex or an edge share a point, and a ray starting at a vertex or
// a segment ending at one touches the triangle there. README: touching counts as intersecting, in either order.
TEST(BruteForce, TouchingAtATriangleVertexCounts) {
  testing::Random random(503);
  const int triangle = int(ShapeType::Triangle), ray = int(ShapeType::Ray), segment = int(ShapeType::Segment);
  const IntersectsFn triangles = intersectsTable().entry[triangle][triangle];
  Tally sharedVertex("intersects(triangle, triangle) sharing a vertex");
  Tally sharedEdge("intersects(triangle, triangle) sharing an edge");
  Tally rayFromVertex("raycast(ray, triangle) from a vertex");
  Tally segmentToVertex("raycast(segment, triangle) ending at a vertex");
  for (int trial = 0; trial < 4 * kTrials; ++trial) {
    const Triangle t{random.vector(-5, 5), random.vector(-5, 5), random.vector(-5, 5)};
    const Vec3 v = vertex(t, trial % 3), w = vertex(t, (trial + 1) % 3);
    const Encoded first = encoded(t);
    const Encoded byVertex = encoded(Triangle{random.vector(-5, 5), v, random.vector(-5, 5)});
    const Encoded byEdge = encoded(Triangle{w, random.vector(-5, 5), v});
    for (const auto& [other, tally] : {std::pair{&byVertex, &sharedVertex}, std::pair{&byEdge, &sharedEdge}}) {
      const bool forward = triangles(first.get(), other->get()), backward = triangles(other->get(), first.get());
      tally->expect(forward && backward,
                    [&] { return describe(first, *other) + ": " + text(forward) + " and " + text(backward); });
    }
    const Encoded fromVertex = encoded(Ray{v, random.vector(-1, 1)});
    const auto rayHit = raycastTable().entry[ray][triangle](fromVertex.get(), first.get(), {});
    rayFromVertex.expect(rayHit && rayHit->t <= 1e-12,
                         [&] { return describe(fromVertex, first) + ": " + text(rayHit); });
    const Encoded toVertex = encoded(Segment{random.vector(-5, 5), v});
    const auto segmentHit = raycastTable().entry[segment][triangle](toVertex.get(), first.get(), {});
    segmentToVertex.expect(segmentHit.has_value(), [&] { return describe(toVertex, first) + ": " + text(segmentHit); });
  }
  EXPECT_TRUE(sharedVertex.verdict());
  EXPECT_TRUE(sharedEdge.verdict());
  EXPECT_TRUE(rayFromVertex.verdict());
  EXPECT_TRUE(segmentToVertex.verdict());
}

}  // namespace
}  // namespace c3d
