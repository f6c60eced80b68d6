// The objects of the picking scene, built the same way on the page and in its browser test (which raycasts them in
// node with three.js's own raycast): 5,000 instances of a small icosahedron scattered in a ring from a fixed seed, a
// torus knot of 131,072 triangles, and a walking figure skinned to nine bones (a SkinnedMesh built here, no assets).
import * as THREE from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import { mulberry32 } from '../framework/random.js';

export const INSTANCE_COUNT = 5000;
const SEED = 20250316;
const FLOOR = -3;  // the stage's grid

function instances() {
  const mesh = new THREE.InstancedMesh(new THREE.IcosahedronGeometry(1, 0),
    new THREE.MeshStandardMaterial({ roughness: 0.55, flatShading: true }), INSTANCE_COUNT);
  mesh.name = 'instances';
  const random = mulberry32(SEED);
  const matrix = new THREE.Matrix4(), rotation = new THREE.Quaternion(), euler = new THREE.Euler();
  const position = new THREE.Vector3(), scale = new THREE.Vector3();
  const color = new THREE.Color();
  for (let i = 0; i < INSTANCE_COUNT; ++i) {
    // A ring around the knot, denser and thicker at its middle radius.
    const angle = random() * 2 * Math.PI;
    const across = (random() + random()) / 2;
    const radius = 2.9 + 2.4 * across;
    const height = (random() - 0.5) * 1.6 * (1 - Math.abs(2 * across - 1));
    position.set(Math.cos(angle) * radius, 0.2 + height, Math.sin(angle) * radius);
    rotation.setFromEuler(euler.set(random() * 6.3, random() * 6.3, random() * 6.3));
    const size = 0.045 + 0.05 * random();
    scale.set(size, size * (0.7 + 0.6 * random()), size);
    mesh.setMatrixAt(i, matrix.compose(position, rotation, scale));
    mesh.setColorAt(i, color.setHSL(0.5 + 0.16 * random(), 0.45, 0.45 + 0.2 * random()));  // cool: a yellow pick stands out
  }
  return mesh;
}

function knot() {
  const mesh = new THREE.Mesh(new THREE.TorusKnotGeometry(1.3, 0.42, 1024, 64),
    new THREE.MeshStandardMaterial({ color: 0x7d8fb3, roughness: 0.45, metalness: 0.1 }));
  mesh.name = 'knot';
  mesh.position.set(0, 0.5, 0);
  mesh.rotation.set(0.35, 0, 0.2);
  return mesh;
}

// The figure's bones in its bind pose (feet at y = 0, facing +z): name, parent, position relative to the parent.
const BONES = [
  ['pelvis', null, [0, 1, 0]],
  ['spine', 'pelvis', [0, 0.35, 0]],
  ['head', 'spine', [0, 0.85, 0]],
  ['hipL', 'pelvis', [-0.16, -0.05, 0]],
  ['kneeL', 'hipL', [0, -0.45, 0]],
  ['hipR', 'pelvis', [0.16, -0.05, 0]],
  ['kneeR', 'hipR', [0, -0.45, 0]],
  ['shoulderL', 'spine', [-0.42, 0.5, 0]],
  ['shoulderR', 'spine', [0.42, 0.5, 0]],
];
const boneIndex = Object.fromEntries(BONES.map(([name], i) => [name, i]));

const smoothstep = (from, to, x) => {
  const t = Math.min(1, Math.max(0, (x - from) / (to - from)));
  return t * t * (3 - 2 * t);
};

// A part of the figure: a geometry placed in the bind pose, each vertex skinned to two bones by a weight of its height.
function part(geometry, [x, y, z], lower, upper, blendFrom = 0, blendTo = 0) {
  geometry.translate(x, y, z);
  const position = geometry.attributes.position;
  const skinIndex = new Uint16Array(4 * position.count), skinWeight = new Float32Array(4 * position.count);
  for (let i = 0; i < position.count; ++i) {
    const w = blendFrom === blendTo ? 1 : smoothstep(blendFrom, blendTo, position.getY(i));
    skinIndex[4 * i] = boneIndex[upper];
    skinIndex[4 * i + 1] = boneIndex[lower];
    skinWeight[4 * i] = w;
    skinWeight[4 * i + 1] = 1 - w;
  }
  geometry.setAttribute('skinIndex', new THREE.Uint16BufferAttribute(skinIndex, 4));
  geometry.setAttribute('skinWeight', new THREE.Float32BufferAttribute(skinWeight, 4));
  return geometry;
}

