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

// The last move's contacts (WorldHit each), and when it was traced its sweeps (SlideStep each), for the JS side.
double contactsEncoded[CharacterMove::kMaxContacts * encodedSize<WorldHit>()];
SlideTrace lastTrace;  // static, as the trace is large and most moves are not traced
double stepsEncoded[SlideTrace::kMaxSteps * encodedSize<SlideStep>()];
int stepCount = 0;

void characterWorldClear() { world.clear(); }
// Adds a mesh or tree (an io::WorldKind); false when the heap cannot hold the list.
bool characterWorldAdd(int kind, std::uintptr_t address) {
  return kind == static_cast<int>(io::WorldKind::Mesh) ? world.add(reinterpret_cast<const TriangleMesh*>(address))
                   : world.add(reinterpret_cast<const DynamicTree*>(address));
}

// Options: CharacterOptions, a negative skinWidth standing for 1% of the shape's size.
template <class Shape>
int move(const Shape& shape, Vec3 motion, bool traced) {
  CharacterOptions options = io::readOptions<CharacterOptions>();
  if (options.skinWidth < 0) options.skinWidth = 0.01 * characterSize(shape);
  lastTrace.count = 0;
  const CharacterMove moved = moveAndSlide(shape, motion, world, options, traced ? &lastTrace : nullptr);
  double* step = stepsEncoded;
  for (int i = 0; i < lastTrace.count; ++i) encoded::write(step, lastTrace.steps[i]);
  stepCount = lastTrace.count;
  io::writeResult(moved);
  static_assert(encodedSize<CharacterMove>() + encodedSize<Shape>() <= io::kSize - io::kResult);
  encode(translated(shape, moved.translation), io::result() + encodedSize<CharacterMove>());
  double* contact = contactsEncoded;
  for (int i = 0; i < moved.contactCount; ++i) encoded::write(contact, moved.contacts[i]);
  return moved.contactCount;
}

// The shape in argument A moved by (mx, my, mz) through the world: how many contacts (then at
// characterContactsAddress()), or a status. result(): the CharacterMove, then the moved shape, encoded. When
// `traced`, its sweeps too: characterStepCount() of them at characterStepsAddress().
int characterMove(int type, double mx, double my, double mz, bool traced) {
  if (type < 0 || type >= kShapeTypeCount) return io::kUnsupportedPair;
  const auto shapeType = static_cast<ShapeType>(type);
  const bool moves = shapeType == ShapeType::Sphere || shapeType == ShapeType::Capsule ||
                     shapeType == ShapeType::Aabb || shapeType == ShapeType::Obb;
  if (!moves) return io::kUnsupportedPair;
  if (!validateEncoded(shapeType, io::argA(), io::problemSeen)) return io::kInvalidA;
  const Vec3 motion{mx, my, mz};
  switch (shapeType) {
    case ShapeType::Sphere: return move(decode<Sphere>(io::argA()), motion, traced);
    case ShapeType::Capsule: return move(decode<Capsule>(io::argA()), motion, traced);
    case ShapeType::Aabb: return move(decode<Aabb>(io::argA()), motion, traced);
    default: return move(decode<Obb>(io::argA()), motion, traced);
  }
}

std::uintptr_t characterContactsAddress() { return reinterpret_cast<std::uintptr_t>(contactsEncoded); }
std::uintptr_t characterStepsAddress() { return reinterpret_cast<std::uintptr_t>(stepsEncoded); }
int characterStepCount() { return stepCount; }

}  // namespace

}  // namespace c3d

EMSCRIPTEN_BINDINGS(collide3d_character) {
  using emscripten::function;
  function("characterWorldClear", &c3d::characterWorldClear);
  function("characterWorldAdd", &c3d::characterWorldAdd);
  function("characterMove", &c3d::characterMove);
  function("characterContactsAddress", &c3d::characterContactsAddress);
  function("characterStepsAddress", &c3d::characterStepsAddress);
  function("characterStepCount", &c3d::characterStepCount);
}
