// The module's functions stay small enough for V8 to optimise early. V8 runs a wasm function in its baseline code
// until the optimised code for the whole function is ready, and a function holding many hot loops is both compiled
// late and compiled worse: binaryen's inlining of one-caller functions once put all 32 raycast batch kernels into one
// function of 252 KB (batch/lanes.h's `apart` keeps each kernel apart).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const WASM = new URL('../../web/lib/wasm/collide3d.wasm', import.meta.url);
const LARGEST_FUNCTION = 128 * 1024;  // bytes of code; the largest today has 44 KB

// The byte size of every function body in a wasm binary (the code section, id 10: a count, then each body's size
// before the body), read as the binary format's unsigned LEB128 numbers.
function functionSizes(bytes) {
  let at = 8;  // past the magic number and version
  const number = () => {
    let value = 0, scale = 1, byte;
    do {
      byte = bytes[at++];
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte & 0x80);
    return value;
  };
  while (at < bytes.length) {
    const id = bytes[at++], length = number(), end = at + length;
    if (id === 10) {
      const sizes = [];
      for (let count = number(); count > 0; --count) {
        const size = number();
        sizes.push(size);
        at += size;
      }
      return sizes;
    }
    at = end;
  }
  throw new Error('no code section');
}

describe('the wasm module', () => {
  it('has no function too large for V8 to optimise early', () => {
    const sizes = functionSizes(readFileSync(WASM));
    expect(sizes.length).toBeGreaterThan(1000);  // the parse found the module's functions
    expect(Math.max(...sizes)).toBeLessThanOrEqual(LARGEST_FUNCTION);
  });
});