function figure() {
  const leg = () => new THREE.CylinderGeometry(0.11, 0.085, 0.95, 14, 14);
  const arm = () => new THREE.CylinderGeometry(0.085, 0.07, 0.8, 12, 8);
  const geometry = mergeGeometries([
    part(new THREE.CylinderGeometry(0.3, 0.24, 1.05, 24, 12), [0, 1.47, 0], 'pelvis', 'spine', 1.15, 1.65),
    part(new THREE.SphereGeometry(0.23, 24, 16), [0, 2.24, 0], 'head', 'head'),
    part(leg(), [-0.16, 0.5, 0], 'kneeL', 'hipL', 0.42, 0.6),
    part(leg(), [0.16, 0.5, 0], 'kneeR', 'hipR', 0.42, 0.6),
    part(arm(), [-0.42, 1.45, 0], 'shoulderL', 'shoulderL'),
    part(arm(), [0.42, 1.45, 0], 'shoulderR', 'shoulderR'),
  ]);
  const mesh = new THREE.SkinnedMesh(geometry, new THREE.MeshStandardMaterial({ color: 0xd9896a, roughness: 0.6 }));
  mesh.name = 'figure';
  const bones = BONES.map(([name, , offset]) => Object.assign(new THREE.Bone(), { name }).translateX(offset[0])
    .translateY(offset[1]).translateZ(offset[2]));
  BONES.forEach(([, parent], i) => (parent === null ? mesh : bones[boneIndex[parent]]).add(bones[i]));
  mesh.bind(new THREE.Skeleton(bones));
  mesh.position.set(6.6, FLOOR, -0.6);
  mesh.rotation.y = -0.9;
  mesh.scale.setScalar(1.3);
  return mesh;
}

/** Puts the figure in its walk at `phase` (0 to 1, one stride of each leg), updates its matrices and its bounds. */
export function pose(mesh, phase) {
  const angle = 2 * Math.PI * phase;
  const swing = Math.sin(angle);
  const bone = (name) => mesh.skeleton.bones[boneIndex[name]];
  bone('pelvis').position.y = 1 + 0.04 * Math.cos(2 * angle);
  bone('pelvis').rotation.z = 0.05 * swing;
  bone('spine').rotation.y = 0.18 * swing;
  bone('head').rotation.x = 0.08 * Math.cos(2 * angle);
  bone('hipL').rotation.x = -0.55 * swing;
  bone('hipR').rotation.x = 0.55 * swing;
  // A knee bends backwards while its leg swings forwards.
  bone('kneeL').rotation.x = 0.8 * Math.max(0, Math.sin(angle + Math.PI / 2)) ** 2;
  bone('kneeR').rotation.x = 0.8 * Math.max(0, Math.sin(angle - Math.PI / 2)) ** 2;
  bone('shoulderL').rotation.x = 0.45 * swing;
  bone('shoulderR').rotation.x = -0.45 * swing;
  mesh.updateMatrixWorld(true);
  // three.js's raycast (and its frustum culling) tests the posed bounding sphere first: it must follow the pose.
  mesh.computeBoundingSphere();
}

/** The three pickable objects, placed, the figure posed at `phase`. */
export function pickables(phase = 0) {
  const objects = { instances: instances(), knot: knot(), figure: figure() };
  for (const object of Object.values(objects)) object.updateMatrixWorld(true);
  pose(objects.figure, phase);
  return objects;
}

const plainVector = (v) => (v.z === undefined ? { x: v.x, y: v.y } : { x: v.x, y: v.y, z: v.z });

/** The class of a pickable object, as the readout names it. */
export const kindOf = (object) => (object.isInstancedMesh ? 'InstancedMesh' : object.isSkinnedMesh ? 'SkinnedMesh' : 'Mesh');

/** An Intersection as plain data: which object, instance and triangle, the distance, point and uv. */
export function hitSummary(hit) {
  const summary = { object: hit.object.name, faceIndex: hit.faceIndex, distance: hit.distance, point: plainVector(hit.point) };
  if (hit.instanceId !== undefined) summary.instanceId = hit.instanceId;
  if (hit.uv !== undefined) summary.uv = plainVector(hit.uv);
  return summary;
}

const corner = new THREE.Vector3();
const instanceMatrix = new THREE.Matrix4();

/** The world corners of the triangle a hit is on: as posed (a skinned mesh), placed (an instance) and moved. */
export function hitTriangle(hit) {
  const { object, face, instanceId } = hit;
  return [face.a, face.b, face.c].map((vertex) => {
    object.getVertexPosition(vertex, corner);
    if (instanceId !== undefined) corner.applyMatrix4(object.getMatrixAt(instanceId, instanceMatrix));
    return plainVector(corner.applyMatrix4(object.matrixWorld));
  });
}
