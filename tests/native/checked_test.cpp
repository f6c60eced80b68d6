// checked.h: growth that reports failure (a request beyond what any heap holds) and leaves the vector as it was;
// growth that succeeds keeps the elements; blocks for over-aligned types are aligned.
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "collide3d/memory/checked.h"

namespace c3d {
namespace {

std::vector<int> oneToFive() { return {1, 2, 3, 4, 5}; }

TEST(Checked, ReserveBeyondAnyHeapFailsAndChangesNothing) {
  std::vector<int> v = oneToFive();
  const int* before = v.data();
  const size_t capacity = v.capacity();
  EXPECT_FALSE(checked::reserve(v, v.max_size() + 1));
  EXPECT_FALSE(checked::reserve(v, std::numeric_limits<size_t>::max() / 2 + 1));  // its bytes wrap to 0
  EXPECT_FALSE(checked::room(v, v.max_size()));
  EXPECT_FALSE(checked::room(v, std::numeric_limits<size_t>::max() - 2));  // size + more wraps
  EXPECT_EQ(v.data(), before);
  EXPECT_EQ(v.capacity(), capacity);
  EXPECT_EQ(v, oneToFive());
}

TEST(Checked, ReserveAndRoomGrowAndKeepTheElements) {
  std::vector<int> v = oneToFive();
  ASSERT_TRUE(checked::reserve(v, 1000));
  EXPECT_GE(v.capacity(), 1000u);
  EXPECT_EQ(v, oneToFive());
  std::vector<int> full(16, 7);
  full.shrink_to_fit();
  ASSERT_EQ(full.capacity(), 16u);
  ASSERT_TRUE(checked::room(full, 1));
  EXPECT_GE(full.capacity(), 32u);  // doubled, so n pushes cost O(n) copies
  ASSERT_TRUE(checked::room(full, 100));
  EXPECT_GE(full.capacity(), 116u);
  EXPECT_EQ(full, std::vector<int>(16, 7));
}

TEST(Checked, ShrinkGivesBackTheSpareCapacity) {
  std::vector<int> v = oneToFive();
  ASSERT_TRUE(checked::reserve(v, 1000));
  checked::shrink(v);
  EXPECT_EQ(v.capacity(), 5u);
  EXPECT_EQ(v, oneToFive());
}

struct alignas(64) Wide {
  explicit Wide(int value) : value(value) {}
  int value;
};

TEST(Checked, CreatedObjectsAreAlignedAndConstructed) {
  Wide* wide = checked::create<Wide>(42);
  ASSERT_NE(wide, nullptr);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(wide) % 64, 0u);
  EXPECT_EQ(wide->value, 42);
  checked::destroy(wide);
  std::vector<Wide> many;
  ASSERT_TRUE(checked::reserve(many, 3));
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(many.data()) % 64, 0u);
}

}  // namespace
}  // namespace c3d
