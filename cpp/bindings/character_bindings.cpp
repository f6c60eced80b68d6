// The moveAndSlide binding: the world's meshes and trees, which the JS entry holds by address, are kept here between
// calls (a game moves its characters through the same world every frame) and replaced when a call names another
// one. The character's shape comes through the scratch area's argument A, its options through options(), and the
// move goes back in result() and, for its contacts, a static block: no call allocates.
#include <emscripten/bind.h>

#include <cstdint>

#include "bindings/io_layout.h"
#include "collide3d/character/move_and_slide.h"

namespace c3d {

namespace {

// Room for worlds of up to 16 objects from the start: growing it later is checked, and kept (the largest world yet).
CollisionWorld world = [] {
  CollisionWorld w;
  (void)w.reserve(16);
  return w;
}();

// A contact as the JS side reads it: point, normal, the obstacle's place in the world's list, the triangle or box id.
constexpr int kContactSize = 8;
double contactsEncoded[CharacterMove::kMaxContacts * kContactSize];

void characterWorldClear() { world.clear(); }
// Adds a mesh (kind 0) or tree (kind 1); false when the heap cannot hold the list.
bool characterWorldAdd(int kind, std::uintptr_t address) {
  return kind == 0 ? world.add(reinterpret_cast<const TriangleMesh*>(address))
                   : world.add(reinterpret_cast<const DynamicTree*>(address));
}

// The options as the JS entry writes them: up x, y, z, maxSlope, stepHeight, snapToGround, maxIterations, and
// skinWidth (negative: 1% of the shape's size).
template <class Shape>
int move(const Shape& shape, Vec3 motion) {
  const double* o = io::options();
  CharacterOptions options;
  options.up = {o[0], o[1], o[2]};
  options.maxSlope = o[3];
  options.stepHeight = o[4];
  options.snapToGround = o[5];
  options.maxIterations = static_cast<int>(o[6]);
  options.skinWidth = o[7] >= 0 ? o[7] : 0.01 * characterSize(shape);
  const CharacterMove moved = moveAndSlide(shape, motion, world, options);
  double* out = io::result();
  encoded::write(out, moved.translation);
  encoded::write(out, moved.grounded ? 1.0 : 0.0);
  encoded::write(out, moved.groundNormal);
  encode(translated(shape, moved.translation), out);
  double* contact = contactsEncoded;
  for (int i = 0; i < moved.contactCount; ++i) {
    const WorldHit& hit = moved.contacts[i];
    encoded::write(contact, hit.hit.point);
    encoded::write(contact, hit.hit.normal);
    encoded::write(contact, static_cast<double>(hit.source));
    encoded::write(contact, static_cast<double>(hit.element));
  }
  return moved.contactCount;
}

// The shape in argument A moved by (mx, my, mz) through the world: how many contacts (then at
// characterContactsAddress()), or a status. result(): the translation, grounded (1 or 0), the ground normal, and the
// moved shape, encoded.
int characterMove(int type, double mx, double my, double mz) {
  if (type < 0 || type >= kShapeTypeCount) return io::kUnsupportedPair;
  const auto shapeType = static_cast<ShapeType>(type);
  const bool moves = shapeType == ShapeType::Sphere || shapeType == ShapeType::Capsule ||
                     shapeType == ShapeType::Aabb || shapeType == ShapeType::Obb;
  if (!moves) return io::kUnsupportedPair;
  if (!validateEncoded(shapeType, io::argA(), io::problemSeen)) return io::kInvalidA;
  const Vec3 motion{mx, my, mz};
  switch (shapeType) {
    case ShapeType::Sphere: return move(decode<Sphere>(io::argA()), motion);
    case ShapeType::Capsule: return move(decode<Capsule>(io::argA()), motion);
    case ShapeType::Aabb: return move(decode<Aabb>(io::argA()), motion);
    default: return move(decode<Obb>(io::argA()), motion);
  }
}

std::uintptr_t characterContactsAddress() { return reinterpret_cast<std::uintptr_t>(contactsEncoded); }

}  // namespace

}  // namespace c3d

EMSCRIPTEN_BINDINGS(collide3d_character) {
  using emscripten::function;
  function("characterWorldClear", &c3d::characterWorldClear);
  function("characterWorldAdd", &c3d::characterWorldAdd);
  function("characterMove", &c3d::characterMove);
  function("characterContactsAddress", &c3d::characterContactsAddress);
}
