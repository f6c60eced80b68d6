// Generic contact on convex cores (contact_epa.h).
#include "collide3d/queries/contact/contact_epa.h"

#include "collide3d/queries/contact/epa.h"

namespace c3d {

std::optional<Contact> contactByEpa(EncodedShape a, EncodedShape b) {
  if (!*tableMeets(a, b)) return std::nullopt;
  const CorePair pair = corePair(a, b);
  return epaContact(pair.a, pair.b);
}

}  // namespace c3d
