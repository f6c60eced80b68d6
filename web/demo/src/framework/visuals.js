// Drawing vocabulary shared by the scenes: one colour per answer, and small drawables (markers, arrows, lines,
// circles, polygons, planes) that scenes update from collide3d's results.
import * as THREE from 'three';

/** The answer colours used by every scene, so a colour means the same thing everywhere. */
export const COLORS = {
  front: 0x4caf6a,          // classify: entirely on the normal's side
  back: 0x4f8fde,           // classify: entirely behind
  intersecting: 0xf2a33a,   // classify / intersects: the shapes share a point
  apart: 0x8a94a6,          // intersects: no common point
  result: 0xffe066,         // hit points, intersection sets
  normal: 0xffffff,
  caster: 0xff6b8b,         // rays and segments
  ghost: 0xb48cff,          // sweep: the shape at the time of impact
};

export const toVector3 = (v) => new THREE.Vector3(v.x, v.y, v.z);

// Translucent shapes still write depth: the plane patches, drawn after them, then tint just the parts behind a plane.
export function surfaceMaterial(color, { opacity = 0.8 } = {}) {
  return new THREE.MeshStandardMaterial({ color, side: THREE.DoubleSide, transparent: opacity < 1, opacity, roughness: 0.6 });
}

/** A mesh whose colour follows an answer: `paint(COLORS.front)`. */
export function answerMesh(geometry, opacity = 0.8) {
  const mesh = new THREE.Mesh(geometry, surfaceMaterial(COLORS.apart, { opacity }));
  mesh.paint = (color) => mesh.material.color.setHex(color);
  return mesh;
}

/** A small ball marking a point; also the grip of point handles. */
export function marker(color = COLORS.result, radius = 0.09) {
  return new THREE.Mesh(new THREE.SphereGeometry(radius, 20, 12), new THREE.MeshBasicMaterial({ color }));
}

/** A non-pickable decoration: clicks pass through it to the handle behind. */
export function decoration(object) {
  object.traverse((node) => { node.userData.noPick = true; });
  return object;
}

export function arrow(color = COLORS.normal, length = 1) {
  const helper = new THREE.ArrowHelper(new THREE.Vector3(0, 1, 0), new THREE.Vector3(), length, color, 0.18, 0.1);
  helper.show = (origin, direction, size = length) => {
    helper.visible = true;
    helper.position.copy(origin);
    helper.setDirection(toVector3(direction).normalize());
    helper.setLength(size, Math.min(0.18, size * 0.4), Math.min(0.1, size * 0.25));
  };
  return decoration(helper);
}

/** A polyline through any number of points (`closed` joins the last to the first). */
export function polyline(color = COLORS.result, { closed = false, dashed = false } = {}) {
  const material = dashed
    ? new THREE.LineDashedMaterial({ color, dashSize: 0.15, gapSize: 0.1 })
    : new THREE.LineBasicMaterial({ color });
  const line = new (closed ? THREE.LineLoop : THREE.Line)(new THREE.BufferGeometry(), material);
  line.frustumCulled = false;
  line.show = (points) => {
    line.visible = points.length > 0;
    line.geometry.dispose();
    line.geometry = new THREE.BufferGeometry().setFromPoints(points.map(toVector3));
    if (dashed) line.computeLineDistances();
  };
  return decoration(line);
}

/** A circle given by centre, unit normal and radius, drawn in the basis collide3d.orthonormalBasis gives. */
export function circle(c3d, color = COLORS.result) {
  const line = polyline(color, { closed: true });
  const points = [];
  line.showCircle = (center, normal, radius) => {
    const { u, v } = c3d.orthonormalBasis(normal);
    points.length = 0;
    for (let i = 0; i < 96; i += 1) {
      const angle = (i / 96) * Math.PI * 2;
      const c = Math.cos(angle) * radius, s = Math.sin(angle) * radius;
      points.push({ x: center.x + c * u.x + s * v.x, y: center.y + c * u.y + s * v.y, z: center.z + c * u.z + s * v.z });
    }
    line.show(points);
  };
  return line;
}

/** A thin cylinder between two points: a segment that stays visible (and colourable) at any zoom. */
export function rod(radius, color = COLORS.result) {
  const mesh = answerMesh(new THREE.CylinderGeometry(radius, radius, 1, 12), 1);
  mesh.paint(color);
  const up = new THREE.Vector3(0, 1, 0);  // CylinderGeometry's axis
  mesh.showBetween = (a, b) => {
    mesh.visible = true;
    const along = new THREE.Vector3().subVectors(b, a);
    mesh.position.copy(toVector3(a)).addScaledVector(along, 0.5);
    mesh.scale.set(1, along.length(), 1);
    if (along.lengthSq() > 0) mesh.quaternion.setFromUnitVectors(up, along.normalize());
  };
  return mesh;
}

/** A filled convex polygon with its outline (a plane's cross-section of a box). */
export function polygon(color = COLORS.result) {
  const group = new THREE.Group();
  const fill = new THREE.Mesh(new THREE.BufferGeometry(), surfaceMaterial(color, { opacity: 0.55 }));
  const outline = polyline(color, { closed: true });
  group.add(fill, outline);
  group.show = (points) => {
    group.visible = points.length >= 3;
    outline.show(points);
    const positions = [];
    for (let i = 1; i + 1 < points.length; i += 1) {
      for (const p of [points[0], points[i], points[i + 1]]) positions.push(p.x, p.y, p.z);
    }
    fill.geometry.dispose();
    fill.geometry = new THREE.BufferGeometry();
    fill.geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  };
  return decoration(group);
}

