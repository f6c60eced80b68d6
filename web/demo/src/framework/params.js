// Scene parameters and their URL form. A scene declares its parameters with defaults; the page reads them from the
// query string at start and writes them back whenever they change, so a copied link reproduces a configuration.
//
//   transform: { type: 'transform', position: [x, y, z], rotation?: [degX, degY, degZ] }  (rotation: rotatable)
//              URL: name=x,y,z or name=x,y,z,degX,degY,degZ
//   number:    { type: 'number', value, min, max, step }                                  URL: name=1.5
//   boolean:   { type: 'boolean', value }                                                 URL: name=1 or name=0
//   choice:    { type: 'choice', value, options: [...] }                                  URL: name=option

const DECIMALS = 3;

/** A number as the URL and the readout show it: at most three decimals, no trailing zeros, no "-0". */
export function shortNumber(x) {
  const rounded = Number(x.toFixed(DECIMALS));
  return String(rounded === 0 ? 0 : rounded);
}

function parseNumbers(text, count) {
  if (typeof text !== 'string') return null;
  const parts = text.split(',');
  if (parts.length !== count) return null;
  const numbers = parts.map(Number);
  return numbers.every(Number.isFinite) ? numbers : null;
}

/** The value a parameter takes from its URL text, or its default when the text is missing or malformed. */
export function parseParam(spec, text) {
  switch (spec.type) {
    case 'transform': {
      const count = spec.rotation ? 6 : 3;
      const numbers = parseNumbers(text, count);
      return numbers ?? [...spec.position, ...(spec.rotation ?? [])];
    }
    case 'number': {
      const value = text === undefined || text === null || text === '' ? NaN : Number(text);
      return Number.isFinite(value) ? Math.min(spec.max, Math.max(spec.min, value)) : spec.value;
    }
    case 'boolean':
      return text === '1' ? true : text === '0' ? false : spec.value;
    case 'choice':
      return spec.options.includes(text) ? text : spec.value;
    default:
      throw new Error(`unknown parameter type ${spec.type}`);
  }
}

export function formatParam(spec, value) {
  switch (spec.type) {
    case 'transform':
    case 'number':
      return [value].flat().map(shortNumber).join(',');
    case 'boolean':
      return value ? '1' : '0';
    default:
      return String(value);
  }
}

/** Every parameter's value, read from a query string (URLSearchParams). */
export function readParams(specs, search) {
  const values = {};
  for (const [name, spec] of Object.entries(specs)) values[name] = parseParam(spec, search.get(name));
  return values;
}

/** The query string for a scene and its parameter values; `extra` keeps flags such as `embed`. */
export function writeParams(sceneId, specs, values, extra = []) {
  const search = new URLSearchParams({ scene: sceneId });
  for (const name of extra) search.set(name, '');
  for (const [name, spec] of Object.entries(specs)) search.set(name, formatParam(spec, values[name]));
  return `?${search.toString().replace(/=(?=&|$)/g, '').replaceAll('%2C', ',')}`;
}
