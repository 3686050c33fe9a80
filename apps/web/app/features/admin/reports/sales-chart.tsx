import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '@facet/contracts/money';

/** Net sales a bar a period; a picture only, out of the tab order (the page’s table has the figures for everyone). */
export default function SalesChart({ rows }: { rows: Array<{ period: string; netCents: number }> }) {
  return (
    <div aria-hidden="true" className="h-56">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows.map((r) => ({ period: r.period, net: r.netCents }))} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e6e6e6" vertical={false} />
          <XAxis dataKey="period" tick={{ fontSize: 11 }} />
          <YAxis
            tick={{ fontSize: 11 }}
            width={64}
            tickFormatter={(v: number) => formatMoney(v).replace(/\.00$/, '')}
          />
          <Tooltip formatter={(v) => formatMoney(Number(v))} />
          <Bar dataKey="net" name="Net sales" fill="#1f5e4b" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
