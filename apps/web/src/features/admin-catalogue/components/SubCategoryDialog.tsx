import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useT } from '@/i18n';
import { translateMessage } from '@/i18n/messages';
import toast from 'react-hot-toast';
import { FILL_REQUIRED_FIELDS, subCategoryAddSchema, subCategoryEditSchema, type SubCategory } from '@haat/shared/schemas/catalogue';
import { SubmitButton } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { TextField } from '@/components/FormField';
import { UploadProgress, useUploadProgress } from '@/components/UploadProgress';
import { errorMessage } from '@/lib/api';
import { firstErrorMessage, formResolver } from '@/lib/forms';
import { useAddSubCategory } from '../api/addSubCategory';
import { useAdminCategories } from '../api/getCategories';
import { useUpdateSubCategory } from '../api/updateSubCategory';
import { ChipSelect } from './ChipSelect';
import { SingleImageField } from './ImageInput';
import { ADMIN_CATALOGUE_NS } from '../locales';

interface Values {
  subcategoryId: string;
  name: string;
  name_bn: string;
  image: File[];
  category: string[];
}

/**
 * 'Add SubCategory' or 'Edit SubCategory' (spec §5): name, image (add only)
 * and at least one category, else 'Please fill all required fields'.
 */
export function SubCategoryDialog({ open, onClose, subCategory }: { open: boolean; onClose: () => void; subCategory?: SubCategory }) {
  const t = useT(ADMIN_CATALOGUE_NS);
  const { data: categories = [] } = useAdminCategories();
  const add = useAddSubCategory();
  const update = useUpdateSubCategory();
  const progress = useUploadProgress();
  const { register, handleSubmit, reset, watch, setValue, formState } = useForm<Values>({
    resolver: formResolver<Values>(subCategory ? subCategoryEditSchema : subCategoryAddSchema),
    defaultValues: { subcategoryId: '', name: '', name_bn: '', image: [], category: [] },
  });
  useEffect(() => {
    if (!open) return;
    reset({
      subcategoryId: subCategory?._id ?? '',
      name: subCategory?.name ?? '',
      name_bn: subCategory?.name_bn ?? '',
      image: [],
      category: subCategory?.category.map((c) => c._id) ?? [],
    });
  }, [open, subCategory, reset]);

  const name = watch('name');
  const [picked] = watch('image');
  const chosen = watch('category');
  const shown = picked ?? subCategory?.image[0];

  const onValid = async (values: Values) => {
    const input = { name: values.name.trim(), name_bn: values.name_bn.trim(), image: values.image[0], category: values.category, upload: progress.begin(values.image) };
    try {
      const res = subCategory ? await update.mutateAsync({ ...input, subcategoryId: subCategory._id }) : await add.mutateAsync(input);
      toast.success(translateMessage(res.message));
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      progress.end();
    }
  };

  return (
    <Dialog open={open} title={subCategory ? t('subCategory.edit') : t('subCategory.add')} onClose={onClose}>
      <form
        onSubmit={handleSubmit(onValid, (errors) => toast.error(firstErrorMessage(errors, ['name', 'image', 'category']) ?? FILL_REQUIRED_FIELDS))}
        noValidate
        className="grid gap-4"
      >
        <TextField label={t('subCategory.name')} id="subcategory-name" placeholder={t('subCategory.namePlaceholder')} {...register('name')} />
        <TextField label={t('form.nameBn')} id="subcategory-name-bn" lang="bn" placeholder={t('form.nameBnPlaceholder')} {...register('name_bn')} />
        <SingleImageField id="subcategory-image" image={shown} alt={name || t('subCategory.alt')} onPick={(file) => setValue('image', [file])} />
        <ChipSelect id="subcategory-category" label={t('subCategory.category')} options={categories} value={chosen} onChange={(ids) => setValue('category', ids)} />
        <UploadProgress upload={progress} />
        <SubmitButton loading={formState.isSubmitting}>
          {t('action.submit')}
        </SubmitButton>
      </form>
    </Dialog>
  );
}
