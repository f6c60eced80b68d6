// moveAndSlide: a character's shape (sphere, capsule, aabb or obb) moved through a CollisionWorld by collide-and-slide
// (Fauerby, "Improved Collision detection and Response", 2003): sweep, stop a skin width short of the first surface
// the motion closes on, turn what is left of the motion along that surface, and sweep again.
// - The motion goes in two parts: across `up` (walking), then along it (falling, jumping). Walking meets walkable
//   ground (a slope within maxSlope of level) by following it up or down at the same pace across, and anything
//   steeper as a wall; falling stops on walkable ground and slides down anything steeper. So gravity alone never
//   moves a character standing on walkable ground, and walking never climbs a steep slope.
// - Where a second surface blocks the turned motion, it follows the crease of the two, and a third stops it, as
//   Quake's PM_SlideMove clips velocity against the planes it touched; motion turned back against the wanted
//   direction stops too, so a character pushed into a corner stays still instead of jittering.
// - A wall met while standing on the ground is tried as a step: lift by stepHeight, move across, drop, and keep the
//   result if it lands where the shape can stand (the "step up" of game character controllers, e.g. Jolt's
//   CharacterVirtual). A round bottom stands on walkable ground, and on the edge of walkable ground no higher than a
//   step above its bottom: it meets a step's edge at a normal far from up, but it stands on the tread beyond, so that
//   is what is judged (as Jolt's CharacterVirtual judges a slope by the surface's normal, not the contact's). So a step
//   goes no further across than the motion asks, ending on the edge when that is short of the tread, and the next
//   moves go on from there: stairs are climbed at the walking pace.
// - Starting on the ground and not moving up, the shape is pulled down within snapToGround onto walkable ground.
// No motion ever passes into a surface: every step is a sweep that decides its first contact exactly where the sweep
// table does, and only contacts the motion moves away from or along are passed over (collision_world.h).
#pragma once
#include <array>
#include <cmath>

#include "collide3d/character/collision_world.h"

namespace c3d {

struct CharacterOptions {
  Vec3 up{0, 1, 0};  // non-zero; its direction is used
  double maxSlope = 0.7853981633974483;  // radians from level: steeper is a wall
  double stepHeight = 0;
  double snapToGround = 0;
  int maxIterations = 4;  // sweeps per part of the motion; 1 to kMaxIterations
  double skinWidth = 0;   // the gap kept from surfaces

  static constexpr const char* kName = "characterOptions";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("up", &CharacterOptions::up);
    visit("maxSlope", &CharacterOptions::maxSlope);
    visit("stepHeight", &CharacterOptions::stepHeight);
    visit("snapToGround", &CharacterOptions::snapToGround);
    visit("maxIterations", &CharacterOptions::maxIterations);
    visit("skinWidth", &CharacterOptions::skinWidth);
  }
};

struct CharacterMove {
  static constexpr int kMaxIterations = 32;
  // Every sweep of a move can add a contact: each iteration of either part, a step's three, and the ground.
  static constexpr int kMaxContacts = 2 * kMaxIterations * 3 + 1;

  Vec3 translation;
  bool grounded = false;
  Vec3 groundNormal;
  std::array<WorldHit, kMaxContacts> contacts;  // each surface once, in the order the move met them
  int contactCount = 0;

  // What crosses to JavaScript in the result area (followed there by the moved shape); the contacts go as a list.
  static constexpr const char* kName = "characterMove";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("translation", &CharacterMove::translation);
    visit("grounded", &CharacterMove::grounded);
    visit("groundNormal", &CharacterMove::groundNormal);
  }
};

// One sweep of a move as traceMoveAndSlide reports it: the part of the move it belonged to (a step is the lift,
// move across and drop, as one; ground is the final look for the ground, and the snap down onto it), where it moved
// the shape from and to (translations from the start), what it met, and the motion it went on with (zero: none).
enum class SlidePart : int { Walk = 0, Fall = 1, Step = 2, Ground = 3 };
constexpr const char* kSlidePartNames = "walk,fall,step,ground";  // in order

struct SlideStep {
  int part = 0;  // a SlidePart
  Vec3 from, to;
  bool met = false;
  WorldHit contact{};  // when met
  Vec3 next;

  static constexpr const char* kName = "slideStep";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("part", &SlideStep::part);
    visit("from", &SlideStep::from);
    visit("to", &SlideStep::to);
    visit("met", &SlideStep::met);
    visit("contact", &SlideStep::contact);
    visit("next", &SlideStep::next);
  }
};

