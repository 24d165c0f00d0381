import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLang, useT } from '@/i18n';
import toast from 'react-hot-toast';
import { IoClose } from 'react-icons/io5';
import { ALL_FIELDS_REQUIRED, BLANK_DETAIL_NAME, productAddSchema, productEditSchema } from '@haat/shared/schemas/catalogue';
import { SubmitButton } from '@/components/Button';
import { FormField, inputClass, TextField } from '@/components/FormField';
import { UploadProgress, useUploadProgress, type UploadOptions } from '@/components/UploadProgress';
import { firstErrorMessage, formResolver } from '@/lib/forms';
import type { ProductFormValues } from '../api/addProduct';
import { useAdminCategories } from '../api/getCategories';
import { useAdminSubCategories } from '../api/getSubCategories';
import { ChipSelect } from './ChipSelect';
import { ImageList, ImagePicker } from './ImageInput';
import { ADMIN_CATALOGUE_NS } from '../locales';
import { pricedPerVariant, productSummary, productVariantsSchema, variantProblem } from '@haat/shared/schemas/variants';
import { fill, ERRORS } from '@haat/shared/errors/catalogue';
import { translateError, translateMessage } from '@/i18n/messages';
import { variantsPayload } from '../api/variants';
import { NO_VARIANTS, VariantsEditor, type VariantsValue } from './VariantsEditor';

/** The first broken rule of the form's options and variants, in the page's language; null when none (or none are priced per variant). */
function variantsProblem(value: VariantsValue, images: (File | string)[]): string | null {
  if (!pricedPerVariant(value)) return null;
  const parsed = productVariantsSchema.safeParse(variantsPayload(value, images));
  if (!parsed.success) return translateMessage(parsed.error.issues[0]!.message);
  const problem = variantProblem(parsed.data);
  if (!problem) return null;
  const params = problem.params as Record<string, string | number>;
  return translateError(problem.code, params, fill(ERRORS[problem.code].en, params));
}

/** Spec §5 defaults: stock 0, price 0, discount 0, publish true. */
export const emptyProduct: ProductFormValues = {
  name: '',
  name_bn: '',
  description: '',
  description_bn: '',
  product_details: '',
  product_details_bn: '',
  image: [],
  category: [],
  subCategory: [],
  unit: '',
  stock: 0,
  price: 0,
  discount: 0,
  more_details: {},
  publish: true,
  ships_on: '',
};

/** Field order for the first message shown. */
const ORDER = ['name', 'description', 'image', 'category', 'subCategory', 'unit', 'stock', 'price', 'discount', 'more_details'] as const;

/**
 * The product form of spec §5, for Upload Product (`mode="add"`) and the
 * products list's edit dialog (`mode="edit"`: the same rules except stock).
 * A missing required field gives the toast 'All Fields are required'.
 * `onSave` resolves when the server accepted the product.
 */
