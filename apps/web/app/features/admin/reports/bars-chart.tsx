import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '@facet/contracts/money';

/** One money figure a bar a row; a picture only, out of the tab order (the page’s table has the figures for everyone). */
export default function BarsChart({ bars, name }: { bars: Array<{ label: string; cents: number }>; name: string }) {
  return (
    <div aria-hidden="true" className="h-56">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={bars} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e6e6e6" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis
            tick={{ fontSize: 11 }}
            width={64}
            tickFormatter={(v: number) => formatMoney(v).replace(/\.00$/, '')}
          />
          <Tooltip formatter={(v) => formatMoney(Number(v))} />
          <Bar dataKey="cents" name={name} fill="#1f5e4b" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
