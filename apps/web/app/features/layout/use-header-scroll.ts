import { useEffect, useRef, useState } from 'react';
import { HEADER_FLAT_AFTER_PX, HEADER_HIDE_AFTER_PX } from '@facet/contracts/constants';

/** Hide when scrolling down past 100 px, show again on scrolling up, flat after 50 px. */
export function useHeaderScroll(locked: boolean) {
  const [hidden, setHidden] = useState(false);
  const [flat, setFlat] = useState(false);
  const last = useRef(0);
  useEffect(() => {
    last.current = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      setFlat(y > HEADER_FLAT_AFTER_PX);
      if (y > last.current && y > HEADER_HIDE_AFTER_PX) setHidden(true);
      else if (y < last.current) setHidden(false);
      last.current = y;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return { hidden: hidden && !locked, flat };
}
