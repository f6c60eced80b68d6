// Every shape, for code that works across all of them (dispatch tables, bindings, tests).
#pragma once
#include "collide3d/shapes/aabb.h"
#include "collide3d/shapes/capsule.h"
#include "collide3d/shapes/casters.h"
#include "collide3d/shapes/cylinder.h"
#include "collide3d/shapes/ellipsoid.h"
#include "collide3d/shapes/frustum.h"
#include "collide3d/shapes/obb.h"
#include "collide3d/shapes/plane.h"
#include "collide3d/shapes/point.h"
#include "collide3d/shapes/sphere.h"
#include "collide3d/shapes/triangle.h"