// The sweeps of one move, in order: a sweep per iteration of either part, a step after any of them, and the ground.
struct SlideTrace {
  static constexpr int kMaxSteps = 3 * CharacterMove::kMaxIterations + 1;
  std::array<SlideStep, kMaxSteps> steps;
  int count = 0;
};

inline Sphere translated(Sphere s, Vec3 d) { return {s.center + d, s.radius}; }
inline Capsule translated(Capsule c, Vec3 d) { return {c.start + d, c.end + d, c.radius}; }
inline Aabb translated(Aabb b, Vec3 d) { return {b.min + d, b.max + d}; }
inline Obb translated(Obb o, Vec3 d) { return {o.center + d, o.halfSize, o.rotation}; }

// The size a default skin width is a fraction of: the radius, or a box's least half-size.
inline double characterSize(const Sphere& s) { return s.radius; }
inline double characterSize(const Capsule& c) { return c.radius; }
inline double characterSize(const Aabb& b) {
  const Vec3 h = (b.max - b.min) * 0.5;
  return std::fmin(h.x, std::fmin(h.y, h.z));
}
inline double characterSize(const Obb& o) { return std::fmin(o.halfSize.x, std::fmin(o.halfSize.y, o.halfSize.z)); }

template <class Shape>
class CharacterMover {
 public:
  // `trace`, when given, receives each sweep of the move (SlideTrace).
  CharacterMover(const CollisionWorld& world, const Shape& shape, const CharacterOptions& options,
                 SlideTrace* trace = nullptr)
      : trace_(trace),
        world_(world),
        shape_(shape),
        o_(options),
        up_(unitDirection(options.up)),
        cosMaxSlope_(std::cos(options.maxSlope)),
        // A probe reaching twice the skin (the gap), as far up a slope as walkable ground can be, finds the ground
        // the moves leave a skin below; 1e-6 of the size more finds it when the skin is 0.
        gap_(2 * options.skinWidth + 1e-6 * characterSize(shape)),
        probe_(gap_ / std::fmax(cosMaxSlope_, 0.25)),
        edges_(options.stepHeight > 0 && roundness(shape) > 0) {}

  CharacterMove move(Vec3 motion) {
    CharacterMove result;
    result_ = &result;
    const double rise = dot(motion, up_);
    startGrounded_ = (o_.stepHeight > 0 || o_.snapToGround > 0) && ground(Vec3{}, probe_).has_value();
    Vec3 at{};
    slide(at, motion - up_ * rise, Part::Walk);
    std::optional<Footing> below = slide(at, up_ * rise, Part::Fall);
    if (!below) {
      const bool snaps = startGrounded_ && rise <= 0 && o_.snapToGround > probe_;
      below = ground(at, snaps ? o_.snapToGround : probe_);
      const Vec3 from = at;
      if (below && snaps) at = below->rest;
      if (below) note(SlidePart::Ground, from, at, &below->contact, Vec3{});
    }
    if (below) {
      result.grounded = true;
      result.groundNormal = below->normal;
      record(below->contact);
    }
    result.translation = at;
    return result;
  }

 private:
  enum class Part { Walk, Fall };

  void note(SlidePart part, Vec3 from, Vec3 to, const WorldHit* contact, Vec3 next) {
    if (trace_ == nullptr || trace_->count == SlideTrace::kMaxSteps) return;
    trace_->steps[trace_->count++] = SlideStep{static_cast<int>(part), from, to, contact != nullptr,
                                               contact != nullptr ? *contact : WorldHit{}, next};
  }

  // What the shape stands on: the contact, the walkable ground's normal (the contact's, or beyond the edge it is), and
  // where the shape rests on it.
  struct Footing {
    WorldHit contact;
    Vec3 normal;
    Vec3 rest;
  };

  std::optional<WorldHit> cast(Vec3 at, Vec3 motion) const {
    if (isZero(motion)) return std::nullopt;
    return world_.firstClosingHit(Shape::kType, encodedBuffer(translated(shape_, at)).data(), motion);
  }

  bool walkable(Vec3 normal) const { return dot(normal, up_) >= cosMaxSlope_; }

