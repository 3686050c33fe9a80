import { Link, useNavigate } from 'react-router';
import { adminApi } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { DiamondForm } from '~/features/admin/catalogue/diamond-form.tsx';
import { toast } from '~/lib/toast.ts';

export default function NewDiamondPage() {
  const navigate = useNavigate();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/stones" className="text-primary underline">
          ← Stones
        </Link>
      </p>
      <AdminHeading title="Add a diamond" />
      <DiamondForm
        action="Add the diamond"
        onSave={async (body) => {
          const d = await adminApi('POST /stones/diamonds', { body });
          toast.success(d.currentStatus === 'available' ? `${d.serial} is on sale.` : `${d.serial} is saved and held.`);
          navigate(`/admin/stones/diamonds/${d.id}`);
        }}
      />
    </>
  );
}
