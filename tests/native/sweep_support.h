// Assertions on sweep results, shared by the sweep tests.
#pragma once
#include <cmath>
#include <optional>

#include "collide3d/queries/results.h"
#include "test_support.h"

namespace c3d::testing {

// A contact at t with that point and normal, each within `tolerance`.
inline ::testing::AssertionResult contactIs(const std::optional<SweepHit>& hit, double t, Vec3 point, Vec3 normal,
                                            double tolerance = 1e-12) {
  if (!hit) return ::testing::AssertionFailure() << "no contact, expected one at t = " << t;
  if (!(std::fabs(hit->t - t) <= tolerance)) {
    return ::testing::AssertionFailure() << "t = " << hit->t << ", expected " << t;
  }
  if (::testing::AssertionResult result = near(hit->point, point, tolerance); !result) return result << " (point)";
  if (::testing::AssertionResult result = near(hit->normal, normal, tolerance); !result) return result << " (normal)";
  return ::testing::AssertionSuccess();
}

inline ::testing::AssertionResult noContact(const std::optional<SweepHit>& hit) {
  if (!hit) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "contact at t = " << hit->t << ", expected none";
}

}  // namespace c3d::testing
