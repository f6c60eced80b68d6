// The ray of the ray-casting scenes: an origin handle and a target handle it points at. It is drawn as a beam that
// stops at the hit, where a marker and the normal arrow show.
import * as THREE from 'three';
import { COLORS, arrow, marker, polyline, toVector3 } from '../framework/visuals.js';

const FAR = 30;  // how far a missing ray is drawn

export function rayHandles(stage, handles) {
  handles.origin.add(marker(COLORS.caster, 0.14));
  handles.target.add(marker(0xdde3ee, 0.1));
  const beam = polyline(COLORS.caster);
  const hitMarker = marker(COLORS.result, 0.1);
  const normal = arrow(COLORS.normal);
  stage.scene.add(beam, hitMarker, normal);

  return {
    /** The unit-direction ray from the origin handle towards the target (any direction when they coincide). */
    ray() {
      const origin = handles.origin.position;
      const direction = new THREE.Vector3().subVectors(handles.target.position, origin);
      if (direction.lengthSq() === 0) direction.set(1, 0, 0);
      return { type: 'ray', origin, direction: direction.normalize() };
    },
    /** Draws the beam up to the hit (or far along the ray when it misses), the hit point and its normal. */
    show(ray, hit) {
      hitMarker.visible = normal.visible = hit !== null;
      const stop = hit ? toVector3(hit.point) : ray.origin.clone().addScaledVector(ray.direction, FAR);
      beam.show([ray.origin, stop]);
      if (hit === null) return;
      hitMarker.position.copy(stop);
      normal.show(stop, hit.normal);
    },
  };
}