export function ProductForm({
  mode,
  initial = emptyProduct,
  initialVariants = NO_VARIANTS,
  submitLabel,
  onSave,
}: {
  mode: 'add' | 'edit';
  initial?: ProductFormValues;
  /** The stored product's options and variants (an edit; issue 21). */
  initialVariants?: VariantsValue;
  submitLabel: string;
  /** `upload` goes to the request: it reports progress to the bars and cancels. */
  onSave: (values: ProductFormValues, upload: UploadOptions) => Promise<void>;
}) {
  const t = useT(ADMIN_CATALOGUE_NS);
  const lang = useLang();
  const { data: categories = [] } = useAdminCategories();
  const { data: subCategories = [] } = useAdminSubCategories();
  const { register, handleSubmit, reset, watch, setValue, formState } = useForm<ProductFormValues>({
    resolver: formResolver<ProductFormValues>(mode === 'add' ? productAddSchema : productEditSchema),
    defaultValues: initial,
  });
  const [newField, setNewField] = useState<string | null>(null);
  const [newFieldError, setNewFieldError] = useState('');
  const images = watch('image');
  const details = watch('more_details');
  const progress = useUploadProgress();
  const [variants, setVariants] = useState<VariantsValue>(initialVariants);
  const [variantError, setVariantError] = useState('');
  // The shared field rule (decision 0111): with options, the product's price, discount and stock are the variants'
  // (the server computes them alike), kept in step so the form's rules see them; else they are the product's own.
  const perVariant = pricedPerVariant(variants);
  useEffect(() => {
    if (!perVariant) return;
    const summary = productSummary(variants.variants.map((v) => ({ price: Number(v.price) || 0, discount: Number(v.discount) || 0, stock: Number(v.stock) || 0, publish: v.publish })));
    setValue('price', summary?.price ?? 0);
    setValue('discount', summary?.discount ?? 0);
    setValue('stock', variants.variants.reduce((n, v) => n + (Number(v.stock) || 0), 0));
  }, [variants, perVariant, setValue]);

  const onValid = async (values: ProductFormValues) => {
    // The shared rules of options and variants, said in the page's language before anything is sent.
    const problem = variantsProblem(variants, values.image);
    setVariantError(problem ?? '');
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      await onSave({ ...values, variants: perVariant || pricedPerVariant(initialVariants) ? variants : undefined }, progress.begin(values.image.filter((img): img is File => img instanceof File)));
      if (mode === 'add') {
        reset(emptyProduct);
        setVariants(NO_VARIANTS);
      }
    } catch {
      // onSave showed the server's message; the form keeps what was typed.
    } finally {
      progress.end();
    }
  };

  const addField = () => {
    const label = (newField ?? '').trim();
    if (!label) {
      setNewFieldError(BLANK_DETAIL_NAME);
      return;
    }
    setValue('more_details', { ...details, [label]: details[label] ?? '' });
    setNewField(null);
    setNewFieldError('');
  };

  return (
    <form
      onSubmit={handleSubmit(onValid, (errors) => toast.error(firstErrorMessage(errors, ORDER) ?? ALL_FIELDS_REQUIRED))}
      noValidate
      className="grid gap-4"
    >
      <TextField label={t('form.name')} id={`${mode}-product-name`} placeholder={t('form.namePlaceholder')} {...register('name')} />
      {/* Optional: the storefront shows it when the shop is in Bangla, and search covers it (issue 14). */}
      <TextField label={t('form.nameBn')} id={`${mode}-product-name-bn`} lang="bn" placeholder={t('form.nameBnPlaceholder')} {...register('name_bn')} />
      <FormField label={t('form.description')} htmlFor={`${mode}-product-description`}>
        <textarea id={`${mode}-product-description`} rows={3} placeholder={t('form.descriptionPlaceholder')} className={`${inputClass} resize-none`} {...register('description')} />
      </FormField>
      <FormField label={t('form.descriptionBn')} htmlFor={`${mode}-product-description-bn`}>
        <textarea id={`${mode}-product-description-bn`} lang="bn" rows={3} placeholder={t('form.descriptionBnPlaceholder')} className={`${inputClass} resize-none`} {...register('description_bn')} />
      </FormField>
      <FormField label={t('form.details')} htmlFor={`${mode}-product-details`}>
        <textarea id={`${mode}-product-details`} rows={4} placeholder={t('form.detailsPlaceholder')} className={`${inputClass} resize-y`} {...register('product_details')} />
      </FormField>
      {/* Optional: the product page's Details in Bangla (issue 42), as the name and description have. */}
      <FormField label={t('form.detailsBn')} htmlFor={`${mode}-product-details-bn`}>
        <textarea id={`${mode}-product-details-bn`} lang="bn" rows={4} placeholder={t('form.detailsBnPlaceholder')} className={`${inputClass} resize-y`} {...register('product_details_bn')} />
      </FormField>
      <div className="grid gap-2">
        <p className="font-medium text-slate-700">{t('image.title')}</p>
        <ImagePicker id={`${mode}-product-image`} label={t('image.upload')} multiple onPick={(files) => setValue('image', [...images, ...files])} />
        <ImageList images={images} name={(lang === 'bn' && watch('name_bn')) || watch('name')} onRemove={(i) => setValue('image', images.filter((_, j) => j !== i))} />
      </div>
      <ChipSelect id={`${mode}-product-category`} label={t('form.category')} options={categories} value={watch('category')} onChange={(ids) => setValue('category', ids)} />
      <ChipSelect id={`${mode}-product-subcategory`} label={t('form.subCategory')} options={subCategories} value={watch('subCategory')} onChange={(ids) => setValue('subCategory', ids)} />
      <TextField label={t('form.unit')} id={`${mode}-product-unit`} placeholder={t('form.unitPlaceholder')} {...register('unit')} />
      {/* A product with options takes these from its variants (shown in the Variants table). */}
      <div className="grid gap-4 sm:grid-cols-3" hidden={perVariant}>
        <TextField label={t('form.stock')} id={`${mode}-product-stock`} digits {...register('stock')} />
        <TextField label={t('form.price')} id={`${mode}-product-price`} digits {...register('price')} />
        <TextField label={t('form.discount')} id={`${mode}-product-discount`} digits {...register('discount')} />
      </div>
      <VariantsEditor value={variants} onChange={setVariants} images={images} productPrice={String(watch('price') || '')} />
      {variantError && <p role="alert" className="text-sm text-red-600">{variantError}</p>}
      {Object.keys(details).map((label) => (
        <div key={label} className="grid gap-1">
          <div className="flex items-center justify-between">
            <label htmlFor={`${mode}-detail-${label}`} className="font-medium text-slate-700">{label}</label>
            <button
              type="button"
              aria-label={t('form.removeField', { label })}
              onClick={() => setValue('more_details', Object.fromEntries(Object.entries(details).filter(([k]) => k !== label)))}
              className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-red-600"
            >
              <IoClose />
            </button>
          </div>
          <input
            id={`${mode}-detail-${label}`}
            value={details[label] ?? ''}
            onChange={(e) => setValue('more_details', { ...details, [label]: e.target.value })}
            className={inputClass}
          />
        </div>
      ))}
      {newField === null ? (
        <button type="button" onClick={() => setNewField('')} className="w-fit rounded border border-brand-600 px-3 py-1 font-medium text-brand-700 hover:bg-brand-50">
          {t('form.addFields')}
        </button>
      ) : (
        <div className="grid gap-1 rounded-lg border border-slate-200 p-3">
          <label htmlFor={`${mode}-new-field`} className="font-medium text-slate-700">{t('form.fieldName')}</label>
          <div className="flex gap-2">
            <input
              id={`${mode}-new-field`}
              value={newField}
              onChange={(e) => setNewField(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addField();
                }
              }}
              className={inputClass}
            />
            <button type="button" onClick={addField} className="rounded-lg bg-brand-600 px-4 font-medium text-white hover:bg-brand-700">{t('form.addField')}</button>
            <button type="button" onClick={() => { setNewField(null); setNewFieldError(''); }} className="rounded-lg border border-slate-300 px-3 text-slate-700">{t('action.cancel')}</button>
          </div>
          {newFieldError && <p role="alert" className="text-sm text-red-600">{newFieldError}</p>}
        </div>
      )}
      {/* Not ready to ship (a pre-order, issue 44): the day it ships; the product page says it, the advance is capped. */}
      <label htmlFor={`${mode}-ships-on`} className="grid gap-1 text-slate-700">
        <span className="font-medium">{t('form.shipsOn')}</span>
        <input id={`${mode}-ships-on`} type="date" className={inputClass} {...register('ships_on')} />
      </label>
      <label className="flex items-center gap-2 text-slate-700">
        {/* Spec §4: publish is on and cannot be changed here. */}
        <input type="checkbox" checked readOnly disabled name="publish" />
        {t('form.publish')}
      </label>
      <UploadProgress upload={progress} />
      <SubmitButton loading={formState.isSubmitting}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
