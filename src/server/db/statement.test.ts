import { describe, expect, it } from 'vitest';
import { statement } from './statement.ts';

describe('statement', () => {
  it('refuses a second statement under a name in use (PostgreSQL caches plans by name)', () => {
    statement('test_statement_name', 'select 1');
    expect(() => statement('test_statement_name', 'select 2')).toThrow(/already used/);
    // The same text again (a module evaluated twice) is the same statement.
    expect(statement('test_statement_name', 'select 1').name).toBe('test_statement_name');
  });
});