/** A square patch standing for an infinite plane: local +z is its normal (PlaneGeometry's), size in world units. */
export function planePatch(size = 8, color = 0x6c7a96) {
  const group = new THREE.Group();
  const surface = new THREE.Mesh(new THREE.PlaneGeometry(size, size), surfaceMaterial(color, { opacity: 0.35 }));
  surface.material.depthWrite = false;
  surface.renderOrder = 1;  // after the shapes, so a shape crossing the plane shows where it does
  const border = new THREE.LineSegments(
    new THREE.EdgesGeometry(new THREE.PlaneGeometry(size, size)), new THREE.LineBasicMaterial({ color }));
  const normal = arrow(COLORS.normal, 1.2);
  normal.show(new THREE.Vector3(), { x: 0, y: 0, z: 1 });
  group.add(surface, decoration(border), normal);
  return group;
}

/** A filled triangle with its outline, drawn from three points (their handles move it). */
export function triangleMesh(color) {
  const mesh = answerMesh(new THREE.BufferGeometry(), 0.75);
  mesh.paint(color);
  const outline = polyline(0xdde3ee, { closed: true });
  mesh.add(outline);
  mesh.showTriangle = (a, b, c) => {
    mesh.geometry.dispose();
    mesh.geometry = new THREE.BufferGeometry().setFromPoints([a, b, c].map(toVector3));
    mesh.geometry.computeVertexNormals();
    outline.show([a, b, c]);
  };
  return mesh;
}

/** Text for a vector in the readout. */
export function vectorText(v, digits = 3) {
  return `(${[v.x, v.y, v.z].map((x) => (Math.abs(x) < 0.5 * 10 ** -digits ? 0 : x).toFixed(digits)).join(', ')})`;
}

/** The world-space plane a planePatch handle stands for: normal = the group's +z, through its position. */
export function planeOfHandle(group, normalLength = 1) {
  const normal = new THREE.Vector3(0, 0, 1).applyQuaternion(group.quaternion).multiplyScalar(normalLength);
  return { type: 'plane', normal, constant: -normal.dot(group.position) };
}

/** The rotation of a handle as collide3d takes it: 9 numbers, column-major, the columns its local axes. */
export function rotationOfHandle(group) {
  const matrix = new THREE.Matrix3().setFromMatrix4(new THREE.Matrix4().makeRotationFromQuaternion(group.quaternion));
  return [...matrix.elements];
}

/** A unit box (side 1, centred) coloured by an answer, with its edges outlined; scale it to the box's size. */
export function boxMesh(opacity = 0.7) {
  const mesh = answerMesh(new THREE.BoxGeometry(1, 1, 1), opacity);
  mesh.add(decoration(new THREE.LineSegments(new THREE.EdgesGeometry(mesh.geometry), new THREE.LineBasicMaterial({ color: 0xdde3ee }))));
  return mesh;
}

/**
 * A convex polytope drawn from points and triangles (index triples), coloured by an answer (`paint`), with its edges
 * along `outlines` (polygons as index lists; the triangles' when omitted). `showHull(hull, place)` draws a
 * c3d.ConvexHull, its vertices mapped by `place`: its faces' polygons outlined, or the segment a collinear hull is.
 * `edges` is the outline, to hide.
 */
export function polytopeMesh(color, { opacity = 0.5, edgeColor = color, depthWrite = true } = {}) {
  const body = answerMesh(new THREE.BufferGeometry(), opacity);
  body.paint(color);
  body.material.depthWrite = depthWrite;
  const edges = new THREE.LineSegments(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color: edgeColor }));
  body.add(edges);
  body.edges = edges;
  body.showFaces = (points, triangles, outlines = triangles) => {
    body.visible = points.length > 0;
    body.geometry.dispose();
    body.geometry = new THREE.BufferGeometry().setFromPoints(points.map(toVector3));
    body.geometry.setIndex(triangles.flat());
    body.geometry.computeVertexNormals();
    edges.geometry.dispose();
    edges.geometry = new THREE.BufferGeometry().setFromPoints(
      outlines.flatMap((f) => f.flatMap((i, k) => [points[i], points[f[(k + 1) % f.length]]].map(toVector3))));
  };
  body.showHull = (hull, place = (p) => p) => {
    const { vertices, triangles, faces, dimension } = hull;
    const points = Array.from({ length: vertices.length / 3 }, (_, i) =>
      place(new THREE.Vector3(vertices[3 * i], vertices[3 * i + 1], vertices[3 * i + 2])));
    const triples = Array.from({ length: triangles.length / 3 }, (_, k) => [...triangles.subarray(3 * k, 3 * k + 3)]);
    // A flat hull's faces are its polygon (both sides); a collinear one has none: its segment is outlined.
    body.showFaces(points, triples, dimension < 2 ? [[0, points.length - 1]] : faces.map((face) => [...face]));
  };
  return decoration(body);
}
