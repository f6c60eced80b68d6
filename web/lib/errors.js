// Error messages name the function, the argument path and the value, e.g.
// "collide3d.raycast: target.radius must be >= 0 (got -1)".

// A value for a message, without running any of its code (no toString); a Symbol cannot be converted implicitly.
export function show(value) {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (typeof value === 'function') return 'a function';
  return 'an object';
}

export function typeError(fn, path, expected, value) {
  return new TypeError(`collide3d.${fn}: ${path} must be ${expected} (got ${show(value)})`);
}

export function rangeError(fn, path, rule) {
  return new RangeError(`collide3d.${fn}: ${path} ${rule}`);
}

export function unsupportedPair(fn, typeA, typeB) {
  return new Error(`collide3d.${fn}: the pair (${typeA}, ${typeB}) is not supported`);
}

export function reentered(fn) {
  return new Error(`collide3d.${fn}: called again while its arguments were being read (a getter or Proxy in an ` +
    'argument calls collide3d); read the values first');
}
