// Mesh queries: a TriangleMesh over a waving sheet, refit (not rebuilt) as it waves, and a probe of any shape the
// mesh answers: the surface's closest point to a point, or for a solid whether it touches the surface, the closest
// points while apart and the contact with every triangle it penetrates.
import * as THREE from 'three';
import { COLORS, arrow, marker, polyline, surfaceMaterial, toVector3, vectorText } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { afterChanges, microseconds } from '../framework/timing.js';
import { TARGETS, sweepTargets } from './sweep-targets.js';

export const explanation = `A <code>TriangleMesh</code> answers a shape against all its triangles through its tree:
  each query skips every box farther than the best answer so far, and runs the exact single test on the triangles it
  reaches. <code>closestPoint(p)</code> gives the surface's point nearest <b>p</b> (the nearest of each triangle's
  seven Voronoi regions: inside, an edge, a corner; Ericson §5.1.5). For a solid,
  <code>intersects</code> says whether it touches the surface, <code>closestPoints</code> gives the two nearest
  points while it is apart (dashed), and <code>contacts</code> every triangle it touches or penetrates, each with the
  direction and depth that would push it out of that triangle (the arrows: one per triangle, so a shape across a
  fold gets one from each side). <p>When the sheet waves its vertices move but its triangles stay the same:
  <code>refit(positions)</code> recomputes the tree's boxes bottom-up in one pass without rebuilding the tree, which
  is what a cloth, a skinned figure or a deforming terrain needs every frame. The boxes may fit less tightly after
  large moves, which costs time, never correctness.</p>`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/mesh/triangle_mesh.h', 'cpp/collide3d/mesh/bvh.h'];

export const params = {
  probe: { type: 'transform', position: [0.8, 1.5, 0.4], rotation: [20, 0, 30] },
  kind: { type: 'choice', value: 'capsule', options: TARGETS.filter((kind) => kind !== 'plane'), label: 'probe' },
  amplitude: { type: 'number', value: 0.6, min: 0, max: 1.5, step: 0.01, label: 'wave height' },
  phase: { type: 'number', value: 0, min: 0, max: 360, step: 1, label: 'wave phase°' },
};

export const camera = [4, 6.5, 10];
// The info panel covers the left of the page: the view looks a little left so that the sheet clears it.
export const target = [-2.5, 0, 0];
export const narrow = { camera: [3, 10, 17], target: [-0.5, -3, 0] };

const SIZE = 8, CELLS = 24;
/** The sheet's code, as the code panel shows it and the scene runs it. */
export const SHEET_CODE = `new THREE.PlaneGeometry(${SIZE}, ${SIZE}, ${CELLS}, ${CELLS}).rotateX(-Math.PI / 2)`;
export const sheet = () => new THREE.PlaneGeometry(SIZE, SIZE, CELLS, CELLS).rotateX(-Math.PI / 2);

/**
 * The sheet's vertices waved: y = height sin(1.1 x + phase) cos(0.7 z); `waveCode` is the same as the code panel
 * shows it (the browser test runs it and gets the same numbers).
 */
export const wave = (positions, height, phase) =>
  positions.map((y, i, xyz) => (i % 3 === 1 ? height * Math.sin(1.1 * xyz[i - 1] + phase) * Math.cos(0.7 * xyz[i + 1]) : y));
const waveCode = (height, phase) =>
  `sheet.attributes.position.array.map((y, i, xyz) => (i % 3 === 1 ? ${height} * Math.sin(1.1 * xyz[i - 1] + ${phase}) * Math.cos(0.7 * xyz[i + 1]) : y))`;

