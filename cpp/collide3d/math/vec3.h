// Vec3: the double-precision 3-vector every query computes with.
#pragma once
#include <cmath>

namespace c3d {

struct Vec3 {
  double x = 0, y = 0, z = 0;
};

constexpr Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
constexpr Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
constexpr Vec3 operator-(Vec3 a) { return {-a.x, -a.y, -a.z}; }
constexpr Vec3 operator*(Vec3 a, double s) { return {a.x * s, a.y * s, a.z * s}; }
constexpr Vec3 operator*(double s, Vec3 a) { return a * s; }
constexpr bool operator==(Vec3 a, Vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
constexpr bool operator!=(Vec3 a, Vec3 b) { return !(a == b); }

constexpr double dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
constexpr Vec3 cross(Vec3 a, Vec3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
constexpr double lengthSquared(Vec3 a) { return dot(a, a); }

constexpr bool isZero(Vec3 a) { return a.x == 0 && a.y == 0 && a.z == 0; }

// 1, or the power of two that brings a vector whose squared length would overflow or underflow (components beyond
// about 1e±145) into range. Scaling by a power of two is exact, so results computed from the scaled vector and scaled
// back are what unlimited range would give: a parameter t along direction * scale is t / scale along direction.
inline double rangeScale(Vec3 a) {
  const double squared = dot(a, a);
  if ((squared > 1e-290 && squared < 1e290) || isZero(a)) return 1;
  int exponent;
  std::frexp(std::fmax(std::fabs(a.x), std::fmax(std::fabs(a.y), std::fabs(a.z))), &exponent);
  return std::ldexp(1.0, -exponent);
}

// |a|, rescaled where a.a would leave double range.
inline double length(Vec3 a) {
  const double scale = rangeScale(a);
  return scale == 1 ? std::sqrt(dot(a, a)) : std::sqrt(dot(a * scale, a * scale)) / scale;
}
constexpr Vec3 abs(Vec3 a) { return {a.x < 0 ? -a.x : a.x, a.y < 0 ? -a.y : a.y, a.z < 0 ? -a.z : a.z}; }
constexpr Vec3 componentMin(Vec3 a, Vec3 b) {
  return {a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y, a.z < b.z ? a.z : b.z};
}
constexpr Vec3 componentMax(Vec3 a, Vec3 b) {
  return {a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y, a.z > b.z ? a.z : b.z};
}
constexpr double component(Vec3 a, int axis) { return axis == 0 ? a.x : axis == 1 ? a.y : a.z; }

// a / |a|, or `fallback` when a is the zero vector (a direction is then undefined).
inline Vec3 normalizedOr(Vec3 a, Vec3 fallback) {
  const double len = length(a);
  return len > 0 ? a * (1.0 / len) : fallback;
}

// v / |v| for a non-zero v, even when |v|^2 would underflow or overflow: v is first scaled by its largest component.
inline Vec3 unitDirection(Vec3 v) {
  const Vec3 a = abs(v);
  const double largest = a.x >= a.y && a.x >= a.z ? a.x : a.y >= a.z ? a.y : a.z;
  const Vec3 w = v * (1.0 / largest);
  return w * (1.0 / length(w));
}

// The point at parameter t of origin + t * direction.
constexpr Vec3 pointAt(Vec3 origin, Vec3 direction, double t) { return origin + direction * t; }

}  // namespace c3d
