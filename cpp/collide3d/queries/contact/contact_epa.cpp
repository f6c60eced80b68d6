// Generic contact on convex cores (contact_epa.h).
#include "collide3d/queries/contact/contact_epa.h"

#include "collide3d/queries/contact/epa.h"
#include "collide3d/queries/distance/gjk.h"

namespace c3d {

std::optional<Contact> contactByEpa(EncodedShape a, EncodedShape b) {
  const CorePair pair = corePair(a, b);
  const GjkResult near = gjk(pair.a, pair.b);
  // Proved apart or overlapping by more than tau, GJK's answer stands for the table's decision (it could only
  // agree), and EPA starts from its simplex.
  if (near.lower > pair.reach + pair.tau) return std::nullopt;
  if (!gjkProvesOverlap(near, pair.reach, pair.tau) && !*tableMeets(a, b)) return std::nullopt;
  return epaContact(pair.a, pair.b, near);
}

}  // namespace c3d
