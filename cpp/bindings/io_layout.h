// The scratch area through which the JavaScript entry and the wasm module exchange a query's numbers: the JS side
// writes the options and the two encoded shapes, calls a bound function that takes only the two shape type codes,
// and reads the result back. Offsets are in doubles; the JS side reads them from describe() at start-up.
#pragma once
#include "collide3d/dispatch/encoded.h"

namespace c3d::io {

constexpr int kOptions = 0;                          // up to 8 option values
constexpr int kShapeA = 8;                           // the first argument, encoded
constexpr int kShapeB = kShapeA + kEncodedShapeSize;  // the second argument, encoded
constexpr int kResult = kShapeB + kEncodedShapeSize;  // up to 24 result values
constexpr int kSize = kResult + 24;

// Status codes returned by the bound query functions; results >= 0 are the query's own answer.
constexpr int kUnsupportedPair = -1;
constexpr int kInvalidA = -2;  // the first argument failed validation; lastProblem() says why
constexpr int kInvalidB = -3;

}  // namespace c3d::io
