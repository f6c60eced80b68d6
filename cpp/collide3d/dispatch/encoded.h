// Shapes, results and options encoded as flat arrays of doubles, in the order of each struct's `fields` list: a Vec3
// is x, y, z; a Mat3 its 9 column-major elements; a frustum's planes are normal.x, normal.y, normal.z, constant six
// times; a bool 1 or 0; a struct with `fields` (a "layout") its own fields in turn; a std::array its elements.
// This is how every number crosses between JavaScript and the core (written into a scratch area of the wasm heap),
// and how the dispatch tables receive shapes, so one table entry serves every caller. describe() (cpp/bindings)
// reports every layout as "name:kind" text built from the same lists, and the JavaScript side reads and writes by
// those names.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include "collide3d/shapes/shapes.h"

namespace c3d {

// Whether T lists its fields (a shape, a result, an options block).
struct IgnoreField {
  template <class Member>
  constexpr void operator()(const char*, Member) const {}
};
template <class T, class = void>
inline constexpr bool kIsLayout = false;
template <class T>
inline constexpr bool kIsLayout<T, std::void_t<decltype(T::fields(IgnoreField{}))>> = true;

namespace encoded {

// Layouts hold arrays and other layouts: each overload sees all the others.
template <class T, class Layout, std::enable_if_t<kIsLayout<Layout>, int> = 0>
void read(const T*& in, Layout& out);
template <class Layout, std::enable_if_t<kIsLayout<Layout>, int> = 0>
void write(double*& out, const Layout& v);
template <class T, class E, size_t N>
void read(const T*& in, std::array<E, N>& out);
template <class T, size_t N>
void write(double*& out, const std::array<T, N>& v);
template <class Layout, std::enable_if_t<kIsLayout<Layout>, int> = 0>
constexpr int size(const Layout*);
template <class T, size_t N>
constexpr int size(const std::array<T, N>*);

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

template <class T>
void read(const T*& in, bool& out) {
  out = *in++ != 0;
}
template <class T>
void read(const T*& in, int& out) {
  out = static_cast<int>(*in++);
}
template <class T>
void read(const T*& in, uint32_t& out) {
  out = static_cast<uint32_t>(*in++);
}
template <class T, class Layout, std::enable_if_t<kIsLayout<Layout>, int>>
void read(const T*& in, Layout& out) {
  Layout::fields([&](const char*, auto member) { read(in, out.*member); });
}
template <class T, class E, size_t N>
void read(const T*& in, std::array<E, N>& out) {
  for (E& element : out) read(in, element);
}

inline void write(double*& out, double v) { *out++ = v; }
inline void write(double*& out, bool v) { *out++ = v ? 1 : 0; }
inline void write(double*& out, uint32_t v) { *out++ = v; }
inline void write(double*& out, int v) { *out++ = v; }
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

template <class Layout, std::enable_if_t<kIsLayout<Layout>, int>>
void write(double*& out, const Layout& v) {
  Layout::fields([&](const char*, auto member) { write(out, v.*member); });
}
template <class T, size_t N>
void write(double*& out, const std::array<T, N>& v) {
  for (const T& element : v) write(out, element);
}

// The schema word of a field type, as the JavaScript side names it: a layout's is its name.
constexpr const char* kind(const double*) { return "number"; }
constexpr const char* kind(const bool*) { return "bool"; }
constexpr const char* kind(const int*) { return "integer"; }
constexpr const char* kind(const uint32_t*) { return "index"; }
constexpr const char* kind(const Vec3*) { return "vec3"; }
constexpr const char* kind(const Mat3*) { return "mat3"; }
constexpr const char* kind(const std::array<Plane, 6>*) { return "planes6"; }
template <class Layout, std::enable_if_t<kIsLayout<Layout>, int> = 0>
constexpr const char* kind(const Layout*) {
  return Layout::kName;
}
template <class T, size_t N>
constexpr const char* kind(const std::array<T, N>*) {
  return kind(static_cast<const T*>(nullptr));
}

// How many of that kind a field holds: arrays (but the frustum's planes, a kind of their own) their length.
template <class T>
constexpr int count(const T*) {
  return 1;
}
template <class T, size_t N>
constexpr int count(const std::array<T, N>*) {
  return N;
}
constexpr int count(const std::array<Plane, 6>*) { return 1; }

// How many numbers a field type takes.
constexpr int size(const double*) { return 1; }
constexpr int size(const Vec3*) { return 3; }
constexpr int size(const Mat3*) { return 9; }
constexpr int size(const std::array<Plane, 6>*) { return 24; }
constexpr int size(const bool*) { return 1; }
constexpr int size(const int*) { return 1; }
constexpr int size(const uint32_t*) { return 1; }
template <class Layout, std::enable_if_t<kIsLayout<Layout>, int>>
constexpr int size(const Layout*) {
  int n = 0;
  Layout::fields([&](const char*, auto member) {
    using Field = std::remove_reference_t<decltype(std::declval<Layout&>().*member)>;
    n += size(static_cast<const Field*>(nullptr));
  });
  return n;
}
template <class T, size_t N>
constexpr int size(const std::array<T, N>*) {
  return static_cast<int>(N) * size(static_cast<const T*>(nullptr));
}

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

// A member pointer's class and field type.
template <class Member>
struct MemberOf;
template <class Struct, class T>
struct MemberOf<T Struct::*> {
  using Owner = Struct;
  using Type = T;
};

// The type of the field `member` points to.
template <class Struct, class Member>
using FieldType = std::remove_reference_t<decltype(std::declval<Struct&>().*std::declval<Member>())>;

// How many numbers one shape (or any struct with `fields`) takes, encoded.
template <class Struct>
constexpr int encodedSize() {
  return encoded::size(static_cast<const Struct*>(nullptr));
}

// Where a field's numbers start in its struct's encoding: encodedOffset(&Sphere::radius) is 3. For code that reads
// encoded numbers in place (the SIMD lanes of the batch queries, the culling and pair loops).
template <class Struct, class T>
constexpr int encodedOffset(T Struct::*field) {
  int at = 0, found = -1;
  Struct::fields([&](const char*, auto member) {
    if constexpr (std::is_same_v<decltype(member), T Struct::*>) {
      if (member == field) found = at;
    }
    at += encoded::size(static_cast<const FieldType<Struct, decltype(member)>*>(nullptr));
  });
  return found;
}
static_assert(encodedOffset(&Sphere::radius) == 3 && encodedOffset(&Obb::rotation) == 6);

// One field of an encoded layout as describe() reports it: "name:kind".
struct FieldInfo {
  const char* name;
  const char* kind;
  int count;  // an array's length ("name:kind*count"), else 1
};

template <class Struct>
constexpr int fieldCount() {
  int n = 0;
  Struct::fields([&](const char*, auto) { ++n; });
  return n;
}

// A struct's fields, in encoding order, as data built at compile time (no code per struct).
template <class Struct>
constexpr std::array<FieldInfo, fieldCount<Struct>()> fieldInfo() {
  std::array<FieldInfo, fieldCount<Struct>()> info{};
  int i = 0;
  Struct::fields([&](const char* name, auto member) {
    const auto* field = static_cast<const FieldType<Struct, decltype(member)>*>(nullptr);
    info[i++] = {name, encoded::kind(field), encoded::count(field)};
  });
  return info;
}
template <class Struct>
inline constexpr auto kFieldInfo = fieldInfo<Struct>();

// "name:kind,name:kind", e.g. "center:vec3,radius:number", "corners:vec3*6".
inline std::string schemaText(const FieldInfo* fields, size_t count) {
  std::string text;
  for (size_t i = 0; i < count; ++i) {
    if (i > 0) text += ',';
    text += fields[i].name;
    text += ':';
    text += fields[i].kind;
    const int n = fields[i].count;  // < 100
    if (n > 1) text += '*';
    if (n >= 10) text += static_cast<char>('0' + n / 10);
    if (n > 1) text += static_cast<char>('0' + n % 10);
  }
  return text;
}

template <class Struct>
std::string schema() {
  return schemaText(kFieldInfo<Struct>.data(), kFieldInfo<Struct>.size());
}

constexpr int kEncodedShapeSize = 32;  // doubles: room for the largest shape

template <class... Shapes>
constexpr bool allFit(ShapeList<Shapes...>) {
  return ((encodedSize<Shapes>() <= kEncodedShapeSize) && ...);
}
static_assert(allFit(AllShapes{}), "every shape's encoded numbers fit kEncodedShapeSize");

// A shape encoded in a buffer of its own: how C++ code calls a dispatch-table entry on shapes it holds.
template <class Shape>
std::array<double, kEncodedShapeSize> encodedBuffer(const Shape& shape) {
  std::array<double, kEncodedShapeSize> buffer{};
  encode(shape, buffer.data());
  return buffer;
}

}  // namespace c3d
