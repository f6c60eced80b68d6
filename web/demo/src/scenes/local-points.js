// Points fixed in a rotatable handle's own frame (a triangle's corners, a cylinder's axis ends), sent to collide3d
// in world coordinates (the page brings the handles' matrices up to date before each update).
export function worldPoints(group, locals) {
  return locals.map((point) => group.localToWorld(point.clone()));
}
