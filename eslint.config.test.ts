import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's lint configuration as `npm run lint` runs it, fed code that breaks its rules.
const eslint = new ESLint({ cwd: import.meta.dirname });
const rulesHit = async (code: string, filePath: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId);
};

describe('every form says how it is sent (facet/form-method)', () => {
  const file = 'apps/web/app/features/account/example-form.tsx';
  it('refuses a form without a method', async () => {
    expect(
      await rulesHit('export const F = () => <form onSubmit={() => {}}><input name="password" /></form>;\n', file),
    ).toContain('facet/form-method');
    expect(await rulesHit("import { Form } from 'react-router';\nexport const F = () => <Form />;\n", file)).toContain(
      'facet/form-method',
    );
  });
  it('passes one that posts, and a search that gets', async () => {
    expect(await rulesHit('export const F = () => <form method="post" />;\n', file)).not.toContain('facet/form-method');
    expect(await rulesHit('export const F = () => <form method="get" role="search" />;\n', file)).not.toContain(
      'facet/form-method',
    );
  });
});
