import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import type { AdminContentPage } from '@facet/contracts/content';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { Confirm } from '../shared/confirm.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';

/** A journal post's way off the journal (and back), and, for a post written here, deletion after a confirmation. */
export function PostVisibility({ page }: { page: AdminContentPage }) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { busy, run } = useAdminAction();
  const [deleting, setDeleting] = useState(false);
  const setHidden = (hidden: boolean) =>
    run(async () => {
      await adminApi('POST /content/:kind/:slug/visibility', {
        params: { kind: page.kind, slug: page.slug },
        body: { version: page.version, hidden },
      });
      toast.success(hidden ? 'Taken off the journal: shoppers can no longer read it.' : 'Back on the journal.');
      await revalidate();
    });
  const remove = () =>
    run(async () => {
      await adminApi('DELETE /content/:kind/:slug', {
        params: { kind: page.kind, slug: page.slug },
        query: { version: page.version },
      });
      toast.success(`“${page.title}” deleted.`);
      void navigate('/admin/content');
    });
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <button
        type="button"
        className="btn-secondary py-1.5"
        disabled={busy}
        onClick={() => void setHidden(!page.hidden)}
      >
        {page.hidden ? 'Put back on the journal' : 'Take off the journal'}
      </button>
      {page.deletable && (
        <button
          type="button"
          className="btn-secondary py-1.5 text-danger"
          disabled={busy}
          onClick={() => setDeleting(true)}
        >
          Delete…
        </button>
      )}
      <Confirm
        open={deleting}
        title="Delete this post?"
        body="It is gone for good: its page, its place on the journal and in the sitemap. To keep it but hide it, take it off the journal instead."
        action="Delete"
        onClose={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          void remove();
        }}
      />
    </div>
  );
}
