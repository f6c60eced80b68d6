// contact() for the pairs of solids with no kernel of their own (dispatch/solids.h): null when the intersects table
// says they do not meet (so contact is null exactly when intersects is false), else EPA on their cores (epa.h): the
// shortest push found, its depth an upper bound along its normal.
#pragma once
#include <optional>

#include "collide3d/dispatch/solids.h"

namespace c3d {

std::optional<Contact> contactByEpa(EncodedShape a, EncodedShape b);

}  // namespace c3d
