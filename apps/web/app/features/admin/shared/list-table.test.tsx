import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { ListTable } from './list-table.tsx';

describe('a back-office list', () => {
  it('shows what the list will hold when it has no rows, and a captioned table with its head when it has some', () => {
    const empty = renderToStaticMarkup(
      <ListTable caption="Sales" columns={['Sale', '']} rows={0} empty="No sales yet.">
        {null}
      </ListTable>,
    );
    expect(empty).toContain('No sales yet.');
    expect(empty).not.toContain('<table');

    const full = renderToStaticMarkup(
      <ListTable caption="Sales, latest first" columns={['Sale', '']} rows={1} empty="No sales yet." minWidth={640}>
        <tr>
          <td>Black Friday</td>
          <td>Edit</td>
        </tr>
      </ListTable>,
    );
    expect(full).not.toContain('No sales yet.');
    expect(full).toContain('<caption class="sr-only">Sales, latest first</caption>');
    expect(full).toMatch(/<th scope="col"[^>]*>Sale<\/th>/);
    expect(full).toContain('<span class="sr-only">Actions</span>');
    expect(full).toContain('min-width:640px');
    expect(full).toContain('<td>Black Friday</td>');
  });
});
