import { act } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeptMarkup, versionOf } from './kept-markup.tsx';

// React warns when act() runs outside a test environment it knows.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const Drawn = () => (
  <ul>
    <li>
      <a href="/return-policy">Return Policy</a>
    </li>
  </ul>
);

function Page({ version, render, onClick }: { version: string; render: () => React.ReactNode; onClick?: () => void }) {
  return (
    <footer onClick={onClick}>
      <KeptMarkup id="part" version={version} render={render} />
    </footer>
  );
}

/** The page as the server sends it, in a document of its own. */
function serverPage(version: string) {
  const html = renderToString(<Page version={version} render={() => <Drawn />} />);
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('kept markup', () => {
  it('keeps the server’s markup as it hydrates, without drawing the part, and lets its clicks bubble', async () => {
    const root = serverPage('v1');
    const before = root.innerHTML;
    expect(before).toContain('Return Policy');
    const render = vi.fn(() => <p>drawn in the browser</p>);
    const clicks = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(root, <Page version="v1" render={render} onClick={clicks} />, {
        onRecoverableError: (e) => {
          throw e;
        },
      });
    });
    expect(render).not.toHaveBeenCalled();
    expect(root.innerHTML).toBe(before);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    root.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('draws the part afresh when what it was drawn from has changed since the page loaded', async () => {
    const root = serverPage('v1');
    const render = vi.fn(() => <p>new address</p>);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(root, <Page version="v2" render={render} />, { onRecoverableError: () => {} });
    });
    errors.mockRestore();
    expect(render).toHaveBeenCalled();
    expect(root.textContent).toContain('new address');
    expect(root.textContent).not.toContain('Return Policy');
  });

  it('draws the part when there is no server markup to keep (a move from a page without it)', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const render = vi.fn(() => <Drawn />);
    await act(async () => {
      createRoot(root).render(<Page version="v1" render={render} />);
    });
    expect(render).toHaveBeenCalled();
    expect(root.querySelector('a')?.textContent).toBe('Return Policy');
  });

  it('names a version by what it was drawn from', () => {
    expect(versionOf(['Facet', '+1 212'])).toBe(versionOf(['Facet', '+1 212']));
    expect(versionOf(['Facet', '+1 212'])).not.toBe(versionOf(['Facet', '+1 213']));
  });
});
