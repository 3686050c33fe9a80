import { createContext, useContext } from 'react';
import type { KeptPart } from '~/lib/kept-markup.tsx';
import { lazyPart } from '~/lib/lazy-part.tsx';
import type * as FooterParts from './footer-parts.tsx';

// The parts of the page the server draws and the browser keeps as markup (KeptMarkup). The server
// hands the real components through this context (entry.server.tsx, a module only the server
// loads); in the browser the default is lazy versions, loaded only when a part must be drawn
// afresh. A static import here would put the parts' code in every page's first load.
export interface DrawnParts {
  FooterColumns: KeptPart<typeof FooterParts.FooterColumns>;
  FooterSocial: KeptPart<typeof FooterParts.FooterSocial>;
  FooterBottom: KeptPart<typeof FooterParts.FooterBottom>;
}

const footer = () => import('./footer-parts.tsx');
const inBrowser: DrawnParts = {
  FooterColumns: lazyPart(() => footer().then((m) => ({ default: m.FooterColumns })), 'The footer'),
  FooterSocial: lazyPart(() => footer().then((m) => ({ default: m.FooterSocial })), 'The footer'),
  FooterBottom: lazyPart(() => footer().then((m) => ({ default: m.FooterBottom })), 'The footer'),
};

export const DrawnPartsContext = createContext<DrawnParts>(inBrowser);
export const useDrawnParts = () => useContext(DrawnPartsContext);
