// Frustum culling: the view frustum of a second camera (a rotatable handle) against a few hundred spheres and boxes
// scattered from a fixed seed; cullSpheres and cullBoxes keep or cull them all in one call each, beside three.js's
// Frustum tests on the same objects, with the time each takes.
import * as THREE from 'three';
import { fromFrustum } from 'collide3d/three';
import { mulberry32 } from '../framework/random.js';
import { COLORS } from '../framework/visuals.js';
import { afterChanges, microseconds } from '../framework/timing.js';

export const explanation = `The camera's view volume is six planes with inward normals <b>n</b> and constants
  <i>d</i>. A sphere is culled when it lies wholly behind one of them, <b>n</b>·<b>c</b> + <i>d</i> &lt; −<i>r</i>; a
  box when its centre is further behind a plane than the box's projected radius on that normal,
  <i>h</i><sub>x</sub>|<i>n</i><sub>x</sub>| + <i>h</i><sub>y</sub>|<i>n</i><sub>y</sub>| +
  <i>h</i><sub>z</sub>|<i>n</i><sub>z</sub>| (Assarsson–Möller 2000; Ericson §5.2). Orange objects are kept, grey ones
  culled. The test is conservative: an object just beyond an edge or a corner of the frustum, in front of every plane
  taken one at a time, is kept although it is outside, so a visible object is never culled.
  <p><code>cullSpheres</code> and <code>cullBoxes</code> take every object at once, as numbers in one typed array (a
  sphere's centre and radius, a box's min and max), and answer a byte per object: one call each instead of one per
  object, with the planes tested four objects at a time. three.js's <code>Frustum.intersectsSphere</code> and
  <code>intersectsBox</code> decide the same rule; their answers are compared, and both are timed.</p>`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/intersects/intersects_frustum_shape.h'];

export const params = {
  viewer: { type: 'transform', position: [1, 0.5, 11], rotation: [-4, 10, 0], label: 'camera' },
  fov: { type: 'number', value: 50, min: 10, max: 120, step: 1, label: 'fov°' },
  near: { type: 'number', value: 0.5, min: 0.05, max: 3, step: 0.05 },
  far: { type: 'number', value: 15, min: 4, max: 40, step: 0.1 },
};

export const camera = [16, 19, 17];

const ASPECT = 1.5;
const COUNT = 150;  // spheres, and as many boxes
const SEED = 20240611;

function scatter(seed) {
  const random = mulberry32(seed);
  const between = (lo, hi) => lo + (hi - lo) * random();
  const spot = () => ({ x: between(-9, 9), y: between(-2.5, 3), z: between(-9, 9) });
  const spheres = Array.from({ length: COUNT }, () => ({ type: 'sphere', center: spot(), radius: between(0.15, 0.45) }));
  const boxes = Array.from({ length: COUNT }, () => {
    const c = spot(), h = { x: between(0.12, 0.4), y: between(0.12, 0.4), z: between(0.12, 0.4) };
    return {
      type: 'aabb', min: { x: c.x - h.x, y: c.y - h.y, z: c.z - h.z }, max: { x: c.x + h.x, y: c.y + h.y, z: c.z + h.z },
    };
  });
  return { spheres, boxes };
}

/** The scene's objects, exported so that the browser test can recompute the culling in node. */
export const objects = scatter(SEED);
/** The same as the batch calls take them: x, y, z, radius per sphere; min x, y, z, max x, y, z per box. */
export const sphereNumbers = Float64Array.from(objects.spheres.flatMap(({ center: c, radius }) => [c.x, c.y, c.z, radius]));
export const boxNumbers = Float64Array.from(objects.boxes.flatMap(({ min, max }) => [min.x, min.y, min.z, max.x, max.y, max.z]));
const threeSpheres = objects.spheres.map(({ center, radius }) => new THREE.Sphere(new THREE.Vector3().copy(center), radius));
const threeBoxes = objects.boxes.map(({ min, max }) => new THREE.Box3(new THREE.Vector3().copy(min), new THREE.Vector3().copy(max)));

// One draw call per kind: an instance per object, its matrix set once and its colour on every update.
function instances(geometry, shapes, placement) {
  const mesh = new THREE.InstancedMesh(geometry, new THREE.MeshStandardMaterial({ roughness: 0.6 }), shapes.length);
  const matrix = new THREE.Matrix4();
  shapes.forEach((shape, i) => mesh.setMatrixAt(i, placement(shape, matrix)));
  return mesh;
}

// Orbit about a point left of the field's centre, so the field sits right of the info panel.
export const target = [-3, 0, 2];
// On a phone the panel covers the lower part of the screen: the view pulls back and looks lower.
export const narrow = { camera: [20, 24, 26], target: [-3, -4, 2] };

