import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useT } from '@/i18n';
import { translateMessage } from '@/i18n/messages';
import toast from 'react-hot-toast';
import { FILL_REQUIRED_FIELDS, categoryAddSchema, categoryEditSchema, type Category } from '@haat/shared/schemas/catalogue';
import { SubmitButton } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { TextField } from '@/components/FormField';
import { UploadProgress, useUploadProgress } from '@/components/UploadProgress';
import { errorMessage } from '@/lib/api';
import { firstErrorMessage, formResolver } from '@/lib/forms';
import { useAddCategory } from '../api/addCategory';
import { useUpdateCategory } from '../api/updateCategory';
import { SingleImageField } from './ImageInput';
import { ADMIN_CATALOGUE_NS } from '../locales';

interface Values {
  categoryId: string;
  name: string;
  name_bn: string;
  /** The newly chosen file, if any (a list, as the shared schema counts images). */
  image: File[];
}

/**
 * 'Add Category' (no `category`) or 'Edit Category' (spec §5): name and image
 * required, the picker disabled until a name is typed; an edit without a new
 * image keeps the current one.
 */
export function CategoryDialog({ open, onClose, category }: { open: boolean; onClose: () => void; category?: Category }) {
  const t = useT(ADMIN_CATALOGUE_NS);
  const add = useAddCategory();
  const update = useUpdateCategory();
  const progress = useUploadProgress();
  const { register, handleSubmit, reset, watch, setValue, formState } = useForm<Values>({
    resolver: formResolver<Values>(category ? categoryEditSchema : categoryAddSchema),
    defaultValues: { categoryId: '', name: '', name_bn: '', image: [] },
  });
  useEffect(() => {
    if (open) reset({ categoryId: category?._id ?? '', name: category?.name ?? '', name_bn: category?.name_bn ?? '', image: [] });
  }, [open, category, reset]);

  const name = watch('name');
  const [picked] = watch('image');
  const shown = picked ?? category?.image;

  const onValid = async (values: Values) => {
    const upload = progress.begin(values.image);
    try {
      const res = category
        ? await update.mutateAsync({ categoryId: category._id, name: values.name.trim(), name_bn: values.name_bn.trim(), image: values.image[0], upload })
        : await add.mutateAsync({ name: values.name.trim(), name_bn: values.name_bn.trim(), image: values.image[0]!, upload });
      toast.success(translateMessage(res.message));
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      progress.end();
    }
  };
  const onInvalid = (errors: Parameters<typeof firstErrorMessage>[0]) => toast.error(firstErrorMessage(errors, ['name', 'image']) ?? FILL_REQUIRED_FIELDS);

  return (
    <Dialog open={open} title={category ? t('category.edit') : t('category.add')} onClose={onClose}>
      <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="grid gap-4">
        <TextField label={t('category.name')} id="category-name" placeholder={t('category.namePlaceholder')} {...register('name')} />
        <TextField label={t('form.nameBn')} id="category-name-bn" lang="bn" placeholder={t('form.nameBnPlaceholder')} {...register('name_bn')} />
        <SingleImageField
          id="category-image"
          image={shown}
          alt={name || t('category.alt')}
          label={name.trim() ? t('image.upload') : t('category.typeNameFirst')}
          disabled={!name.trim()}
          onPick={(file) => setValue('image', [file])}
        />
        <UploadProgress upload={progress} />
        <SubmitButton loading={formState.isSubmitting}>
          {category ? t('category.update') : t('category.add')}
        </SubmitButton>
      </form>
    </Dialog>
  );
}
