/** Postgres error codes the services branch on. */
export const PG = {
  uniqueViolation: '23505',
  checkViolation: '23514',
  foreignKeyViolation: '23503',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

export function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  if (typeof e?.code === 'string') return e.code;
  if (typeof e?.cause?.code === 'string') return e.cause.code;
  return undefined;
}

export function pgConstraint(err: unknown): string | undefined {
  const e = err as { constraint?: unknown };
  return typeof e?.constraint === 'string' ? e.constraint : undefined;
}

export const isUniqueViolation = (err: unknown, constraint?: string) =>
  pgCode(err) === PG.uniqueViolation && (constraint === undefined || pgConstraint(err) === constraint);
export const isCheckViolation = (err: unknown, constraint?: string) =>
  pgCode(err) === PG.checkViolation && (constraint === undefined || pgConstraint(err) === constraint);

/** Runs a database transaction again when Postgres gave up on it (deadlock, serialization). */
export async function retryOnConflict<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      const code = pgCode(err);
      const retryable = code === PG.deadlockDetected || code === PG.serializationFailure;
      if (!retryable || i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 5 * i + Math.random() * 10));
    }
  }
}
