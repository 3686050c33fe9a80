import { STATUS_LABELS, type OrderStatus } from '@facet/contracts/admin';

// Inline colours: the storefront's one stylesheet does not grow for back-office states.
const TONE: Record<OrderStatus, { background: string; color: string; borderColor: string }> = {
  placed: { background: '#fff7e6', color: '#7a4b00', borderColor: '#f0d49a' },
  in_production: { background: '#eaf4fb', color: '#134766', borderColor: '#b9d7ea' },
  ready_to_ship: { background: '#f1edfb', color: '#43307a', borderColor: '#cfc4ee' },
  shipped: { background: '#e9f5ef', color: '#1f5e4b', borderColor: '#b6dccb' },
  delivered: { background: '#f2f2f0', color: '#3d3d3d', borderColor: '#dcdcd8' },
  cancelled: { background: '#fbeeee', color: '#a12a2a', borderColor: '#ecc3c3' },
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className="inline-block whitespace-nowrap rounded-sm border px-2 py-0.5 text-xs font-medium"
      style={TONE[status]}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
