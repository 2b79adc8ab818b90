import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { complaintTypeBody } from '../../../shared/contract/admin.ts';
import { copyKey, copyText, formResolver, REQUIRED } from './admin-form.tsx';

/** A translator that shows what it was asked. */
const t = ((key: string, vars?: Record<string, string>) =>
  `${key}${vars ? JSON.stringify(vars) : ''}`) as never;

describe('the forms’ messages', () => {
  it('carry a copy key with its values, read back when drawn; a server’s words stay as they are', () => {
    const message = copyKey('admin:productEditor.invalid.percent', { decimals: 4, example: '0.0833' });
    expect(copyText(t, message)).toBe(
      'admin:productEditor.invalid.percent{"decimals":"4","example":"0.0833"}',
    );
    expect(copyText(t, 'admin:reply.empty')).toBe('admin:reply.empty{}');
    expect(copyText(t, 'This market already has a product with the code “x”.')).toBe(
      'This market already has a product with the code “x”.',
    );
    expect(copyText(t, undefined)).toBe('');
  });

  it('word zod’s own issues of a contract rule as copy: empty is required, anything else not valid', async () => {
    const resolve = formResolver(complaintTypeBody);
    const result = await resolve({ titleEn: '', titleId: 'x'.repeat(61), sort: 1, active: true }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors.titleEn?.message).toBe(REQUIRED);
    expect(result.errors.titleId?.message).toBe('common:errors.validation');
    // A message of the form's own schema is kept.
    const own = formResolver(z.object({ a: z.string().min(1, copyKey('admin:reply.empty')) }));
    expect(
      (await own({ a: '' }, undefined, { fields: {}, shouldUseNativeValidation: false })).errors.a?.message,
    ).toBe('admin:reply.empty');
  });
});
