// Allocation that reports failure instead of ending the program. The wasm module is built without exceptions, and
// there operator new aborts the instance when malloc fails, while the over-aligned operator new returns null, which
// the containers then write through. So every allocation whose size depends on the input goes through here: false
// (or null) when the heap cannot give it, and nothing changed.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <new>
#include <utility>
#include <vector>

namespace c3d::checked {

// malloc and posix_memalign, called through pointers the compiler cannot see through: it may drop a malloc whose
// block is only freed (reserve's trial below), taking it to have succeeded.
inline void* (*volatile const mallocCall)(std::size_t) = std::malloc;
inline int (*volatile const memalignCall)(void**, std::size_t, std::size_t) = posix_memalign;

// A block of `bytes` aligned to `align`, taken as operator new takes it (malloc, or posix_memalign for an alignment
// beyond malloc's), or null.
inline void* allocate(std::size_t bytes, std::size_t align) {
  bytes = std::max<std::size_t>(bytes, 1);
  if (align <= __STDCPP_DEFAULT_NEW_ALIGNMENT__) return mallocCall(bytes);
  void* block = nullptr;
  return memalignCall(&block, std::max(align, sizeof(void*)), bytes) == 0 ? block : nullptr;
}

// Grows v's capacity to at least n elements, or returns false with v unchanged. The block is first taken here and
// given back, then the vector makes the same request, which the allocator meets from the space just returned (it is
// deterministic and the rest of the heap is as it was), so the vector's own allocation cannot fail.
template <class T>
[[nodiscard]] bool reserve(std::vector<T>& v, std::size_t n) {
  if (n <= v.capacity()) return true;
  if (n > v.max_size()) return false;
  void* trial = allocate(n * sizeof(T), alignof(T));
  if (trial == nullptr) return false;
  std::free(trial);
  v.reserve(n);
  return true;
}

// Room for `more` elements beyond v's size: its capacity doubled (at least) when short (grow); false when the heap
// cannot give it. Split so that the test is small enough to be inlined where room is asked for element by element.
template <class T>
[[nodiscard]] bool grow(std::vector<T>& v, std::size_t more) {
  return more <= v.max_size() - v.size() && reserve(v, std::max({v.size() + more, 2 * v.size(), std::size_t{16}}));
}
template <class T>
[[nodiscard]] bool room(std::vector<T>& v, std::size_t more) {
  return v.capacity() - v.size() >= more || grow(v, more);
}

// Gives back v's spare capacity when a block of its exact size can be had (else v keeps it).
template <class T>
void shrink(std::vector<T>& v) {
  std::vector<T> exact;
  if (v.size() == v.capacity() || !reserve(exact, v.size())) return;
  exact.assign(v.begin(), v.end());
  v.swap(exact);
}

// A T in a block of its own, or null when the heap cannot give one (T's constructor must not allocate); freed by
// destroy().
template <class T, class... Args>
T* create(Args&&... args) {
  void* block = allocate(sizeof(T), alignof(T));
  return block == nullptr ? nullptr : new (block) T(std::forward<Args>(args)...);
}

template <class T>
void destroy(T* object) {
  object->~T();
  std::free(object);
}

}  // namespace c3d::checked
