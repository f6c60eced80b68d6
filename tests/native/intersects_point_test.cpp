// A point against a triangle, an AABB, an OBB and a capped cylinder (intersects_caster_shape.h's intersectsAsPoint),
// and a frustum against a triangle, against references in GMP rationals by the shapes' definitions: the point in
// the triangle's plane and on the inner side of every edge (or on the segment of a degenerate one); within the box's
// slabs; within the parallelepiped's half-spaces; between the cylinder's caps and within its radius; and the
// triangle wholly behind one of the frustum's planes. Integer inputs make touching common: points on faces, edges,
// corners and caps. Both argument orders go through the table.
#include <algorithm>

#include "collide3d/dispatch/encoded.h"
#include "collide3d/dispatch/tables.h"
#include "exact_reference.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::Q3;
using testing::Random;
using testing::crossQ;
using testing::dotQ;
using testing::q;

template <class A, class B>
bool meets(const A& a, const B& b) {
  const auto x = encodedBuffer(a), y = encodedBuffer(b);
  const bool answer = intersectsTable().at(A::kType, B::kType)(x.data(), y.data());
  EXPECT_EQ(intersectsTable().at(B::kType, A::kType)(y.data(), x.data()), answer);
  return answer;
}

// p on the closed segment ab (a point when a == b).
bool onSegment(const Q3& p, const Q3& a, const Q3& b) {
  const Q3 e = b - a, w = p - a;
  if (testing::isZeroQ(e)) return testing::isZeroQ(w);
  if (!testing::isZeroQ(crossQ(e, w))) return false;
  const mpq_class t = dotQ(w, e);
  return t >= 0 && t <= dotQ(e, e);
}

bool referenceIn(Vec3 point, const Triangle& t) {
  const Q3 p = q(point), a = q(t.a), b = q(t.b), c = q(t.c);
  const Q3 n = crossQ(b - a, c - a);
  if (testing::isZeroQ(n)) return onSegment(p, a, b) || onSegment(p, b, c) || onSegment(p, c, a);
  return dotQ(n, p - a) == 0 && dotQ(crossQ(b - a, p - a), n) >= 0 && dotQ(crossQ(c - b, p - b), n) >= 0 &&
         dotQ(crossQ(a - c, p - c), n) >= 0;
}

bool referenceIn(Vec3 p, const Aabb& box) {
  for (int i = 0; i < 3; ++i) {
    if (component(p, i) < component(box.min, i) || component(p, i) > component(box.max, i)) return false;
  }
  return true;
}

bool referenceIn(Vec3 point, const Obb& box) {
  const Q3 w = q(point) - q(box.center);
  for (int i = 0; i < 3; ++i) {
    const Q3 n = crossQ(q(box.rotation.column((i + 1) % 3)), q(box.rotation.column((i + 2) % 3)));
    if (abs(dotQ(n, w)) > mpq_class(component(box.halfSize, i)) * abs(dotQ(n, q(box.rotation.column(i))))) return false;
  }
  return true;
}

bool referenceIn(Vec3 point, const Cylinder& c) {
  const Q3 e = q(c.end) - q(c.start), w = q(point) - q(c.start);
  const mpq_class along = dotQ(w, e), length = dotQ(e, e);
  const Q3 k = crossQ(w, e);
  return along >= 0 && along <= length && dotQ(k, k) <= mpq_class(c.radius) * mpq_class(c.radius) * length;
}

// Conservative culling: apart exactly when every vertex is strictly behind one plane.
bool referenceMeets(const Frustum& f, const Triangle& t) {
  for (const Plane& plane : f.planes) {
    const auto behind = [&](Vec3 v) { return dotQ(q(plane.normal), q(v)) + mpq_class(plane.constant) < 0; };
    if (behind(t.a) && behind(t.b) && behind(t.c)) return false;
  }
  return true;
}

TEST(IntersectsPoint, AgreesWithExactRationalsOnGridPoints) {
  Random random(97);
  int in[4] = {0, 0, 0, 0}, total = testing::cases(6000);
  for (int i = 0; i < total; ++i) {
    const Vec3 p = random.integerVector(-2, 2);
    Triangle t{random.integerVector(-2, 2), random.integerVector(-2, 2), random.integerVector(-2, 2)};
    if (i % 5 == 0) t.c = t.a + (t.b - t.a) * 2;  // collinear
    if (i % 7 == 0) t.a = p;                      // through the point
    ASSERT_EQ(meets(Point{p}, t), referenceIn(p, t))
        << i << ": (" << p.x << " " << p.y << " " << p.z << ") in (" << t.a.x << " " << t.a.y << " " << t.a.z << ", "
        << t.b.x << " " << t.b.y << " " << t.b.z << ", " << t.c.x << " " << t.c.y << " " << t.c.z << ")";
    in[0] += referenceIn(p, t);
    const Vec3 lo = random.integerVector(-2, 1);
    const Aabb box{lo, lo + random.integerVector(0, 2)};
    ASSERT_EQ(meets(Point{p}, box), referenceIn(p, box)) << i;
    in[1] += referenceIn(p, box);
    const Obb obb{random.integerVector(-2, 2) * 0.5, random.integerVector(0, 2) * 0.5,
                  i % 2 ? random.signedPermutation() : random.rotation()};
    ASSERT_EQ(meets(Point{p}, obb), referenceIn(p, obb)) << i;
    in[2] += referenceIn(p, obb);
    const Vec3 start = random.integerVector(-2, 2);
    Vec3 end = random.integerVector(-2, 2);
    if (end == start) end.x += 1;
    const Cylinder cylinder{start, end, double(random.integer(0, 2))};
    ASSERT_EQ(meets(Point{p}, cylinder), referenceIn(p, cylinder)) << i;
    in[3] += referenceIn(p, cylinder);
  }
  for (const int n : in) {  // each shape both holds and misses the point in at least 1 % of the cases
    EXPECT_GT(n, total / 100);
    EXPECT_LT(n, total - total / 100);
  }
}

TEST(IntersectsFrustumTriangle, AgreesWithExactRationalsOnGridTriangles) {
  Random random(98);
  int met = 0;
  const int total = testing::cases(6000);
  for (int i = 0; i < total; ++i) {
    // A box-shaped frustum of integer planes (inward normals), some planes tilted.
    Frustum f;
    const Vec3 lo = random.integerVector(-2, 0), hi = lo + random.integerVector(1, 3);
    const Vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    for (int k = 0; k < 3; ++k) {
      const Vec3 tilt = random.integer(0, 3) == 0 ? axes[(k + 1) % 3] : Vec3{0, 0, 0};
      f.planes[2 * k] = {axes[k] + tilt, -dot(axes[k] + tilt, lo)};
      f.planes[2 * k + 1] = {axes[k] * -1.0, component(hi, k)};
    }
    const Triangle t{random.integerVector(-4, 4), random.integerVector(-4, 4), random.integerVector(-4, 4)};
    ASSERT_EQ(meets(f, t), referenceMeets(f, t)) << i;
    met += referenceMeets(f, t);
  }
  EXPECT_GT(met, total / 10);
  EXPECT_LT(met, total - total / 10);
}

}  // namespace
}  // namespace c3d
