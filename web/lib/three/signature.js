// A signature of what a derived structure (a posed tree, an object's box) depends on, kept in an array and compared
// in place, so checking whether to rebuild allocates nothing but a closure.

/** Puts into `into` the values `write(put)` gives, in order; returns whether any differs from what `into` held. */
export function updateSignature(into, write) {
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
