// Serialized TriangleMeshes: the bytes of one ArrayBuffer, laid out and checked by the wasm module
// (cpp/collide3d/mesh/mesh_format.h). The module describes the format (version, header size, each section's name and
// typed array) and, for each mesh, where each section lies in the image and in the heap; this side only copies those
// spans, straight between the image and the mesh's own arrays.
import { typeError } from './errors.js';

const TYPED_ARRAYS = { Float32Array, Uint32Array, Uint8Array };

// Genuine ArrayBuffers and typed arrays, told and read through the built-in accessors (no user code runs).
const arrayBufferLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength').get;
const TypedArray = Object.getPrototypeOf(Uint8Array);
const intrinsic = (key) => Object.getOwnPropertyDescriptor(TypedArray.prototype, key).get;
const typeNameOf = intrinsic(Symbol.toStringTag), bufferOf = intrinsic('buffer');
const byteOffsetOf = intrinsic('byteOffset'), byteLengthOf = intrinsic('byteLength');
function isArrayBuffer(x) {
  try {
    arrayBufferLength.call(x);
    return true;
  } catch {
    return false;
  }
}

// `shared`: what index.js's API shares (module, io, A, OUT, layout, failure, beginCall).
export function defineMeshFormat(shared) {
  const { module, A, OUT } = shared;
  const IMAGE = shared.layout('meshImage', `first:number vertexCount:number triangleCount:number spans:imageSpan*${module.meshFormat().sections.length}`);
  const SPAN = shared.layout('imageSpan', 'offset:number bytes:number address:number');
  const format = module.meshFormat();
  const sections = format.sections.map(({ name, type }) => ({ name, Type: TYPED_ARRAYS[type] }));
  if (sections.some((s) => s.Type === undefined)) throw new Error('collide3d: the wasm module names an unknown typed array');

  // Where argument A's space is in the heap (the header's words), and the spans the module wrote into the result.
  const headerAt = () => shared.io().byteOffset + 8 * A;
  function image() {
    const f = shared.io();
    const spans = sections.map((section, k) => {
      const o = OUT + IMAGE.spans + SPAN.size * k;
      return { ...section, offset: f[o + SPAN.offset], bytes: f[o + SPAN.bytes], at: f[o + SPAN.address] };
    });
    return { first: f[OUT + IMAGE.first], vertexCount: f[OUT + IMAGE.vertexCount], triangleCount: f[OUT + IMAGE.triangleCount], spans };
  }

  // The mesh at `address` as { version, vertexCount, triangleCount, buffer, <section>: a view of it, ... }.
  function serialize(fn, address) {
    shared.beginCall();
    module.meshSerialize(address);
    const { first: byteLength, vertexCount, triangleCount, spans } = image();
    let buffer;
    try {
      buffer = new ArrayBuffer(byteLength);
    } catch {
      throw shared.failure(shared.status.heapFull, fn, 'the mesh');
    }
    // No call into the module since the spans were written: the heap views below stay attached.
    const bytes = new Uint8Array(buffer), heap = module.HEAPU8;
    bytes.set(heap.subarray(headerAt(), headerAt() + format.headerBytes), 0);
    const data = { version: format.version, vertexCount, triangleCount, buffer };
    for (const { name, Type, offset, bytes: size, at } of spans) {
      bytes.set(heap.subarray(at, at + size), offset);
      data[name] = new Type(buffer, offset, size / Type.BYTES_PER_ELEMENT);
    }
    return data;
  }

  // The bytes of `data`: what serialize() returned (its `buffer`), an ArrayBuffer, or a typed array over the bytes.
  function bytesOf(fn, data) {
    const expected = 'a serialized TriangleMesh ({ buffer }), an ArrayBuffer or a Uint8Array';
    let source = data;
    if (data !== null && typeof data === 'object' && !isArrayBuffer(data) && typeNameOf.call(data) === undefined) {
      source = data.buffer;  // read once
      if (!isArrayBuffer(source)) throw typeError(fn, 'data.buffer', 'an ArrayBuffer', source);
    }
    // A detached buffer holds no bytes (and no view of it can be made).
    if (isArrayBuffer(source)) return arrayBufferLength.call(source) === 0 ? new Uint8Array(0) : new Uint8Array(source);
    if (typeNameOf.call(source) !== 'Uint8Array') throw typeError(fn, 'data', expected, data);
    const length = byteLengthOf.call(source);
    return length === 0 ? new Uint8Array(0) : new Uint8Array(bufferOf.call(source), byteOffsetOf.call(source), length);
  }

  // A mesh from the bytes of `data`, checked by the module: { address, vertexCount, triangleCount }. A bad image
  // throws a RangeError naming its field (data.<field>).
  function deserialize(fn, data) {
    const bytes = bytesOf(fn, data);
    shared.beginCall();
    const heap = module.HEAPU8, header = headerAt();
    heap.fill(0, header, header + format.headerBytes);
    heap.set(bytes.subarray(0, format.headerBytes), header);
    const opened = module.meshOpen(bytes.length);
    if (opened < 0) throw shared.failure(opened, fn, 'data');
    const { first: address, vertexCount, triangleCount, spans } = image();
    let checked;
    try {
      const target = module.HEAPU8;  // the heap grew for the mesh's arrays: a fresh view
      for (const { offset, bytes: size, at } of spans) target.set(bytes.subarray(offset, offset + size), at);
      checked = module.meshAdopt(address);
    } catch (error) {
      module.meshDestroy(address);
      throw error;
    }
    if (checked < 0) {
      module.meshDestroy(address);
      throw shared.failure(checked, fn, 'data');
    }
    return { address, vertexCount, triangleCount };
  }

  return { serialize, deserialize };
}
