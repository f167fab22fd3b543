/** Whether a database error is a unique index refusing a row (SQLSTATE 23505), from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error || (cause && typeof cause === 'object');) {
    if ((cause as { code?: unknown }).code === '23505') return true;
    cause = (cause as { cause?: unknown }).cause;
    if (!cause) break;
  }
  return false;
}
