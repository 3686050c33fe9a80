import type { AdminContentPage } from '@facet/contracts/content';

/** Where a post stands for shoppers, in words: "draft", "scheduled for Dec 1, 2026, 9:00 AM", "taken down". */
export function stateText(p: Pick<AdminContentPage, 'state' | 'publishAt'>, when: Intl.DateTimeFormat) {
  switch (p.state) {
    case 'draft':
      return 'draft';
    case 'scheduled':
      return `scheduled for ${when.format(new Date(p.publishAt!))}`;
    case 'hidden':
      return 'taken down';
    case 'published':
      return 'published';
  }
}
