import { useT } from '@/i18n';
import { translateMessage } from '@/i18n/messages';
import toast from 'react-hot-toast';
import { errorMessage } from '@/lib/api';
import { useAddProduct } from '../api/addProduct';
import { AdminHeading } from '../components/AdminHeading';
import { ProductForm } from '../components/ProductForm';
import { ADMIN_CATALOGUE_NS } from '../locales';

/** /dashboard/upload-product: the product form of spec §5; the form empties after a product is added. */
export function UploadProductPage() {
  const t = useT(ADMIN_CATALOGUE_NS);
  const add = useAddProduct();
  return (
    <section>
      <AdminHeading title={t('upload.title')} />
      <div className="max-w-3xl p-4">
        <ProductForm
          mode="add"
          submitLabel={t('action.submit')}
          onSave={async (values, upload) => {
            try {
              toast.success(translateMessage((await add.mutateAsync({ ...values, upload })).message));
            } catch (err) {
              toast.error(errorMessage(err));
              throw err;
            }
          }}
        />
      </div>
    </section>
  );
}
