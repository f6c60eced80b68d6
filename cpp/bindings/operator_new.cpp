// operator new for the wasm module: malloc, and when the heap is too full to give the block, a static reserve. libc++'s
// own would abort the instance then (the module has no exceptions). Every allocation whose size depends on the input
// is checked before it is made (collide3d/memory/checked.h) and refused with a status; what is left is small and
// short-lived, chiefly the exact predicates' numbers (math/exact/dyadic.h), which a query needs whatever the heap's
// state. The reserve hands out blocks in turn and starts over whenever none is live, as after every exact sign.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

namespace {

constexpr std::size_t kReserveBytes = 1 << 20;  // some hundred times an exact sign's numbers
constexpr std::size_t kAlign = __STDCPP_DEFAULT_NEW_ALIGNMENT__;

alignas(kAlign) unsigned char reserve[kReserveBytes];
std::size_t reserveUsed = 0;  // bytes handed out since it last started over
std::size_t reserveLive = 0;  // blocks not yet freed

bool inReserve(const void* block) {
  const auto at = reinterpret_cast<std::uintptr_t>(block), start = reinterpret_cast<std::uintptr_t>(reserve);
  return at >= start && at - start < kReserveBytes;
}

void* fromReserve(std::size_t bytes) {
  bytes = (bytes + kAlign - 1) / kAlign * kAlign;
  if (bytes > kReserveBytes - reserveUsed) std::abort();  // far beyond what any query takes
  void* block = reserve + reserveUsed;
  reserveUsed += bytes;
  ++reserveLive;
  return block;
}

}  // namespace

// libc++'s other forms (arrays, nothrow, sized delete) call these two; over-aligned ones are never left unchecked.
void* operator new(std::size_t bytes) {
  void* block = std::malloc(bytes == 0 ? 1 : bytes);
  return block != nullptr ? block : fromReserve(bytes);
}

void operator delete(void* block) noexcept {
  if (!inReserve(block)) {
    std::free(block);
  } else if (--reserveLive == 0) {
    reserveUsed = 0;
  }
}
