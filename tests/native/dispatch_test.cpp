// The dispatch layer: every table entry runs on valid random shapes (degenerate ones included) and returns
// well-formed results; the symmetric tables are filled in both orders, raycast rows are exactly the casters and
// classify's the plane; each shape type's name and encoded schema; encode/decode round trips; validateEncoded's
// exact field and message for every class of invalid shape, and its acceptance of degenerate but valid ones; and
// formatNumber spelling numbers as JavaScript's String() does.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <new>
#include <string>

#include "collide3d/dispatch/shape_visit.h"
#include "collide3d/dispatch/tables.h"
#include "random_convex.h"
#include "test_support.h"

namespace c3d {
namespace {

template <class Shape>
using Tag = ShapeTag<Shape>;

ShapeType typeAt(int index) { return static_cast<ShapeType>(index); }

std::string pairName(int a, int b) { return std::string(shapeName(typeAt(a))) + "-" + shapeName(typeAt(b)); }

using testing::Buffer;


Mat3 fromColumns(Vec3 x, Vec3 y, Vec3 z) {
  Mat3 r;
  const Vec3 columns[3] = {x, y, z};
  for (int i = 0; i < 3; ++i) r.m[3 * i] = columns[i].x, r.m[3 * i + 1] = columns[i].y, r.m[3 * i + 2] = columns[i].z;
  return r;
}

// Random valid shapes of every type; about one in six is degenerate (zero radius or size, zero-length segment or
// capsule axis, zero-area triangle; a convex hull of a point, a segment or flat).
class RandomShapes {
 public:
  explicit RandomShapes(unsigned seed) : random_(seed) {}

  Buffer make(ShapeType type) {
    return withShapeType(type, [&](auto tag) { return encodedBuffer(make(tag)); });
  }
  Vec3 vector() { return random_.vector(-3, 3); }

 private:
  bool degenerate() { return random_.integer(0, 5) == 0; }
  Vec3 position() { return random_.vector(-5, 5); }
  double size() { return degenerate() ? 0 : random_.uniform(0, 3); }
  Vec3 sizes() { return {size(), size(), size()}; }
  Vec3 direction() {
    Vec3 d;
    while (isZero(d)) d = random_.vector(-1, 1);
    return d;
  }

  Point make(Tag<Point>) { return {position()}; }
  Ray make(Tag<Ray>) { return {position(), direction()}; }
  Line make(Tag<Line>) { return {position(), direction()}; }
  Segment make(Tag<Segment>) {
    const Vec3 start = position();
    return {start, degenerate() ? start : position()};
  }
  Plane make(Tag<Plane>) { return {direction(), random_.uniform(-5, 5)}; }
  Triangle make(Tag<Triangle>) {
    const Vec3 a = position(), b = position();
    return {a, b, degenerate() ? a + (b - a) * 0.5 : position()};
  }
  Sphere make(Tag<Sphere>) { return {position(), size()}; }
  Ellipsoid make(Tag<Ellipsoid>) { return {position(), sizes(), random_.rotation()}; }
  Aabb make(Tag<Aabb>) {
    const Vec3 min = position();
    return {min, min + sizes()};
  }
  Obb make(Tag<Obb>) { return {position(), sizes(), random_.rotation()}; }
  Cylinder make(Tag<Cylinder>) {
    const Vec3 start = position();
    return {start, start + direction() * 3.0, size()};
  }
  Capsule make(Tag<Capsule>) {
    const Vec3 start = position();
    return {start, degenerate() ? start : position(), size()};
  }
  Cone make(Tag<Cone>) {
    const Vec3 base = position();
    return {base, base + direction() * 3.0, size()};
  }
  Convex make(Tag<Convex>) {
    const Vec3 center = position();
    return hulls_.make(testing::hullPoints(random_, [&] { return center + random_.vector(-2, 2); }));
  }
  // Six inward planes around a center, each at its own distance.
  Frustum make(Tag<Frustum>) {
    Frustum f;
    const Vec3 center = position();
    const Mat3 frame = random_.rotation();
    for (int i = 0; i < 6; ++i) {
      const Vec3 n = frame.column(i / 2) * (i % 2 == 0 ? 1.0 : -1.0) + random_.vector(-0.3, 0.3);
      f.planes[i] = {n, random_.uniform(0.5, 3) * length(n) - dot(n, center)};
    }
    return f;
  }

