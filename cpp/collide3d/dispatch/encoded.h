// Shapes encoded as flat arrays of doubles, in the order of each shape's `fields` list: a Vec3 is x, y, z; a Mat3 its
// 9 column-major elements; a frustum's planes are normal.x, normal.y, normal.z, constant six times.
// This is how shapes cross from JavaScript (written into a scratch area of the wasm heap) and how the dispatch
// tables receive them, so one table entry serves every caller.
#pragma once
#include <array>
#include <string>

#include "collide3d/shapes/shapes.h"

namespace c3d {

namespace encoded {

// Reading takes doubles, or floats (batch items), widened exactly.
template <class T>
void read(const T*& in, double& out) {
  out = *in++;
}
template <class T>
void read(const T*& in, Vec3& out) {
  out = {in[0], in[1], in[2]};
  in += 3;
}
template <class T>
void read(const T*& in, Mat3& out) {
  for (double& m : out.m) m = *in++;
}
template <class T>
void read(const T*& in, std::array<Plane, 6>& out) {
  for (Plane& plane : out) {
    read(in, plane.normal);
    read(in, plane.constant);
  }
}

inline void write(double*& out, double v) { *out++ = v; }
inline void write(double*& out, Vec3 v) {
  out[0] = v.x, out[1] = v.y, out[2] = v.z;
  out += 3;
}
inline void write(double*& out, const Mat3& v) {
  for (double m : v.m) *out++ = m;
}
inline void write(double*& out, const std::array<Plane, 6>& planes) {
  for (const Plane& plane : planes) {
    write(out, plane.normal);
    write(out, plane.constant);
  }
}

// The schema word of a field type, as the JavaScript encoders name it.
constexpr const char* kind(const double*) { return "number"; }
constexpr const char* kind(const Vec3*) { return "vec3"; }
constexpr const char* kind(const Mat3*) { return "mat3"; }
constexpr const char* kind(const std::array<Plane, 6>*) { return "planes6"; }

// How many numbers a field type takes.
constexpr int size(const double*) { return 1; }
constexpr int size(const Vec3*) { return 3; }
constexpr int size(const Mat3*) { return 9; }
constexpr int size(const std::array<Plane, 6>*) { return 24; }

}  // namespace encoded

template <class Shape, class T>
Shape decode(const T* in) {
  Shape shape;
  Shape::fields([&](const char*, auto member) { encoded::read(in, shape.*member); });
  return shape;
}

template <class Shape>
void encode(const Shape& shape, double* out) {
  Shape::fields([&](const char*, auto member) { encoded::write(out, shape.*member); });
}

// "name:kind,name:kind" for one shape, e.g. "center:vec3,radius:number".
template <class Shape>
std::string schema() {
  std::string text;
  Shape::fields([&](const char* name, auto member) {
    using Field = std::remove_reference_t<decltype(std::declval<Shape&>().*member)>;
    if (!text.empty()) text += ',';
    text += name;
    text += ':';
    text += encoded::kind(static_cast<const Field*>(nullptr));
  });
  return text;
}

// How many numbers one shape takes, encoded.
template <class Shape>
int encodedSize() {
  int n = 0;
  Shape::fields([&](const char*, auto member) {
    using Field = std::remove_reference_t<decltype(std::declval<Shape&>().*member)>;
    n += encoded::size(static_cast<const Field*>(nullptr));
  });
  return n;
}

constexpr int kEncodedShapeSize = 32;  // doubles; the largest shape, a frustum, takes 24

// A shape encoded in a buffer of its own: how C++ code calls a dispatch-table entry on shapes it holds.
template <class Shape>
std::array<double, kEncodedShapeSize> encodedBuffer(const Shape& shape) {
  std::array<double, kEncodedShapeSize> buffer{};
  encode(shape, buffer.data());
  return buffer;
}

}  // namespace c3d