  // Ground within `reach` below the shape moved by `at`. An edge is looked for as far as a step down: the moves leave
  // a skin from it along its normal, which may be far from up, so it counts within reach or within the gap along it.
  std::optional<Footing> ground(Vec3 at, double reach) const {
    if (!(reach > 0)) return std::nullopt;
    double length = reach;
    auto hit = cast(at, up_ * -length);
    if (!hit && edges_ && o_.stepHeight > reach) hit = cast(at, up_ * -(length = o_.stepHeight));
    if (!hit) return std::nullopt;
    const double below = hit->hit.t * length;
    if (below > reach && (walkable(hit->hit.normal) || below * dot(hit->hit.normal, up_) > gap_)) return std::nullopt;
    const Vec3 rest = at - up_ * (length * keep(up_ * -length, *hit));
    return footing(rest, rest, *hit);
  }

  // What the shape, resting at `at` on `hit`, stands on: walkable ground; or, under a round bottom, the edge of
  // walkable ground no higher than a step above the bottom of the shape moved by `from`: a small ball dropped just
  // beyond the edge (away from the bottom's centre) lands on walkable ground within the gap of the edge's height.
  std::optional<Footing> footing(Vec3 from, Vec3 at, const WorldHit& hit) const {
    const Vec3 n = hit.hit.normal;
    if (walkable(n)) return Footing{hit, n, at};
    if (!edges_ || !(dot(n, up_) > 0)) return std::nullopt;
    const Vec3 bottom = lowestCentre(translated(shape_, from)) - up_ * roundness(shape_);
    if (dot(hit.hit.point - bottom, up_) > o_.stepHeight) return std::nullopt;
    Vec3 out = hit.hit.point - lowestCentre(translated(shape_, at));
    out = out - up_ * dot(out, up_);
    if (isZero(out)) return std::nullopt;
    const Sphere probe{hit.hit.point + (unitDirection(out) + up_) * gap_, gap_ / 2};
    const auto beyond = world_.firstClosingHit(ShapeType::Sphere, encodedBuffer(probe).data(), up_ * (-2 * gap_));
    if (!beyond || !walkable(beyond->hit.normal)) return std::nullopt;
    return Footing{hit, beyond->hit.normal, at};
  }

  // The fraction of `motion` the shape may travel towards the hit and stay the skin width from it along its normal
  // (0 when it is already nearer).
  double keep(Vec3 motion, const WorldHit& hit) const {
    const double closing = -dot(motion, hit.hit.normal);  // > 0: the hit is a closing one
    return std::fmax(0.0, hit.hit.t - o_.skinWidth / closing);
  }

  void record(const WorldHit& hit) {
    CharacterMove& r = *result_;
    for (int i = 0; i < r.contactCount; ++i) {
      if (r.contacts[i].source == hit.source && r.contacts[i].element == hit.element) return;
    }
    if (r.contactCount < CharacterMove::kMaxContacts) r.contacts[r.contactCount++] = hit;
  }

  // Moves `at` by `motion`, turning it along what it meets, within maxIterations sweeps; the ground it landed on, if
  // falling it did.
  std::optional<Footing> slide(Vec3& at, Vec3 motion, Part part) {
    const Vec3 wanted = motion;
    std::array<Vec3, CharacterMove::kMaxIterations> planes;
    int planeCount = 0;
    const SlidePart named = part == Part::Walk ? SlidePart::Walk : SlidePart::Fall;
    for (int i = 0; i < o_.maxIterations && !isZero(motion); ++i) {
      const Vec3 from = at;
      // Swept a skin further, so that it stops a skin short of what is just beyond its end too.
      const double stretch = 1 + o_.skinWidth / length(motion);
      const auto hit = cast(at, motion * stretch);
      const double travelled = hit ? keep(motion * stretch, *hit) * stretch : 1;
      if (travelled >= 1) {
        at = at + motion;
        note(named, from, at, nullptr, Vec3{});
        return std::nullopt;
      }
      at = at + motion * travelled;
      Vec3 left = motion * (1 - travelled);
      record(*hit);
      const Vec3 n = hit->hit.normal;
      Vec3 plane = n;
      if (part == Part::Fall && dot(left, up_) <= 0) {
        if (auto landed = footing(at, at, *hit)) {
          note(named, from, at, &*hit, Vec3{});
          return landed;
        }
      }
      if (walkable(n)) {
        if (part == Part::Fall) {
          left = left - n * dot(left, n);
        } else {
          left = left - up_ * (dot(left, n) / dot(up_, n));  // along the slope, at the same pace across
        }
      } else if (part == Part::Walk) {
        const Vec3 stopped = at, across = left;
        if (const auto landing = step(at, left)) {
          note(named, from, stopped, &*hit, across);
          note(SlidePart::Step, stopped, at, &*landing, left);
          motion = left;
          continue;
        }
        plane = normalizedOr(n - up_ * dot(n, up_), n);  // a wall: only across up
        left = left - plane * dot(left, plane);
      } else {
        left = left - n * dot(left, n);
      }
      motion = clipToPlanes(left, plane, planes, planeCount, wanted);
      planes[planeCount++] = plane;
      note(named, from, at, &*hit, motion);
    }
    return std::nullopt;
  }

