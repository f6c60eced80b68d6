// A first scene: a rotating ray cast against four shapes with collide3d; the nearest hit is marked with its normal.
import * as THREE from 'three';
import init from 'collide3d';
import { fromBox3, fromRay, fromSphere, fromTriangle } from 'collide3d/three';

const c3d = await init();

const canvas = document.getElementById('scene');
const readout = document.getElementById('readout');
const renderer = new THREE.WebGLRenderer({ canvas, antialias: true });
renderer.setPixelRatio(window.devicePixelRatio);
const scene = new THREE.Scene();
const camera = new THREE.PerspectiveCamera(50, 1, 0.1, 100);
camera.position.set(0, 9, 14);
camera.lookAt(0, 0, 0);
scene.background = new THREE.Color(0x111418);
scene.add(new THREE.HemisphereLight(0xffffff, 0x334455, 2.5));
const grid = new THREE.GridHelper(20, 20, 0x3a4150, 0x262b34);
grid.position.y = -1.01;
scene.add(grid);

const material = (color) => new THREE.MeshStandardMaterial({ color, side: THREE.DoubleSide, transparent: true, opacity: 0.85 });

const triangle = new THREE.Triangle(new THREE.Vector3(3, -1, -3), new THREE.Vector3(6, -1, 1), new THREE.Vector3(4, 3, -1));
const triangleGeometry = new THREE.BufferGeometry().setFromPoints([triangle.a, triangle.b, triangle.c]);
scene.add(new THREE.Mesh(triangleGeometry, material(0x4f9dde)));

const sphere = new THREE.Sphere(new THREE.Vector3(-4, 0, -2), 1.5);
const sphereMesh = new THREE.Mesh(new THREE.SphereGeometry(sphere.radius, 32, 16), material(0xde7a4f));
sphereMesh.position.copy(sphere.center);
scene.add(sphereMesh);

const box = new THREE.Box3(new THREE.Vector3(-1.5, -1, 3), new THREE.Vector3(1, 1.5, 5));
const boxMesh = new THREE.Mesh(new THREE.BoxGeometry(...box.getSize(new THREE.Vector3()).toArray()), material(0x7ade4f));
boxMesh.position.copy(box.getCenter(new THREE.Vector3()));
scene.add(boxMesh);

const cylinder = { type: 'cylinder', start: { x: 0, y: -1, z: -6 }, end: { x: 0, y: 2, z: -6 }, radius: 1 };
const cylinderMesh = new THREE.Mesh(new THREE.CylinderGeometry(1, 1, 3, 32), material(0xd94fde));
cylinderMesh.position.set(0, 0.5, -6);
scene.add(cylinderMesh);

const targets = [
  ['triangle', fromTriangle(triangle)],
  ['sphere', fromSphere(sphere)],
  ['box', fromBox3(box)],
  ['cylinder', cylinder],
];

const ray = new THREE.Ray(new THREE.Vector3(0, 0.2, 0), new THREE.Vector3(1, 0, 0));
const rayLine = new THREE.Line(new THREE.BufferGeometry().setFromPoints([new THREE.Vector3(), new THREE.Vector3()]),
  new THREE.LineBasicMaterial({ color: 0xffe066 }));
scene.add(rayLine);
const hitMarker = new THREE.Mesh(new THREE.SphereGeometry(0.12), new THREE.MeshBasicMaterial({ color: 0xffffff }));
scene.add(hitMarker);
const normalArrow = new THREE.ArrowHelper(new THREE.Vector3(0, 1, 0), new THREE.Vector3(), 1.2, 0xffffff);
scene.add(normalArrow);

function resize() {
  renderer.setSize(window.innerWidth, window.innerHeight, false);
  camera.aspect = window.innerWidth / window.innerHeight;
  camera.updateProjectionMatrix();
}
window.addEventListener('resize', resize);
resize();

function frame(time) {
  const angle = time * 0.0004;
  ray.direction.set(Math.cos(angle), -0.05, Math.sin(angle)).normalize();
  let nearest = null;
  for (const [name, shape] of targets) {
    const hit = c3d.raycast(fromRay(ray), shape);
    if (hit && (nearest === null || hit.t < nearest.hit.t)) nearest = { name, hit };
  }
  const end = nearest ? nearest.hit.point : ray.at(20, new THREE.Vector3());
  rayLine.geometry.setFromPoints([ray.origin, new THREE.Vector3(end.x, end.y, end.z)]);
  hitMarker.visible = normalArrow.visible = nearest !== null;
  if (nearest) {
    const { point, normal, t } = nearest.hit;
    hitMarker.position.set(point.x, point.y, point.z);
    normalArrow.position.copy(hitMarker.position);
    normalArrow.setDirection(new THREE.Vector3(normal.x, normal.y, normal.z));
    readout.textContent = `hit: ${nearest.name}\nt = ${t.toFixed(3)}\npoint  = (${[point.x, point.y, point.z].map((x) => x.toFixed(2)).join(', ')})\nnormal = (${[normal.x, normal.y, normal.z].map((x) => x.toFixed(2)).join(', ')})`;
  } else {
    readout.textContent = 'no hit';
  }
  document.body.dataset.hit = nearest ? nearest.name : 'none';
  renderer.render(scene, camera);
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