  testing::Random random_;
  testing::HullRing hulls_;
};

bool finite(Vec3 v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
bool unit(Vec3 v) { return std::fabs(length(v) - 1) <= 1e-12; }

constexpr int kTrials = 300;

// ---- the tables ----

TEST(DispatchTables, RandomShapesAreValid) {
  RandomShapes shapes(1);
  for (int type = 0; type < kShapeTypeCount; ++type) {
    for (int trial = 0; trial < kTrials; ++trial) {
      const Buffer shape = shapes.make(typeAt(type));
      Problem problem;
      ASSERT_TRUE(validateEncoded(typeAt(type), shape.data(), problem))
          << shapeName(typeAt(type)) << ": " << problem.field.text << " " << problem.message.text;
    }
  }
}

// Queries are pure functions: the same arguments give the same answer.
TEST(DispatchTables, EveryIntersectsEntryRunsAndIsDeterministic) {
  RandomShapes shapes(2);
  int entries = 0;
  for (int a = 0; a < kShapeTypeCount; ++a) {
    for (int b = 0; b < kShapeTypeCount; ++b) {
      const IntersectsFn fn = intersectsTable().entry[a][b];
      if (!fn) continue;
      ++entries;
      for (int trial = 0; trial < kTrials; ++trial) {
        const Buffer x = shapes.make(typeAt(a)), y = shapes.make(typeAt(b));
        EXPECT_EQ(fn(x.data(), y.data()), fn(x.data(), y.data())) << pairName(a, b);
      }
    }
  }
  EXPECT_GT(entries, 0);
}

// Raycast t is the caster's own parameter: within its range and below maxDistance; the normal is unit.
TEST(DispatchTables, EveryRaycastEntryRunsAndHitsWithinTheCastersRange) {
  RandomShapes shapes(3);
  const RaycastOptions variants[] = {{}, {2.0, false, true}, {kInfinity, true, true}, {kInfinity, false, false}};
  for (int a = 0; a < kShapeTypeCount; ++a) {
    for (int b = 0; b < kShapeTypeCount; ++b) {
      const RaycastFn fn = raycastTable().entry[a][b];
      if (!fn) continue;
      const double tMin = typeAt(a) == ShapeType::Line ? -kInfinity : 0;
      const double tMax = typeAt(a) == ShapeType::Segment ? 1 : kInfinity;
      for (int trial = 0; trial < kTrials; ++trial) {
        const Buffer caster = shapes.make(typeAt(a)), target = shapes.make(typeAt(b));
        for (const RaycastOptions& options : variants) {
          const auto hit = fn(caster.data(), target.data(), options);
          if (!hit) continue;
          EXPECT_TRUE(std::isfinite(hit->t)) << pairName(a, b);
          EXPECT_GE(hit->t, tMin) << pairName(a, b);
          EXPECT_LE(hit->t, std::min(tMax, options.maxDistance)) << pairName(a, b);
          EXPECT_TRUE(finite(hit->point) && unit(hit->normal)) << pairName(a, b);
        }
      }
    }
  }
}

TEST(DispatchTables, EveryClassifyEntryRunsAndReturnsASide) {
  RandomShapes shapes(4);
  for (int a = 0; a < kShapeTypeCount; ++a) {
    for (int b = 0; b < kShapeTypeCount; ++b) {
      const ClassifyFn fn = classifyTable().entry[a][b];
      if (!fn) continue;
      for (int trial = 0; trial < kTrials; ++trial) {
        const Buffer plane = shapes.make(typeAt(a)), shape = shapes.make(typeAt(b));
        for (double epsilon : {0.0, 0.5}) {
          const Side side = fn(plane.data(), shape.data(), {epsilon});
          EXPECT_TRUE(side == Side::Front || side == Side::Back || side == Side::Intersecting) << pairName(a, b);
        }
      }
    }
  }
}

TEST(DispatchTables, EveryIntersectionEntryRunsAndReturnsAWellFormedSet) {
  RandomShapes shapes(5);
  using Kind = IntersectionSet::Kind;
  for (int a = 0; a < kShapeTypeCount; ++a) {
    for (int b = 0; b < kShapeTypeCount; ++b) {
      const IntersectionFn fn = intersectionTable().entry[a][b];
      if (!fn) continue;
      for (int trial = 0; trial < kTrials; ++trial) {
        const auto set = fn(shapes.make(typeAt(a)).data(), shapes.make(typeAt(b)).data());
        if (!set) continue;
        switch (set->kind) {
          case Kind::Point: EXPECT_TRUE(finite(set->p0)) << pairName(a, b); break;
          case Kind::Segment:
          case Kind::Line: EXPECT_TRUE(finite(set->p0) && finite(set->p1)) << pairName(a, b); break;
          case Kind::Circle:
            EXPECT_TRUE(finite(set->p0) && unit(set->normal) && set->radius > 0) << pairName(a, b);
            break;
          case Kind::Polygon:
            EXPECT_TRUE(set->count >= 3 && set->count <= IntersectionSet::kMaxPolygon && unit(set->normal))
                << pairName(a, b);
            for (int k = 0; k < set->count; ++k) EXPECT_TRUE(finite(set->polygon[k])) << pairName(a, b);
            break;
          case Kind::Coplanar: break;
          default: ADD_FAILURE() << pairName(a, b) << ": kind " << int(set->kind);
        }
      }
    }
  }
}

TEST(DispatchTables, EverySweepEntryRunsAndHitsWithinTheMove) {
  RandomShapes shapes(6);
  int entries = 0;
  for (int a = 0; a < kShapeTypeCount; ++a) {
    for (int b = 0; b < kShapeTypeCount; ++b) {
      const SweepFn fn = sweepTable().entry[a][b];
      if (!fn) continue;
      ++entries;
      for (int trial = 0; trial < kTrials; ++trial) {
        const auto hit = fn(shapes.make(typeAt(a)).data(), shapes.vector() * 3.0, shapes.make(typeAt(b)).data());
        if (!hit) continue;
        EXPECT_TRUE(hit->t >= 0 && hit->t <= 1) << pairName(a, b) << ": t " << hit->t;
        EXPECT_TRUE(finite(hit->point) && unit(hit->normal)) << pairName(a, b);
      }
    }
  }
  EXPECT_GT(entries, 0);
}

TEST(DispatchTables, EveryClosestPointsAndContactEntryRunsConsistently) {
  RandomShapes shapes(7);
  int entries = 0;
  for (int a = 0; a < kShapeTypeCount; ++a) {
    for (int b = 0; b < kShapeTypeCount; ++b) {
      const ClosestPointsFn closest = closestPointsTable().entry[a][b];
      const ContactFn contact = contactTable().entry[a][b];
      if (closest) ++entries;
      if (contact) ++entries;
      for (int trial = 0; trial < kTrials && (closest || contact); ++trial) {
        const auto first = shapes.make(typeAt(a)), second = shapes.make(typeAt(b));
        if (closest) {
          const ClosestPoints c = closest(first.data(), second.data());
          EXPECT_TRUE(finite(c.pointA) && finite(c.pointB) && c.distance >= 0) << pairName(a, b);
          EXPECT_NEAR(length(c.pointB - c.pointA), c.distance, 1e-9 * (1 + c.distance)) << pairName(a, b);
        }
        if (contact) {
          const auto hit = contact(first.data(), second.data());
          if (!hit) continue;
          EXPECT_TRUE(unit(hit->normal) && hit->depth >= 0 && finite(hit->pointA)) << pairName(a, b);
          EXPECT_LE(length(hit->pointA - hit->depth * hit->normal - hit->pointB), 1e-9 * (1 + hit->depth))
              << pairName(a, b);
        }
      }
    }
  }
  EXPECT_GT(entries, 0);
}

template <class Fn>
void expectFilledInBothOrders(const PairTable<Fn>& table, const char* name) {
  for (int a = 0; a < kShapeTypeCount; ++a) {
    for (int b = 0; b < kShapeTypeCount; ++b) {
      EXPECT_EQ(table.entry[a][b] != nullptr, table.entry[b][a] != nullptr) << name << " " << pairName(a, b);
    }
  }
}

TEST(DispatchTables, SymmetricTablesAreFilledInBothOrders) {
  expectFilledInBothOrders(intersectsTable(), "intersects");
  expectFilledInBothOrders(intersectionTable(), "intersection");
  expectFilledInBothOrders(closestPointsTable(), "closestPoints");
  expectFilledInBothOrders(contactTable(), "contact");
  expectFilledInBothOrders(separatingAxisTable(), "separatingAxis");
}

bool rowFilled(const PairTable<RaycastFn>& table, int row) {
  for (int b = 0; b < kShapeTypeCount; ++b) {
    if (table.entry[row][b]) return true;
  }
  return false;
}

TEST(DispatchTables, RaycastRowsAreExactlyTheCasters) {
  const auto& table = raycastTable();
  for (int a = 0; a < kShapeTypeCount; ++a) {
    const ShapeType type = typeAt(a);
    const bool caster = type == ShapeType::Ray || type == ShapeType::Line || type == ShapeType::Segment;
    EXPECT_EQ(rowFilled(table, a), caster) << shapeName(type);
  }
  // Every target is served to all three casters alike, and intersects answers the same pairs.
  const int ray = int(ShapeType::Ray), line = int(ShapeType::Line), segment = int(ShapeType::Segment);
  for (int b = 0; b < kShapeTypeCount; ++b) {
    EXPECT_EQ(table.entry[ray][b] != nullptr, table.entry[line][b] != nullptr) << shapeName(typeAt(b));
    EXPECT_EQ(table.entry[ray][b] != nullptr, table.entry[segment][b] != nullptr) << shapeName(typeAt(b));
    for (int a : {ray, line, segment}) {
      EXPECT_TRUE(!table.entry[a][b] || intersectsTable().entry[a][b]) << pairName(a, b);
    }
  }
}

TEST(DispatchTables, ClassifyHasOnlyThePlaneRow) {
  const int plane = int(ShapeType::Plane);
  int columns = 0;
  for (int a = 0; a < kShapeTypeCount; ++a) {
    for (int b = 0; b < kShapeTypeCount; ++b) {
      EXPECT_TRUE(a == plane || !classifyTable().entry[a][b]) << pairName(a, b);
    }
  }
  // Whatever a plane classifies, intersects answers with the same plane.
  for (int b = 0; b < kShapeTypeCount; ++b) {
    if (!classifyTable().entry[plane][b]) continue;
    ++columns;
    EXPECT_NE(intersectsTable().entry[plane][b], nullptr) << pairName(plane, b);
  }
  EXPECT_GT(columns, 0);
}

// ---- shape types ----

TEST(ShapeTypes, NamesAndSchemas) {
  struct Expected {
    ShapeType type;
    const char* name;
    const char* schema;
  };
  const Expected expected[] = {
      {ShapeType::Point, "point", "position:vec3"},
      {ShapeType::Ray, "ray", "origin:vec3,direction:vec3"},
      {ShapeType::Line, "line", "origin:vec3,direction:vec3"},
      {ShapeType::Segment, "segment", "start:vec3,end:vec3"},
      {ShapeType::Plane, "plane", "normal:vec3,constant:number"},
      {ShapeType::Triangle, "triangle", "a:vec3,b:vec3,c:vec3"},
      {ShapeType::Sphere, "sphere", "center:vec3,radius:number"},
      {ShapeType::Ellipsoid, "ellipsoid", "center:vec3,radii:vec3,rotation:mat3"},
      {ShapeType::Aabb, "aabb", "min:vec3,max:vec3"},
      {ShapeType::Obb, "obb", "center:vec3,halfSize:vec3,rotation:mat3"},
      {ShapeType::Cylinder, "cylinder", "start:vec3,end:vec3,radius:number"},
      {ShapeType::Capsule, "capsule", "start:vec3,end:vec3,radius:number"},
      {ShapeType::Frustum, "frustum", "planes:planes6"},
      {ShapeType::Cone, "cone", "base:vec3,apex:vec3,radius:number"},
      {ShapeType::Convex, "convex", "hull:handle"},
  };
  ASSERT_EQ(std::size(expected), size_t(kShapeTypeCount));
  for (const Expected& e : expected) {
    EXPECT_STREQ(shapeName(e.type), e.name);
    EXPECT_EQ(shapeSchema(e.type), e.schema) << e.name;
  }
}

// The number of doubles a schema describes: vec3 3, number 1, mat3 9, planes6 24.
int schemaSize(const std::string& schema) {
  int size = 0;
  size_t from = 0;
  while (from < schema.size()) {
    const size_t colon = schema.find(':', from), comma = std::min(schema.find(',', from), schema.size());
    const std::string kind = schema.substr(colon + 1, comma - colon - 1);
    const bool one = kind == "number" || kind == "handle";
    size += kind == "vec3" ? 3 : one ? 1 : kind == "mat3" ? 9 : kind == "planes6" ? 24 : 1000;
    from = comma + 1;
  }
  return size;
}

bool same(double a, double b) { return a == b; }
bool same(Vec3 a, Vec3 b) { return a == b; }
bool same(const HullHandle& a, const HullHandle& b) { return a.address == b.address; }
bool same(const Mat3& a, const Mat3& b) { return std::equal(std::begin(a.m), std::end(a.m), std::begin(b.m)); }
bool same(const std::array<Plane, 6>& a, const std::array<Plane, 6>& b) {
  for (int i = 0; i < 6; ++i) {
    if (!same(a[i].normal, b[i].normal) || !same(a[i].constant, b[i].constant)) return false;
  }
  return true;
}

// decode(encode(shape)) gives back every field exactly, and encode writes exactly as many doubles as the schema
// describes (the rest of the buffer keeps its NaN fill).
template <class Shape>
void expectRoundTrip(const Shape& shape) {
  Buffer buffer;
  buffer.fill(std::numeric_limits<double>::quiet_NaN());
  encode(shape, buffer.data());
  const int size = schemaSize(shapeSchema(Shape::kType));
  ASSERT_LE(size, kEncodedShapeSize) << Shape::kName;
  for (int i = 0; i < kEncodedShapeSize; ++i)
    EXPECT_EQ(std::isnan(buffer[i]), i >= size) << Shape::kName << " [" << i << "]";
  const Shape decoded = decode<Shape>(buffer.data());
  Shape::fields([&](const char* field, auto member) {
    EXPECT_TRUE(same(decoded.*member, shape.*member)) << Shape::kName << "." << field;
  });
}

TEST(Encoding, DecodeOfEncodeRoundTripsEveryShape) {
  RandomShapes shapes(7);
  for (int type = 0; type < kShapeTypeCount; ++type) {
    for (int trial = 0; trial < 50; ++trial) {
      const Buffer buffer = shapes.make(typeAt(type));
      withShapeType(typeAt(type),
                    [&](auto tag) { expectRoundTrip(decode<typename decltype(tag)::type>(buffer.data())); });
    }
  }
  // Hand-made values, distinct per field, so a swapped or misplaced field shows.
  expectRoundTrip(Point{{1, 2, 3}});
  expectRoundTrip(Ray{{1, 2, 3}, {4, 5, 6}});
  expectRoundTrip(Line{{-1, -2, -3}, {-4, -5, -6}});
  expectRoundTrip(Segment{{1, 2, 3}, {4, 5, 6}});
  expectRoundTrip(Plane{{1, 2, 3}, 4});
  expectRoundTrip(Triangle{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}});
  expectRoundTrip(Sphere{{1, 2, 3}, 4});
  expectRoundTrip(Ellipsoid{{1, 2, 3}, {4, 5, 6}, fromColumns({0, 1, 0}, {-1, 0, 0}, {0, 0, 1})});
  expectRoundTrip(Aabb{{1, 2, 3}, {4, 5, 6}});
  expectRoundTrip(Obb{{1, 2, 3}, {4, 5, 6}, fromColumns({0, 0, 1}, {1, 0, 0}, {0, 1, 0})});
  expectRoundTrip(Cylinder{{1, 2, 3}, {4, 5, 6}, 7});
  expectRoundTrip(Capsule{{1, 2, 3}, {4, 5, 6}, 7});
  expectRoundTrip(Cone{{1, 2, 3}, {4, 5, 6}, 7});
  expectRoundTrip(Convex{{0x1p52 + 1}});  // an address: exact as far as doubles count integers
  Frustum frustum;
  for (int i = 0; i < 6; ++i) frustum.planes[i] = {{4.0 * i, 4.0 * i + 1, 4.0 * i + 2}, 4.0 * i + 3};
  expectRoundTrip(frustum);
}

TEST(Encoding, FieldsAreLaidOutInSchemaOrder) {
  const Buffer obb = encodedBuffer(Obb{{1, 2, 3}, {4, 5, 6}, fromColumns({0, 0, 1}, {1, 0, 0}, {0, 1, 0})});
  const double expected[15] = {1, 2, 3, 4, 5, 6, 0, 0, 1, 1, 0, 0, 0, 1, 0};
  for (int i = 0; i < 15; ++i) EXPECT_EQ(obb[i], expected[i]) << i;
  Frustum frustum;
  for (int i = 0; i < 6; ++i) frustum.planes[i] = {{4.0 * i, 4.0 * i + 1, 4.0 * i + 2}, 4.0 * i + 3};
  const Buffer planes = encodedBuffer(frustum);
  for (int i = 0; i < 24; ++i) EXPECT_EQ(planes[i], i);
}

// ---- validation ----

template <class Shape>
::testing::AssertionResult rejected(const Shape& shape, const char* field, const char* message) {
  const Buffer buffer = encodedBuffer(shape);
  Problem problem;
  if (validateEncoded(Shape::kType, buffer.data(), problem)) {
    return ::testing::AssertionFailure() << Shape::kName << " accepted";
  }
  if (std::strcmp(problem.field.text, field) != 0 || std::strcmp(problem.message.text, message) != 0) {
    return ::testing::AssertionFailure() << Shape::kName << " rejected with \"" << problem.field.text << "\" / \""
                                         << problem.message.text << "\"";
  }
  return ::testing::AssertionSuccess();
}

template <class Shape>
::testing::AssertionResult accepted(const Shape& shape) {
  const Buffer buffer = encodedBuffer(shape);
  Problem problem;
  if (validateEncoded(Shape::kType, buffer.data(), problem)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << Shape::kName << " rejected with \"" << problem.field.text << "\" / \""
                                       << problem.message.text << "\"";
}

std::string formattedAddress(double address) {
  char text[kNumberChars];
  formatNumber(address, text, sizeof text);
  return text;
}

TEST(Validation, NegativeRadius) {
  EXPECT_TRUE(rejected(Sphere{{0, 0, 0}, -1}, "radius", "must be >= 0 (got -1)"));
  EXPECT_TRUE(rejected(Sphere{{0, 0, 0}, -0.5}, "radius", "must be >= 0 (got -0.5)"));
  EXPECT_TRUE(rejected(Sphere{{0, 0, 0}, -1e-7}, "radius", "must be >= 0 (got -1e-7)"));
  EXPECT_TRUE(rejected(Capsule{{0, 0, 0}, {1, 0, 0}, -1}, "radius", "must be >= 0 (got -1)"));
  EXPECT_TRUE(rejected(Cylinder{{0, 0, 0}, {1, 0, 0}, -1}, "radius", "must be >= 0 (got -1)"));
}

TEST(Validation, ZeroDirectionOrNormal) {
  EXPECT_TRUE(rejected(Ray{{1, 2, 3}, {0, 0, 0}}, "direction", "must be non-zero (got {x: 0, y: 0, z: 0})"));
  EXPECT_TRUE(rejected(Line{{1, 2, 3}, {0, 0, 0}}, "direction", "must be non-zero (got {x: 0, y: 0, z: 0})"));
  EXPECT_TRUE(rejected(Plane{{0, 0, 0}, 5}, "normal", "must be non-zero (got {x: 0, y: 0, z: 0})"));
}

TEST(Validation, AabbMinAboveMaxOnEachAxis) {
  EXPECT_TRUE(rejected(Aabb{{2, 0, 0}, {1, 1, 1}}, "min.x", "must be <= max.x = 1 (got 2)"));
  EXPECT_TRUE(rejected(Aabb{{0, 5, 0}, {1, 1, 1}}, "min.y", "must be <= max.y = 1 (got 5)"));
  EXPECT_TRUE(rejected(Aabb{{0, 0, 1.5}, {1, 1, 1}}, "min.z", "must be <= max.z = 1 (got 1.5)"));
  EXPECT_TRUE(rejected(Aabb{{0, 0, 0}, {-0.25, -1, -1}}, "min.x", "must be <= max.x = -0.25 (got 0)"));
}

TEST(Validation, RotationNotOrthonormal) {
  const Mat3 zero = fromColumns({0, 0, 0}, {0, 0, 0}, {0, 0, 0});                // columns of length 0: off by 1
  const Mat3 doubled = fromColumns({2, 0, 0}, {0, 2, 0}, {0, 0, 2});             // |column|^2 = 4: off by 3
  const Mat3 sheared = fromColumns({1, 0, 0}, {0.0009765625, 1, 0}, {0, 0, 1});  // columns 0, 1 at dot 2^-10
  const char* field = "rotation";
  EXPECT_TRUE(
      rejected(Obb{{0, 0, 0}, {1, 1, 1}, zero}, field, "must be orthonormal within 1e-6 (got columns off by 1)"));
  EXPECT_TRUE(
      rejected(Obb{{0, 0, 0}, {1, 1, 1}, doubled}, field, "must be orthonormal within 1e-6 (got columns off by 3)"));
  EXPECT_TRUE(rejected(Obb{{0, 0, 0}, {1, 1, 1}, sheared}, field,
                       "must be orthonormal within 1e-6 (got columns off by 0.0009765625)"));
  EXPECT_TRUE(
      rejected(Ellipsoid{{0, 0, 0}, {1, 1, 1}, zero}, field, "must be orthonormal within 1e-6 (got columns off by 1)"));
  EXPECT_TRUE(rejected(Ellipsoid{{0, 0, 0}, {1, 1, 1}, doubled}, field,
                       "must be orthonormal within 1e-6 (got columns off by 3)"));
}

TEST(Validation, RotationWithinToleranceIsAccepted) {
  testing::Random random(8);
  for (int trial = 0; trial < 100; ++trial) {
    Mat3 r = random.rotation();
    EXPECT_TRUE(accepted(Obb{{0, 0, 0}, {1, 1, 1}, r}));
    r.m[trial % 9] += 1e-7;  // moves a dot product by about 1e-7
    EXPECT_TRUE(accepted(Ellipsoid{{0, 0, 0}, {1, 1, 1}, r}));
  }
}

TEST(Validation, NegativeSizeComponents) {
  EXPECT_TRUE(rejected(Obb{{0, 0, 0}, {1, -2, 1}, {}}, "halfSize.y", "must be >= 0 (got -2)"));
  EXPECT_TRUE(rejected(Obb{{0, 0, 0}, {-1, 1, 1}, {}}, "halfSize.x", "must be >= 0 (got -1)"));
  EXPECT_TRUE(rejected(Ellipsoid{{0, 0, 0}, {1, 1, -0.5}, {}}, "radii.z", "must be >= 0 (got -0.5)"));
  EXPECT_TRUE(rejected(Ellipsoid{{0, 0, 0}, {-3, 1, 1}, {}}, "radii.x", "must be >= 0 (got -3)"));
}

TEST(Validation, CylinderStartEqualToEnd) {
  EXPECT_TRUE(rejected(Cylinder{{1, 2, 3}, {1, 2, 3}, 1}, "end", "must differ from start (got {x: 1, y: 2, z: 3})"));
  EXPECT_TRUE(rejected(Cylinder{{1, 2, 3}, {1, 2, 3}, 0}, "end", "must differ from start (got {x: 1, y: 2, z: 3})"));
}

TEST(Validation, FrustumPlaneWithZeroNormal) {
  Frustum frustum;
  for (int i = 0; i < 6; ++i) frustum.planes[i] = {{0, 0, 1}, 1};
  EXPECT_TRUE(accepted(frustum));
  frustum.planes[3].normal = {0, 0, 0};
  EXPECT_TRUE(rejected(frustum, "planes[3].normal", "must be non-zero (got {x: 0, y: 0, z: 0})"));
  frustum.planes[0].normal = {0, 0, 0};
  EXPECT_TRUE(rejected(frustum, "planes[0].normal", "must be non-zero (got {x: 0, y: 0, z: 0})"));
}

// A convex shape names a live hull or nothing: any other number, a freed hull's address among them, is refused
// before a query could read through it.
TEST(Validation, ConvexNamesALiveHull) {
  const double xyz[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  const ConvexHull* made = nullptr;
  ASSERT_EQ(hull_registry::create(xyz, 4, made), HullStatus::Ok);
  const auto address = static_cast<double>(reinterpret_cast<std::uintptr_t>(made));
  EXPECT_TRUE(accepted(Convex{{address}}));
  const char* rule = "must be the address of a live convex hull";
  const auto refusal = [&](double got) { return std::string(rule) + " (got " + formattedAddress(got) + ")"; };
  EXPECT_TRUE(rejected(Convex{{address + 8}}, "hull", refusal(address + 8).c_str()));
  EXPECT_TRUE(rejected(Convex{{address + 0.5}}, "hull", refusal(address + 0.5).c_str()));
  EXPECT_TRUE(rejected(Convex{{0}}, "hull", "must be the address of a live convex hull (got 0)"));
  EXPECT_TRUE(rejected(Convex{{-1}}, "hull", "must be the address of a live convex hull (got -1)"));
  EXPECT_TRUE(rejected(Convex{{kInfinity}}, "hull", (std::string(kRangeRule) + " (got Infinity)").c_str()));
  EXPECT_TRUE(hull_registry::destroy(made));
  EXPECT_FALSE(hull_registry::destroy(made));  // only once
  EXPECT_TRUE(rejected(Convex{{address}}, "hull", refusal(address).c_str()));
}

// A Text writes only within itself, whatever other capacities are in use (clang 14 once zeroed 160 bytes for a
// Text<48>: the string-literal initializer sized by another instantiation).
TEST(Validation, TextStaysWithinItsCapacity) {
  constexpr unsigned char kUntouched = 0xA5;
  alignas(Text<48>) unsigned char storage[sizeof(Text<48>) + sizeof(Text<160>)];
  std::memset(storage, kUntouched, sizeof storage);
  const auto* text = new (storage) Text<48>();
  EXPECT_STREQ(text->text, "");
  for (size_t k = sizeof(Text<48>); k < sizeof storage; ++k) ASSERT_EQ(storage[k], kUntouched) << "byte " << k;
  Problem problem;
  EXPECT_FALSE(validate(Frustum{}, problem));  // every plane's normal zero
  EXPECT_STREQ(problem.field.text, "planes[0].normal");
}

TEST(Validation, DegenerateButValidShapesAreAccepted) {
  EXPECT_TRUE(accepted(Sphere{{1, 2, 3}, 0}));
  EXPECT_TRUE(accepted(Aabb{{1, 2, 3}, {1, 2, 3}}));
  EXPECT_TRUE(accepted(Aabb{{1, 2, 3}, {1, 5, 3}}));
  EXPECT_TRUE(accepted(Segment{{1, 2, 3}, {1, 2, 3}}));
  EXPECT_TRUE(accepted(Capsule{{1, 2, 3}, {1, 2, 3}, 2}));
  EXPECT_TRUE(accepted(Capsule{{1, 2, 3}, {1, 2, 3}, 0}));
  EXPECT_TRUE(accepted(Triangle{{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}));
  EXPECT_TRUE(accepted(Triangle{{1, 2, 3}, {1, 2, 3}, {1, 2, 3}}));
  EXPECT_TRUE(accepted(Cylinder{{0, 0, 0}, {0, 0, 1}, 0}));
  EXPECT_TRUE(accepted(Ellipsoid{{0, 0, 0}, {2, 0, 1}, {}}));
  EXPECT_TRUE(accepted(Ellipsoid{{0, 0, 0}, {0, 0, 0}, {}}));
  EXPECT_TRUE(accepted(Obb{{0, 0, 0}, {0, 0, 0}, {}}));
  EXPECT_TRUE(accepted(Point{{0, 0, 0}}));
  EXPECT_TRUE(accepted(Ray{{0, 0, 0}, {0, 0, 0x1p-126}}));  // the smallest direction within the numbers' range
}

// ---- formatNumber ----

std::string formatted(double value) {
  char text[32];
  formatNumber(value, text, sizeof text);
  return text;
}

TEST(FormatNumber, RendersLikeJavaScriptString) {
  EXPECT_EQ(formatted(-1), "-1");
  EXPECT_EQ(formatted(0), "0");
  EXPECT_EQ(formatted(0.1), "0.1");
  EXPECT_EQ(formatted(1e-7), "1e-7");
  EXPECT_EQ(formatted(1.5e-7), "1.5e-7");
  EXPECT_EQ(formatted(1e21), "1e+21");
  EXPECT_EQ(formatted(1.25e22), "1.25e+22");
  EXPECT_EQ(formatted(123.5), "123.5");
  EXPECT_EQ(formatted(1.0 / 3), "0.3333333333333333");
  EXPECT_EQ(formatted(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(formatted(12345678), "12345678");
  EXPECT_EQ(formatted(0.0001), "0.0001");
  EXPECT_EQ(formatted(5e-324), "5e-324");
  EXPECT_EQ(formatted(1.7976931348623157e308), "1.7976931348623157e+308");
}

// JavaScript switches to exponent notation only below 1e-6 and from 1e21 up; printf's %g does so from 1e-5 down and
// as soon as the exponent reaches the precision it was given.
TEST(FormatNumber, PlainNotationFromOneMillionthToBelow1e21) {
  EXPECT_EQ(formatted(100), "100");
  EXPECT_EQ(formatted(-100), "-100");
  EXPECT_EQ(formatted(1e7), "10000000");
  EXPECT_EQ(formatted(1e20), "100000000000000000000");
  EXPECT_EQ(formatted(1.5e6), "1500000");
  EXPECT_EQ(formatted(0.00001), "0.00001");
  EXPECT_EQ(formatted(2e-6), "0.000002");
  EXPECT_EQ(formatted(1e-6), "0.000001");
}

TEST(FormatNumber, NegativeZeroAndNonFiniteValues) {
  EXPECT_EQ(formatted(-0.0), "0");
  EXPECT_EQ(formatted(std::numeric_limits<double>::infinity()), "Infinity");
  EXPECT_EQ(formatted(-std::numeric_limits<double>::infinity()), "-Infinity");
  EXPECT_EQ(formatted(std::numeric_limits<double>::quiet_NaN()), "NaN");
}

// What a user sees: validation messages spell values the way the JavaScript caller wrote them.
TEST(FormatNumber, ValidationMessagesUseJavaScriptSpelling) {
  EXPECT_TRUE(rejected(Sphere{{0, 0, 0}, -100}, "radius", "must be >= 0 (got -100)"));
  EXPECT_TRUE(rejected(Aabb{{2000, 0, 0}, {1000, 1, 1}}, "min.x", "must be <= max.x = 1000 (got 2000)"));
  EXPECT_TRUE(rejected(Ray{{0, 0, 0}, {0, 0, 0}}, "direction", "must be non-zero (got {x: 0, y: 0, z: 0})"));
}

}  // namespace
}  // namespace c3d
