// Triangle meshes for the native tests: a mesh's numbers as a test writes them, the TriangleMesh built from them, and
// the meshes the tests use: random triangle soups, and integer height-field grids whose every edge and vertex is shared.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <memory>
#include <vector>

#include "collide3d/mesh/mesh_format.h"
#include "collide3d/mesh/triangle_mesh.h"
#include "test_support.h"

namespace c3d::testing {

struct MeshData {
  std::vector<float> positions;
  std::vector<uint32_t> index;  // empty: not indexed
  size_t triangles() const { return index.empty() ? positions.size() / 9 : index.size() / 3; }
  uint32_t corner(size_t t, int c) const { return index.empty() ? uint32_t(3 * t + c) : index[3 * t + c]; }
  Triangle triangle(size_t t) const {
    auto v = [&](uint32_t k) { return Vec3{positions[3 * k], positions[3 * k + 1], positions[3 * k + 2]}; };
    return {v(corner(t, 0)), v(corner(t, 1)), v(corner(t, 2))};
  }
};

inline std::unique_ptr<TriangleMesh> build(const MeshData& data) {
  auto mesh = std::make_unique<TriangleMesh>();
  EXPECT_TRUE(mesh->allocate(data.positions.size() / 3, data.triangles(), !data.index.empty()));
  std::copy(data.positions.begin(), data.positions.end(), mesh->positions());
  std::copy(data.index.begin(), data.index.end(), mesh->corners());
  EXPECT_EQ(mesh->firstBadCorner(), -1);
  EXPECT_TRUE(mesh->build());
  return mesh;
}

// Random triangles of log-uniform sizes in a cube, not indexed.
inline MeshData soup(Random& random, int count) {
  MeshData data;
  for (int t = 0; t < count; ++t) {
    const Vec3 centre = random.vector(-10, 10);
    const double size = std::pow(10.0, random.uniform(-2, 0.5));
    for (int c = 0; c < 3; ++c) {
      const Vec3 p = centre + random.vector(-size, size);
      data.positions.insert(data.positions.end(), {float(p.x), float(p.y), float(p.z)});
    }
  }
  return data;
}

// An n x n grid of unit squares, two triangles each, with integer heights: every edge and vertex is shared.
inline MeshData grid(Random& random, int n) {
  MeshData data;
  for (int i = 0; i <= n; ++i) {
    for (int j = 0; j <= n; ++j) data.positions.insert(data.positions.end(), {float(i), float(j), float(random.integer(-2, 2))});
  }
  auto at = [&](int i, int j) { return uint32_t(i * (n + 1) + j); };
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      data.index.insert(data.index.end(), {at(i, j), at(i + 1, j), at(i + 1, j + 1)});
      data.index.insert(data.index.end(), {at(i, j), at(i + 1, j + 1), at(i, j + 1)});
    }
  }
  return data;
}

// A serialized mesh image written by hand (header, positions, index, ids, nodes), for trees no build makes.
inline std::vector<uint8_t> meshImage(const std::vector<float>& positions, const std::vector<uint32_t>& index,
                                      const std::vector<uint32_t>& ids, const std::vector<BvhNode>& nodes,
                                      const BvhBox& bounds) {
  uint32_t words[mesh_format::kHeaderWords] = {mesh_format::kMagic, mesh_format::kVersion, uint32_t(index.size()),
                                               uint32_t(ids.size()), uint32_t(nodes.size()), 0, 0};
  std::memcpy(&words[mesh_format::kBoxLo], bounds.lo, 12);
  std::memcpy(&words[mesh_format::kBoxHi], bounds.hi, 12);
  std::vector<uint8_t> image(reinterpret_cast<uint8_t*>(words), reinterpret_cast<uint8_t*>(words) + sizeof words);
  auto append = [&](const void* data, size_t bytes) {
    image.insert(image.end(), static_cast<const uint8_t*>(data), static_cast<const uint8_t*>(data) + bytes);
  };
  append(positions.data(), 4 * positions.size());
  append(index.data(), 4 * index.size());
  append(ids.data(), 4 * ids.size());
  append(nodes.data(), sizeof(BvhNode) * nodes.size());
  return image;
}

}  // namespace c3d::testing
