// Every layout that crosses to JavaScript (bindings/layouts.h) encodes its fields in their listed order, each at the
// offset describe() reports for it: decoding then encoding distinct numbers gives them back, each member's
// encodedOffset is the sum of the sizes before it, and hand-made values land where the schema text says.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "bindings/layouts.h"

namespace c3d {
namespace {

template <class T>
struct IsArray : std::false_type {};
template <class T, size_t N>
struct IsArray<std::array<T, N>> : std::true_type {};

// Which of a type's encoded numbers are bools (they hold 1 or 0), walking nested layouts and arrays.
template <class T>
void markBools(std::vector<bool>& isBool) {
  if constexpr (kIsLayout<T>) {
    T::fields([&](const char*, auto member) { markBools<FieldType<T, decltype(member)>>(isBool); });
  } else if constexpr (IsArray<T>::value) {
    for (size_t i = 0; i < std::tuple_size_v<T>; ++i) markBools<typename T::value_type>(isBool);
  } else {
    for (int i = 0; i < encoded::size(static_cast<const T*>(nullptr)); ++i) isBool.push_back(std::is_same_v<T, bool>);
  }
}

template <class Layout>
void expectLaidOutInOrder() {
  constexpr int kSize = encodedSize<Layout>();
  std::vector<bool> isBool;
  markBools<Layout>(isBool);
  ASSERT_EQ(static_cast<int>(isBool.size()), kSize) << Layout::kName;
  // Distinct numbers, but 1 where a bool is (it holds 1 or 0): a swapped or misplaced field shows.
  std::array<double, kSize> probe{}, back{};
  for (int i = 0; i < kSize; ++i) probe[i] = isBool[i] ? 1 : i + 2;
  encode(decode<Layout>(probe.data()), back.data());
  EXPECT_EQ(back, probe) << Layout::kName;
  int at = 0, k = 0;
  Layout::fields([&](const char* name, auto member) {
    EXPECT_EQ(encodedOffset(member), at) << Layout::kName << '.' << name;
    EXPECT_STREQ(kFieldInfo<Layout>[k++].name, name);
    at += encoded::size(static_cast<const FieldType<Layout, decltype(member)>*>(nullptr));
  });
  EXPECT_EQ(at, kSize) << Layout::kName;
}

template <class... Layouts>
void expectAllLaidOutInOrder(io::LayoutList<Layouts...>) {
  (expectLaidOutInOrder<Layouts>(), ...);
}

TEST(Layouts, EveryLayoutEncodesItsFieldsInOrder) { expectAllLaidOutInOrder(io::AllLayouts{}); }

TEST(Layouts, NestedLayoutsAndArraysLandWhereTheSchemaSays) {
  EXPECT_EQ(schema<MeshContact>(), "contact:contact,triangleIndex:index");
  EXPECT_EQ(schema<Contact>(), "normal:vec3,depth:number,pointA:vec3,pointB:vec3");
  std::array<double, 11> out{};
  encode(MeshContact{Contact{{1, 2, 3}, 4, {5, 6, 7}, {8, 9, 10}}, 11}, out.data());
  for (int i = 0; i < 11; ++i) EXPECT_EQ(out[i], i + 1);

  EXPECT_EQ(schema<IntersectionSet>(), "p0:vec3,p1:vec3,normal:vec3,radius:number,count:integer,corners:vec3*6");
  IntersectionSet set;
  set.count = 2, set.polygon[0] = {1, 2, 3}, set.polygon[5] = {4, 5, 6};
  std::array<double, 29> polygon{};
  encode(set, polygon.data());
  EXPECT_EQ(polygon[10], 2);  // count after p0, p1, normal, radius
  EXPECT_EQ(polygon[11], 1);  // the first corner
  EXPECT_EQ(polygon[26], 4);  // the sixth corner, 15 numbers later
  EXPECT_EQ(encodedSize<IntersectionSet>(), 29);

  EXPECT_EQ(schema<io::MeshImageAt>(),
            "first:number,vertexCount:number,triangleCount:number,spans:imageSpan*" +
                std::to_string(mesh_format::kSectionCount));
  EXPECT_EQ(schema<CharacterOptions>(),
            "up:vec3,maxSlope:number,stepHeight:number,snapToGround:number,maxIterations:integer,skinWidth:number");
}

TEST(Layouts, OptionsDecodeFromWhatJavaScriptWrites) {
  const double written[8] = {0, 0, 1, 0.5, 0.25, 0.125, 7, -1};
  const CharacterOptions options = decode<CharacterOptions>(written);
  EXPECT_EQ(options.up.z, 1);
  EXPECT_EQ(options.maxSlope, 0.5);
  EXPECT_EQ(options.maxIterations, 7);
  EXPECT_EQ(options.skinWidth, -1);
  const double raycast[3] = {2.5, 1, 0};
  const RaycastOptions r = decode<RaycastOptions>(raycast);
  EXPECT_EQ(r.maxDistance, 2.5);
  EXPECT_TRUE(r.backfaceCulling);
  EXPECT_FALSE(r.solid);
}

}  // namespace
}  // namespace c3d
