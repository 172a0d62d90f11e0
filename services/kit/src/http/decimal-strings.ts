/**
 * A number field of a JSON body also takes a plain decimal string: a form's number input
 * sends "88", and clients did so before the body validator stopped coercing (issue 30 item
 * 13). Only `-?digits(.digits)?` is read, and only when the double it makes is exactly that
 * decimal: "0x10", "1e3", " 5", "" and "9007199254740993" stay strings, which the number
 * schema then refuses. A field whose schema also takes text (MoneySchema, a number-or-string
 * union) keeps its text: its handler reads it.
 */
const DECIMAL = /^-?\d+(\.\d+)?$/;

type Schema = Record<string, any>;
type Convert = (value: unknown) => unknown;

/** The decimal string as a number when the double is exactly it, else undefined. */
export function exactDecimal(text: string): number | undefined {
  if (text.length > 40 || !DECIMAL.test(text)) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n)) return undefined;
  return String(n) === canonical(text) ? n : undefined;
}

/** "-007.50" → "-7.5", "-0" → "0": the way String(number) writes the same value */
function canonical(text: string): string {
  const negative = text.startsWith('-');
  let [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  whole = whole.replace(/^0+(?=\d)/, '');
  fraction = fraction.replace(/0+$/, '');
  const body = fraction ? `${whole}.${fraction}` : whole;
  return negative && body !== '0' ? `-${body}` : body;
}

const types = (s: Schema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
const numeric = (s: Schema) => types(s).some((t) => t === 'number' || t === 'integer');
const textual = (s: Schema) => types(s).includes('string') || typeof s.const === 'string' || !!s.enum;

/**
 * A function that rewrites a parsed body in place, or null when the schema has no number
 * field that could need it (most routes: nothing to do per request).
 */
export function decimalStringConverter(schema: Schema | undefined, depth = 0): Convert | null {
  if (!schema || typeof schema !== 'object' || depth > 12) return null;
  const branches: Schema[] | undefined = schema.anyOf ?? schema.oneOf;
  if (branches) {
    // a union that takes text keeps the text; one of numbers (and null…) reads the decimal
    if (branches.some(textual)) return null;
    if (branches.some(numeric)) return numberField;
    const inner = branches.map((b) => decimalStringConverter(b, depth + 1)).filter(Boolean) as Convert[];
    return inner.length ? (v) => inner.reduce((acc, f) => f(acc), v) : null;
  }
  if (numeric(schema)) return textual(schema) ? null : numberField;
  if (types(schema).includes('object') && schema.properties) {
    const fields = Object.entries<Schema>(schema.properties)
      .map(([k, s]) => [k, decimalStringConverter(s, depth + 1)] as const)
      .filter((e): e is readonly [string, Convert] => e[1] !== null);
    if (fields.length === 0) return null;
    return (v) => {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
      const o = v as Record<string, unknown>;
      for (const [k, f] of fields) if (Object.hasOwn(o, k)) o[k] = f(o[k]);
      return v;
    };
  }
  if (types(schema).includes('array') && schema.items && !Array.isArray(schema.items)) {
    const item = decimalStringConverter(schema.items, depth + 1);
    if (!item) return null;
    return (v) => {
      if (!Array.isArray(v)) return v;
      for (let i = 0; i < v.length; i++) v[i] = item(v[i]);
      return v;
    };
  }
  return null;
}

function numberField(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  return exactDecimal(v) ?? v;
}
