// Structured fuzz input: numbers, vectors, rotations and whole shapes drawn from libFuzzer's bytes. Numbers favour
// what breaks geometry code: small integers and dyadic fractions (exact touching, coplanar, parallel cases), repeats
// and one-ulp neighbours of earlier numbers (degenerate shapes), extremes of the double range (overflow, underflow,
// subnormals), besides arbitrary finite doubles. Only finite numbers are drawn: the JavaScript side rejects the
// others before anything reaches the core.
#pragma once
#include <fuzzer/FuzzedDataProvider.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "collide3d/dispatch/encoded.h"
#include "collide3d/dispatch/shape_visit.h"

namespace c3d::fuzz {

class Input {
 public:
  Input(const uint8_t* data, size_t size) : bytes_(data, size) {}
  ~Input() {
    for (const ConvexHull* hull : hulls_) hull_registry::destroy(hull);
  }
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;

  int choice(int count) { return bytes_.ConsumeIntegralInRange<int>(0, count - 1); }

  double number() {
    constexpr double kExtremes[] = {0x1p-1074, 1e-310, 0x1p-1022, 1e-160, 1e-20, 1e20, 1e160, 1e300, 1.7e308};
    double value = 0;
    switch (choice(8)) {
      case 0: value = choice(9) - 4; break;
      case 1: value = (choice(257) - 128) / 16.0; break;
      case 2: value = bytes_.ConsumeFloatingPoint<double>(); break;
      case 3: value = kExtremes[choice(9)] * (choice(2) ? 1 : -1); break;
      case 4: value = last_; break;
      case 5: value = std::nextafter(last_, choice(2) ? kInfinity : -kInfinity); break;
      case 6: value = bytes_.ConsumeFloatingPointInRange<double>(-10, 10); break;
      default: value = -last_; break;
    }
    if (!std::isfinite(value)) value = 0;
    return last_ = value;
  }

  Vec3 vector() {
    const double x = number(), y = number();
    return {x, y, number()};
  }

  // Raw numbers (mostly refused), an exact signed permutation, or the rotation of a drawn quaternion.
  Mat3 rotation() {
    Mat3 m;
    switch (choice(3)) {
      case 0:
        for (double& e : m.m) e = number();
        break;
      case 1: {
        for (double& e : m.m) e = 0;
        const int first = choice(3), second = (first + 1 + choice(2)) % 3;
        const int axis[3] = {first, second, 3 - first - second};
        for (int c = 0; c < 3; ++c) m.m[3 * c + axis[c]] = choice(2) ? 1 : -1;
        break;
      }
      default: {
        double w = number(), x = number(), y = number(), z = number();
        const double n = std::sqrt(w * w + x * x + y * y + z * z);
        if (!(n > 0) || !std::isfinite(n)) break;
        w /= n, x /= n, y /= n, z /= n;
        const double e[9] = {1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y),
                             2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x),
                             2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)};
        for (int i = 0; i < 9; ++i) m.m[i] = e[i];
      }
    }
    return m;
  }

  // A shape of the given type, field by field from the shape's own field list, encoded as the tables take it.
  std::array<double, kEncodedShapeSize> shape(ShapeType type) {
    return withShapeType(type, [&](auto tag) {
      typename decltype(tag)::type shape{};
      decltype(tag)::type::fields([&](const char*, auto member) { fill(shape.*member); });
      return encodedBuffer(shape);
    });
  }

 private:
  void fill(double& x) { x = number(); }
  void fill(Vec3& v) { v = vector(); }
  void fill(Mat3& m) { m = rotation(); }
  void fill(std::array<Plane, 6>& planes) {
    for (Plane& p : planes) p = {vector(), number()};
  }
  // A live hull of 1 to 8 drawn points (kept until the input is done); or, when the points are refused and now and
  // then besides, a drawn number, which validation must refuse unless it happens to be a live hull's address.
  void fill(HullHandle& handle) {
    double xyz[24];
    const int count = 1 + choice(8);
    for (int k = 0; k < 3 * count; ++k) xyz[k] = number();
    const ConvexHull* made = nullptr;
    if (choice(8) == 0 || hull_registry::create(xyz, count, made) != HullStatus::Ok) {
      handle.address = number();
      return;
    }
    hulls_.push_back(made);
    handle.address = static_cast<double>(reinterpret_cast<std::uintptr_t>(made));
  }

  FuzzedDataProvider bytes_;
  double last_ = 1;
  std::vector<const ConvexHull*> hulls_;
};

}  // namespace c3d::fuzz
