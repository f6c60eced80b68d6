// The pose three.js's raycast sees on a skinned or morphed mesh: its vertices through object.getVertexPosition (the
// morph targets, then the bones), and a signature of what that pose depends on, so a posed tree is refitted only
// when the pose changed.
import { Vector3 } from 'three';

const vertex = new Vector3();

/** Whether three.js's raycast sees `object`'s geometry in a pose other than its stored positions. */
export function isPosed(object) {
  if (object.isSkinnedMesh === true) return true;
  const morphs = object.geometry.morphAttributes.position;
  const influences = object.morphTargetInfluences;
  return morphs !== undefined && morphs.length > 0 && influences !== undefined && influences.some((w) => w !== 0);
}

/** The first `count` vertices as three.js's raycast places them, x, y, z per vertex. */
export function posedPositions(object, count) {
  const out = new Float32Array(3 * count);
  for (let i = 0; i < count; ++i) {
    object.getVertexPosition(i, vertex);
    out[3 * i] = vertex.x;
    out[3 * i + 1] = vertex.y;
    out[3 * i + 2] = vertex.z;
  }
  return out;
}

/**
 * Writes into `into` (an array, reused) the numbers the pose depends on: the position and morph attributes'
 * versions, the morph influences, and for a skinned mesh its bind matrices and each bone's world and inverse
 * matrices. Returns whether they differ from what `into` held.
 */
export function updatePoseSignature(object, into) {
  return updateSignature(into, (put) => {
    const putAll = (values) => {
      for (let i = 0; i < values.length; ++i) put(values[i]);
    };
    const geometry = object.geometry;
    put(geometry.attributes.position.version);
    for (const morph of geometry.morphAttributes.position ?? []) put(morph.version);
    putAll(object.morphTargetInfluences ?? []);
    if (object.isSkinnedMesh === true) {
      putAll(object.bindMatrix.elements);
      putAll(object.bindMatrixInverse.elements);
      const { bones, boneInverses } = object.skeleton;
      for (let i = 0; i < bones.length; ++i) {
        putAll(bones[i].matrixWorld.elements);
        putAll(boneInverses[i].elements);
      }
    }
  });
}

/** Puts into `into` the values `write(put)` gives, in order; returns whether any differs from what `into` held. */
function updateSignature(into, write) {
  let n = 0, changed = false;
  write((x) => {
    if (into[n] !== x) {
      into[n] = x;
      changed = true;
    }
    ++n;
  });
  if (into.length !== n) {
    into.length = n;
    changed = true;
  }
  return changed;
}
