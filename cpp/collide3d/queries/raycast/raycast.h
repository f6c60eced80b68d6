// Every raycast kernel: raycast(const Caster&, const Target&, const RaycastOptions&) -> optional<RaycastHit>.
#pragma once
#include "collide3d/queries/raycast/raycast_box.h"
#include "collide3d/queries/raycast/raycast_capsule.h"
#include "collide3d/queries/raycast/raycast_cone.h"
#include "collide3d/queries/raycast/raycast_convex.h"
#include "collide3d/queries/raycast/raycast_cylinder.h"
#include "collide3d/queries/raycast/raycast_ellipsoid.h"
#include "collide3d/queries/raycast/raycast_plane.h"
#include "collide3d/queries/raycast/raycast_point_segment.h"
#include "collide3d/queries/raycast/raycast_sphere.h"
#include "collide3d/queries/raycast/raycast_triangle.h"
