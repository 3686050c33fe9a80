export { CLARITIES, COLORS, CUTS, FINISHES, FLUORESCENCE, LABS, SHAPES, type Shape } from '@facet/contracts/grades';

export { METALS, metalName, metalOrder, metalTone } from '@facet/contracts/metals';
