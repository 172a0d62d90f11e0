/**
 * The part of the kit that domain code may import: money, ids, errors and the clock. It
 * pulls in no server, bus or database, so pure code stays light and unit-testable.
 */
export * from './clock';
export * from './currency';
export { DomainError, type ErrorTable, type FieldError, type RefusalStatus, refusal } from './errors';
export { ID_PATTERN, isId, newId } from './ids';
export * from './money';