export function create({ c3d, quiet, describe, stage, handles, live }) {
  const geometry = sheet();
  const rest = geometry.attributes.position.array.slice();  // the sheet before any wave
  describe(geometry.attributes.position.array, { name: 'sheet.attributes.position.array', code: [`const sheet = ${SHEET_CODE};`] });
  describe(geometry.index.array, { name: 'sheet.index.array', code: [] });
  const mesh = new c3d.TriangleMesh(geometry.attributes.position.array, geometry.index.array);
  const surface = new THREE.Mesh(geometry, surfaceMaterial(0x6c7a96, { opacity: 0.75 }));
  surface.material.side = THREE.DoubleSide;
  const wires = new THREE.LineSegments(new THREE.WireframeGeometry(geometry),
    new THREE.LineBasicMaterial({ color: 0x8a94a6, transparent: true, opacity: 0.25 }));
  stage.scene.add(surface, wires);

  const probe = sweepTargets(handles.probe);
  const nearest = [marker(), marker()];
  const gap = polyline(COLORS.result, { dashed: true });
  stage.scene.add(...nearest, gap);
  const pushes = [];  // one arrow per contact, reused between updates

  // A timing mesh of its own (unrecorded): refit against a full rebuild, on the same positions.
  const timed = new quiet.TriangleMesh(rest, geometry.index.array);
  let waved = null;
  const timeRefit = afterChanges((positions) => {
    const refit = microseconds(() => timed.refit(positions));
    const rebuild = microseconds(() => new quiet.TriangleMesh(positions, geometry.index.array).dispose());
    live([['refit', `${refit.toFixed(1)} µs`], ['rebuild', `${rebuild.toFixed(1)} µs`]]);
  });

  function waveTo(amplitude, phase) {
    const key = `${amplitude} ${phase}`;
    if (waved?.key === key) return;
    const radians = (phase * Math.PI) / 180;
    const positions = wave(rest, amplitude, radians);
    describe(positions, { name: 'waved', code: [`const waved = ${waveCode(amplitude, radians)};`] });
    waved = { key, positions };
    geometry.attributes.position.array.set(positions);
    geometry.attributes.position.needsUpdate = true;
    geometry.computeVertexNormals();
    geometry.computeBoundingSphere();
    wires.geometry.dispose();
    wires.geometry = new THREE.WireframeGeometry(geometry);
    timeRefit(positions);
  }

  function showContacts(contacts) {
    while (pushes.length < contacts.length) {
      const push = arrow(COLORS.normal, 0.6);
      push.traverse((node) => { if (node.material) node.material.depthTest = false; });  // seen through the probe
      push.renderOrder = 2;
      stage.scene.add(push);
      pushes.push(push);
    }
    pushes.forEach((push, k) => {
      push.visible = k < contacts.length;
      if (push.visible) push.show(toVector3(contacts[k].point), contacts[k].normal);
    });
  }

  function showGap(pointA, pointB) {
    for (const dot of [...nearest, gap]) dot.visible = pointA !== null;
    if (pointA === null) return;
    nearest[0].position.copy(toVector3(pointA));
    nearest[1].position.copy(toVector3(pointB));
    gap.show([toVector3(pointA), toVector3(pointB)]);
  }

  return ({ kind, amplitude, phase }) => {
    waveTo(amplitude, phase);
    // Refit on every answer, so the code shows the mesh as it is now.
    mesh.refit(waved.positions);
    const shape = probe.show(kind);
    const rows = [['triangles', String(mesh.triangleCount)], ['refit', `${mesh.vertexCount} vertices moved`]];
    if (kind === 'point') {
      const closest = mesh.closestPoint(shape.position);
      showGap(closest.point, shape.position);
      showContacts([]);
      rows.push(['closest point', vectorText(closest.point)], ['distance', shortNumber(closest.distance)],
        ['triangle', String(closest.triangleIndex)]);
      return { rows, result: { inputs: { kind, shape, amplitude, phase }, closest } };
    }
    const touches = mesh.intersects(shape);
    const closest = mesh.closestPoints(shape);
    const contacts = touches ? mesh.contacts(shape) : [];
    probe.paint(kind, touches ? COLORS.intersecting : COLORS.apart);
    showGap(touches ? null : closest.pointA, closest.pointB);
    showContacts(contacts);
    rows.push(['touches the surface', touches ? 'yes' : 'no']);
    if (!touches) {
      rows.push(['distance', shortNumber(closest.distance)], ['nearest triangle', String(closest.triangleIndex)]);
    } else {
      const deepest = contacts.reduce((a, b) => (b.depth > a.depth ? b : a));
      rows.push(['contacts', String(contacts.length)], ['deepest', `${shortNumber(deepest.depth)} (triangle ${deepest.triangleIndex})`],
        ['its normal', vectorText(deepest.normal)]);
    }
    return { rows, result: { inputs: { kind, shape, amplitude, phase }, touches, closest, contacts } };
  };
}
