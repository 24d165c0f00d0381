import toast from 'react-hot-toast';
import { errorMessage } from '@/lib/api';
import { useAddProduct } from '../api/addProduct';
import { AdminHeading } from '../components/AdminHeading';
import { ProductForm } from '../components/ProductForm';

/** /dashboard/upload-product: the product form of spec §5; the form empties after a product is added. */
export function UploadProductPage() {
  const add = useAddProduct();
  return (
    <section>
      <AdminHeading title="Upload Product" />
      <div className="max-w-3xl p-4">
        <ProductForm
          mode="add"
          submitLabel="Submit"
          onSave={async (values, upload) => {
            try {
              toast.success((await add.mutateAsync({ ...values, upload })).message);
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
