// Every shape, for code that works across all of them (dispatch tables, bindings, tests). Registering a shape is its
// header here, its ShapeType and its place in AllShapes: the per-type code (visiting, validation, sizes, names,
// schemas, describe()) is generated from that list.
#pragma once
#include "collide3d/shapes/aabb.h"
#include "collide3d/shapes/capsule.h"
#include "collide3d/shapes/casters.h"
#include "collide3d/shapes/cone.h"
#include "collide3d/shapes/convex.h"
#include "collide3d/shapes/cylinder.h"
#include "collide3d/shapes/ellipsoid.h"
#include "collide3d/shapes/frustum.h"
#include "collide3d/shapes/obb.h"
#include "collide3d/shapes/plane.h"
#include "collide3d/shapes/point.h"
#include "collide3d/shapes/sphere.h"
#include "collide3d/shapes/triangle.h"

namespace c3d {

template <class... Shapes>
struct ShapeList {};

// In ShapeType order (shape_visit.h checks it).
using AllShapes = ShapeList<Point, Ray, Line, Segment, Plane, Triangle, Sphere, Ellipsoid, Aabb, Obb, Cylinder, Capsule,
                            Frustum, Cone, Convex>;

}  // namespace c3d
