/** One line of an audit entry's change: a field, what it was and what it became. */
export interface FieldChange {
  field: string;
  kind: 'added' | 'removed' | 'changed';
  before?: string;
  after?: string;
}

type Flat = Map<string, unknown>;

/** nested objects become dotted paths (`odds.home`); arrays and scalars are values */
function flatten(value: unknown, prefix = '', out: Flat = new Map()): Flat {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) out.set(prefix, value);
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix || value !== undefined) {
    out.set(prefix || 'value', value);
  }
  return out;
}

/** a value as the log shows it: strings bare, the rest as compact JSON */
export function show(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

/**
 * What an admin action changed (issue 34 item 7): field by field, only what differs between
 * `before` and `after`, in the order the fields come (before's first, then the new ones).
 * A creation lists what was set (not the fields it left empty), a deletion what was there.
 */
export function auditDiff(before: unknown, after: unknown): FieldChange[] {
  const a = before === null || before === undefined ? new Map() : flatten(before);
  const b = after === null || after === undefined ? new Map() : flatten(after);
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  const out: FieldChange[] = [];
  for (const field of fields) {
    const inA = a.has(field);
    const inB = b.has(field);
    if (inA && inB) {
      if (JSON.stringify(a.get(field)) === JSON.stringify(b.get(field))) continue;
      out.push({ field, kind: 'changed', before: show(a.get(field)), after: show(b.get(field)) });
    } else if (inB) {
      // a creation lists what was set: a field left empty says nothing
      if (b.get(field) === null || b.get(field) === undefined) continue;
      out.push({ field, kind: 'added', after: show(b.get(field)) });
    } else out.push({ field, kind: 'removed', before: show(a.get(field)) });
  }
  return out;
}
