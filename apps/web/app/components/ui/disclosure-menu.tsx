import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A button that shows a small panel of links (the WAI disclosure pattern for site navigation):
 * Escape or a click outside closes it and focus returns to the button; a route change closes it.
 * Lighter than a menu widget, which is meant for application commands.
 */
export function DisclosureMenu({
  button,
  buttonClassName,
  panelClassName,
  align = 'start',
  label,
  children,
  testId,
}: {
  button: React.ReactNode;
  buttonClassName: string;
  panelClassName: string;
  align?: 'start' | 'end';
  label: string;
  children: React.ReactNode;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // A new page closes the menu (adjusted while rendering: no extra pass through an effect).
  const [shownOn, setShownOn] = useState(pathname);
  if (shownOn !== pathname) {
    setShownOn(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        trigger.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div
      ref={root}
      className="relative"
      onBlur={(e) => {
        if (open && !root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        data-state={open ? 'open' : 'closed'}
        className={buttonClassName}
        onClick={() => setOpen((o) => !o)}
        data-testid={testId}
      >
        {button}
      </button>
      <nav
        id={id}
        aria-label={label}
        hidden={!open}
        className={`absolute top-full z-50 mt-2 ${align === 'end' ? 'right-0' : 'left-0'} ${panelClassName}`}
      >
        {/* Drawn when opened: a closed menu's links are in no one's way, and every page renders less. */}
        {open && children}
      </nav>
    </div>
  );
}
