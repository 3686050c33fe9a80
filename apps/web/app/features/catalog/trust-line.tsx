import { BadgeCheck, RotateCcw, Truck } from 'lucide-react';

export function TrustLine({ certificate }: { certificate?: string }) {
  return (
    <ul className="mt-6 space-y-2.5 border-t border-hairline pt-5 text-sm">
      <li className="flex items-center gap-2.5"><Truck aria-hidden="true" className="h-4 w-4 text-primary" />Fully insured shipping, signature on delivery</li>
      <li className="flex items-center gap-2.5"><RotateCcw aria-hidden="true" className="h-4 w-4 text-primary" />30-day returns on unworn pieces</li>
      <li className="flex items-center gap-2.5"><BadgeCheck aria-hidden="true" className="h-4 w-4 text-primary" />{certificate ?? 'Quality-checked by our jewelers; appraisal on request'}</li>
    </ul>
  );
}
