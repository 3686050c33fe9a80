import { Link } from 'react-router';
import { Dialog } from 'radix-ui';
import { X } from '~/components/icons.tsx';
import type { DiamondSummary } from '@facet/contracts/catalog';
import { formatMoney } from '@facet/contracts/money';

/** Side-by-side grades of the diamonds a shopper picked on /diamonds. */
export default function CompareDialog({
  compare,
  onClose,
  onRemove,
}: {
  compare: DiamondSummary[];
  onClose: () => void;
  onRemove: (d: DiamondSummary) => void;
}) {
  return (
    <Dialog.Root
      open
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[95vw] max-w-4xl -translate-x-1/2 -translate-y-1/2 overflow-auto bg-white p-6 shadow-xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-display text-2xl">Compare diamonds</Dialog.Title>
            <Dialog.Close aria-label="Close" className="inline-flex h-10 w-10 items-center justify-center">
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Side-by-side grades of the diamonds you selected</Dialog.Description>
          <table className="mt-4 w-full text-sm">
            <tbody>
              <tr>
                <th scope="row" className="w-32 py-2 text-left text-muted">
                  Diamond
                </th>
                {compare.map((d) => (
                  <td key={d.id} className="py-2">
                    <img src={d.photo ?? d.image} alt="" width={72} height={72} className="h-18 w-18 object-cover" />
                  </td>
                ))}
              </tr>
              {(
                [
                  ['Shape', (d: DiamondSummary) => d.shape],
                  ['Carat', (d) => d.carat.toFixed(2)],
                  ['Color', (d) => d.color],
                  ['Clarity', (d) => d.clarity],
                  ['Cut', (d) => d.cut],
                  ['Polish', (d) => d.polish],
                  ['Symmetry', (d) => d.symmetry],
                  ['Fluorescence', (d) => d.fluorescence],
                  ['Depth', (d) => `${d.depthPct}%`],
                  ['Table', (d) => `${d.tablePct}%`],
                  ['L/W', (d) => d.lwRatio.toFixed(2)],
                  ['Lab', (d) => `${d.lab} ${d.certificate}`],
                  ['Price', (d) => formatMoney(d.priceCents)],
                ] as Array<[string, (d: DiamondSummary) => string]>
              ).map(([label, fn]) => (
                <tr key={label} className="border-t border-hairline">
                  <th scope="row" className="py-2 text-left font-normal text-muted">
                    {label}
                  </th>
                  {compare.map((d) => (
                    <td key={d.id} className="py-2 pr-3">
                      {fn(d)}
                    </td>
                  ))}
                </tr>
              ))}
              <tr className="border-t border-hairline">
                <td />
                {compare.map((d) => (
                  <td key={d.id} className="py-3">
                    <Link to={d.href} className="text-primary underline" onClick={onClose}>
                      View diamond
                    </Link>{' '}
                    <button type="button" className="ml-2 text-xs text-muted underline" onClick={() => onRemove(d)}>
                      Remove
                    </button>
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