export function create({ c3d, quiet, describe, stage, handles, live }) {
  describe(sphereNumbers, { name: 'spheres', about: `${COUNT} spheres, x, y, z, radius each, in a Float64Array` });
  describe(boxNumbers, { name: 'boxes', about: `${COUNT} boxes, min x, y, z, max x, y, z each, in a Float64Array` });
  const spheres = instances(new THREE.SphereGeometry(1, 16, 10), objects.spheres,
    ({ center, radius }, m) => m.makeScale(radius, radius, radius).setPosition(center.x, center.y, center.z));
  const boxes = instances(new THREE.BoxGeometry(1, 1, 1), objects.boxes,
    ({ min, max }, m) => m.makeScale(max.x - min.x, max.y - min.y, max.z - min.z)
      .setPosition((min.x + max.x) / 2, (min.y + max.y) / 2, (min.z + max.z) / 2));
  stage.scene.add(spheres, boxes);

  // The second camera hangs on its handle (looking down the handle's -z), with a small body to grab it by.
  const view = new THREE.PerspectiveCamera(50, ASPECT);  // fov, near and far come from the parameters
  const bodyMaterial = new THREE.MeshStandardMaterial({ color: 0xdde3ee, roughness: 0.5 });
  const body = new THREE.Mesh(new THREE.BoxGeometry(0.5, 0.4, 0.6), bodyMaterial);
  const lens = new THREE.Mesh(new THREE.CylinderGeometry(0.12, 0.2, 0.3, 20).rotateX(Math.PI / 2), bodyMaterial);
  lens.position.z = -0.4;
  handles.viewer.add(view, body, lens);
  const outline = new THREE.CameraHelper(view);
  const [edges, guides] = [new THREE.Color(0xdde3ee), new THREE.Color(0x7f8ba0)];
  outline.setColors(edges, guides, guides, guides, guides);
  stage.scene.add(outline);

  const frustum = new THREE.Frustum();
  const viewProjection = new THREE.Matrix4();
  const kept = new THREE.Color(COLORS.intersecting), culled = new THREE.Color(COLORS.apart);

  // Colours every instance by the batch's answer (a byte per object) and returns the indices kept.
  function paint(mesh, visible) {
    const indices = [];
    visible.forEach((inside, i) => {
      if (inside) indices.push(i);
      mesh.setColorAt(i, inside ? kept : culled);
    });
    mesh.instanceColor.needsUpdate = true;
    return indices;
  }
  // The indices three.js's Frustum keeps.
  const keptBy = (test, shapes) => shapes.flatMap((shape, i) => (test(shape) ? [i] : []));
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  // The timed calls write into arrays kept for it, unrecorded.
  const sphereBytes = new Uint8Array(COUNT), boxBytes = new Uint8Array(COUNT);
  const quietCull = (shape) => {
    quiet.cullSpheres(shape, sphereNumbers, sphereBytes);
    quiet.cullBoxes(shape, boxNumbers, boxBytes);
  };
  const timeCulling = afterChanges((shape) => live([
    ['cullSpheres + cullBoxes', `${microseconds(() => quietCull(shape)).toFixed(1)} µs`],
    ['three.js Frustum', `${microseconds(() => {
      threeSpheres.forEach((sphere) => frustum.intersectsSphere(sphere));
      threeBoxes.forEach((box) => frustum.intersectsBox(box));
    }).toFixed(1)} µs`],
  ]));

  return ({ fov, near, far }) => {
    Object.assign(view, { fov, near, far });
    view.updateProjectionMatrix();
    outline.update();
    frustum.setFromProjectionMatrix(viewProjection.multiplyMatrices(view.projectionMatrix, view.matrixWorldInverse));
    const shape = fromFrustum(frustum);
    const visibleSpheres = paint(spheres, c3d.cullSpheres(shape, sphereNumbers));
    const visibleBoxes = paint(boxes, c3d.cullBoxes(shape, boxNumbers));
    const threeKeeps = {
      spheres: keptBy((sphere) => frustum.intersectsSphere(sphere), threeSpheres),
      boxes: keptBy((box) => frustum.intersectsBox(box), threeBoxes),
    };
    const agree = same(threeKeeps.spheres, visibleSpheres) && same(threeKeeps.boxes, visibleBoxes);
    timeCulling(shape);
    return {
      rows: [['visible spheres', `${visibleSpheres.length}/${COUNT}`],
        ['visible boxes', `${visibleBoxes.length}/${COUNT}`],
        ['three.js keeps', `${threeKeeps.spheres.length} spheres, ${threeKeeps.boxes.length} boxes${agree ? ': the same' : ''}`]],
      result: { inputs: { frustum: shape }, visibleSpheres, visibleBoxes, threeKeeps },
    };
  };
}
