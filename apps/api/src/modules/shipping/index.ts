// The module's public face: labels, their PDFs and tracking after the sale (the carrier and its
// rates are carrier/'s).
export { returnLabelFrom } from './routes.ts';