  // `left`, already along `plane`, kept off the earlier planes it would move into: along the crease of `plane` and
  // the first such, and stopped by a second, or by turning back against `wanted`.
  static Vec3 clipToPlanes(Vec3 left, Vec3 plane, const std::array<Vec3, CharacterMove::kMaxIterations>& planes,
                           int planeCount, Vec3 wanted) {
    const double tolerance = 1e-12 * length(left);
    for (int k = 0; k < planeCount; ++k) {
      if (dot(left, planes[k]) >= -tolerance) continue;
      const Vec3 crease = cross(plane, planes[k]);
      if (lengthSquared(crease) < 1e-20) continue;  // the same plane met again: `left` is along it already
      const Vec3 along = unitDirection(crease);
      left = along * dot(left, along);
      for (int j = 0; j < planeCount; ++j) {
        if (j != k && dot(left, planes[j]) < -tolerance) return {};
      }
      break;
    }
    return dot(left, wanted) > 0 ? left : Vec3{};
  }

  // A wall met while walking, tried as a step: lift by up to stepHeight, move across by `left` (no further), and drop
  // as far as it was lifted. Kept when the shape can stand where it lands: on walkable ground, then higher than where
  // it started (the drop does not reach the ground it stood on), or on an edge no higher than a step above where it
  // started. Then `at` is where it landed, `left` what it did not travel across, and the landing is returned.
  std::optional<WorldHit> step(Vec3& at, Vec3& left) {
    if (!(o_.stepHeight > 0) || !startGrounded_) return std::nullopt;
    const Vec3 lift = up_ * o_.stepHeight;
    const auto above = cast(at, lift);
    const Vec3 lifted = at + lift * (above ? keep(lift, *above) : 1.0);
    const Vec3 drop = at - lifted;
    if (isZero(drop)) return std::nullopt;
    const auto across = cast(lifted, left);
    const double travelled = across ? keep(left, *across) : 1.0;
    if (!(travelled > 0)) return std::nullopt;
    const Vec3 forward = lifted + left * travelled;
    const auto landing = cast(forward, drop);
    if (!landing) return std::nullopt;
    const Vec3 landed = forward + drop * keep(drop, *landing);
    if (!footing(at, landed, *landing)) return std::nullopt;
    at = landed;
    left = left * (1 - travelled);
    if (across) record(*across);
    record(*landing);
    return landing;
  }

  // The centre of the ball at the shape's lowest end (for the round shapes), and how round its bottom is.
  Vec3 lowestCentre(const Sphere& s) const { return s.center; }
  Vec3 lowestCentre(const Capsule& c) const { return dot(c.start, up_) <= dot(c.end, up_) ? c.start : c.end; }
  Vec3 lowestCentre(const Aabb& b) const { return (b.min + b.max) * 0.5; }
  Vec3 lowestCentre(const Obb& o) const { return o.center; }
  static double roundness(const Sphere& s) { return s.radius; }
  static double roundness(const Capsule& c) { return c.radius; }
  static double roundness(const Aabb&) { return 0; }
  static double roundness(const Obb&) { return 0; }

  SlideTrace* const trace_;
  const CollisionWorld& world_;
  const Shape& shape_;
  const CharacterOptions& o_;
  const Vec3 up_;
  const double cosMaxSlope_;
  const double gap_;
  const double probe_;
  const bool edges_;  // whether the shape may stand on edges: it has a round bottom and steps
  bool startGrounded_ = false;
  CharacterMove* result_ = nullptr;
};

// The shape moved by `motion` through `world` (the file's comment says how); each sweep goes to `trace` when given.
// Preconditions: options as their comments say, finite numbers, a valid shape.
template <class Shape>
CharacterMove moveAndSlide(const Shape& shape, Vec3 motion, const CollisionWorld& world, const CharacterOptions& options,
                           SlideTrace* trace = nullptr) {
  return CharacterMover<Shape>(world, shape, options, trace).move(motion);
}

}  // namespace c3d
