// Shopper-facing names for the spec's filter labels.
const NAMES: Record<string, string> = {
  'primary stone shape': 'Stone shape',
  'jewelry state': 'Jewelry state',
  'primary stone type': 'Stone type',
  'metal type': 'Metal',
  'chain style': 'Chain style',
  'chain length': 'Chain length',
  agta: 'AGTA certified',
  color: 'Diamond color',
  quality: 'Clarity',
  IsDiamond: 'Natural diamond',
  IsLabGrownDiamond: 'Lab-grown diamond',
  CountryOfOrigin: 'Country of origin',
  style: 'Style',
  width: 'Width',
  material: 'Material',
};
export const facetName = (label: string) => NAMES[label] ?? label.charAt(0).toUpperCase() + label.slice(1);
