import { useRef } from 'react';

/**
 * Focus back on what opened a dialog once it closes. Radix does this only for its own Trigger; our
 * dialogs are opened from buttons in rows and menus, so the opener is remembered as the dialog
 * takes focus and given it back on close (if it is still on the page; otherwise Radix's default).
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (e: Event) => {
      const el = opener.current;
      opener.current = null;
      if (el?.isConnected) {
        e.preventDefault();
        el.focus();
      }
    },
  };
}
