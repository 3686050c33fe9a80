import type { Route } from './+types/quote';
import { pageMeta } from '~/lib/page-meta.ts';
import { QuotePage } from '~/features/quotes/quote-page.tsx';

export const meta: Route.MetaFunction = ({ params }) => pageMeta({ title: `Quote ${params.number}`, noindex: true });

export default QuotePage;
