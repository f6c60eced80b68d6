// The scene's objects come from its seeded scatter, imported here. Each step checks the kept indices three ways:
// against collide3d in node (the batch calls and intersects one by one), against the culling rule written out below
// (culled when wholly behind one plane), and against three.js's answer the page shows (the same rule).
import { expect } from 'vitest';
import { boxNumbers, objects, sphereNumbers } from '../../../web/demo/src/scenes/frustum-culling.js';

const signedDistance = (plane, p) => plane.normal.x * p.x + plane.normal.y * p.y + plane.normal.z * p.z + plane.constant;

// A sphere reaches r in front of its centre; a box with half sizes h reaches hx|nx| + hy|ny| + hz|nz|.
function keptByRule(planes) {
  const kept = (center, reach) => planes.every((plane) => signedDistance(plane, center) >= -reach);
  const spheres = objects.spheres.flatMap(({ center, radius }, i) => (kept(center, radius) ? [i] : []));
  const boxes = objects.boxes.flatMap(({ min, max }, i) => {
    const center = { x: (min.x + max.x) / 2, y: (min.y + max.y) / 2, z: (min.z + max.z) / 2 };
    const reach = (plane) => ['x', 'y', 'z'].reduce((sum, k) => sum + Math.abs(plane.normal[k]) * (max[k] - min[k]) / 2, 0);
    return planes.every((plane) => signedDistance(plane, center) >= -reach(plane)) ? [i] : [];
  });
  return { spheres, boxes };
}

function sameAsLibraryAndRule(result, readout, c3d) {
  const { frustum } = result.inputs;
  expect(frustum.planes).toHaveLength(6);
  const indices = (shapes) => shapes.flatMap((shape, i) => (c3d.intersects(frustum, shape) ? [i] : []));
  expect(result.visibleSpheres).toEqual(indices(objects.spheres));
  expect(result.visibleBoxes).toEqual(indices(objects.boxes));
  const ones = (bytes) => [...bytes].flatMap((byte, i) => (byte === 1 ? [i] : []));
  expect(result.visibleSpheres).toEqual(ones(c3d.cullSpheres(frustum, sphereNumbers)));
  expect(result.visibleBoxes).toEqual(ones(c3d.cullBoxes(frustum, boxNumbers)));
  const rule = keptByRule(frustum.planes);
  expect(result.visibleSpheres).toEqual(rule.spheres);
  expect(result.visibleBoxes).toEqual(rule.boxes);
  expect(result.threeKeeps).toEqual(rule);
  expect(readout['visible spheres']).toBe(`${result.visibleSpheres.length}/150`);
  expect(readout['visible boxes']).toBe(`${result.visibleBoxes.length}/150`);
  expect(readout['three.js keeps']).toBe(`${rule.spheres.length} spheres, ${rule.boxes.length} boxes: the same`);
}

export default [
  {
    set: { viewer: [1, 0.5, 11, -4, 10, 0], fov: 50, near: 0.5, far: 15 },
    check({ result, readout, c3d }) {
      sameAsLibraryAndRule(result, readout, c3d);
      // Looking into the field from its front edge: some kept, some culled, of both kinds.
      for (const list of [result.visibleSpheres, result.visibleBoxes]) expect(list.length).toBeGreaterThan(5);
      for (const list of [result.visibleSpheres, result.visibleBoxes]) expect(list.length).toBeLessThan(145);
    },
  },
  {
    set: { far: 4 },
    check({ result, readout, c3d }) {
      // A shorter frustum keeps fewer.
      sameAsLibraryAndRule(result, readout, c3d);
      expect(result.visibleSpheres.length + result.visibleBoxes.length).toBeLessThan(30);
    },
  },
  {
    set: { viewer: [0, 10, 0, 90, 0, 0], far: 40 },
    check({ result, readout, c3d }) {
      // Turned 90° about x the camera looks up (+y) from y = 10; every object is below y = 3.5: all culled.
      sameAsLibraryAndRule(result, readout, c3d);
      expect(readout).toMatchObject({ 'visible spheres': '0/150', 'visible boxes': '0/150' });
    },
  },
  {
    set: { viewer: [0, 30, 0, -90, 0, 0], fov: 60, far: 40 },
    check({ result, readout, c3d }) {
      // Looking down from y = 30: the objects are 26.5 to 33 away (within far = 40), and at 26.5 the view is
      // 2 * 26.5 * tan(30°) = 30.6 units tall (wider still), more than the field (x, z within ±9.45): all kept.
      sameAsLibraryAndRule(result, readout, c3d);
      expect(readout).toMatchObject({ 'visible spheres': '150/150', 'visible boxes': '150/150' });
    },
  },
];
