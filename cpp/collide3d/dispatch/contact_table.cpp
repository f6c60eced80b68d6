// The contact table: every pair of solids contact() answers, in both orders (the reversed order flips the normal
// and swaps the points).
#include "collide3d/dispatch/fill.h"
#include "collide3d/queries/contact/contact.h"
#include "collide3d/queries/contact/contact_epa.h"
#include "collide3d/queries/contact/contact_rounded_triangle.h"
#include "collide3d/queries/contact/contact_triangle_box.h"

namespace c3d {

namespace {

struct BetweenRounded {
  template <class A, class B>
  static std::optional<Contact> run(const A& a, const B& b) {
    return contactRounded(rounded(a), rounded(b));
  }
};

struct BallBox {
  static std::optional<Contact> run(const Sphere& s, const Aabb& box) {
    return contactBallBox(ballInBox(s.center, s.radius, box), s.center, s.radius, {0, 0, 0}, box.min, box.max,
                          Mat3{});
  }
  static std::optional<Contact> run(const Sphere& s, const Obb& box) {
    return contactBallBox(ballInBox(s.center, s.radius, box), s.center, s.radius, box.center, -box.halfSize,
                          box.halfSize, box.rotation);
  }
};

struct BoxBox {
  static std::optional<Contact> run(const Aabb& a, const Aabb& b) { return contact(a, b); }
};

// A triangle against a sphere, capsule, AABB or OBB: the normal from the triangle towards the shape.
struct TriangleSolid {
  template <class B>
  static std::optional<Contact> run(const Triangle& t, const B& b) {
    return contact(t, b);
  }
};

template <class A>
constexpr void addRounded(PairTable<ContactFn>& table) {
  addSymmetric<BetweenRounded, A, Sphere>(table);
  addSymmetric<BetweenRounded, A, Capsule>(table);
}

constexpr PairTable<ContactFn> build() {
  PairTable<ContactFn> table;
  addRounded<Sphere>(table);
  addRounded<Capsule>(table);
  addSymmetric<BallBox, Sphere, Aabb>(table);
  addSymmetric<BallBox, Sphere, Obb>(table);
  addSymmetric<BoxBox, Aabb, Aabb>(table);
  addSymmetric<TriangleSolid, Triangle, Sphere>(table);
  addSymmetric<TriangleSolid, Triangle, Capsule>(table);
  addSymmetric<TriangleSolid, Triangle, Aabb>(table);
  addSymmetric<TriangleSolid, Triangle, Obb>(table);
  fillSolidPairs<contactByEpa>(table);
  return table;
}

}  // namespace

constexpr PairTable<ContactFn> kTable = build();

const PairTable<ContactFn>& contactTable() { return kTable; }

}  // namespace c3d
