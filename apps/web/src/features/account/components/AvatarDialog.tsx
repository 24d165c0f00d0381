import { useEffect, useState, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { Dialog } from '@/components/Dialog';
import { Button } from '@/components/Button';
import { UploadProgress, useUploadProgress } from '@/components/UploadProgress';
import { errorMessage } from '@/lib/api';
import { useUploadAvatar } from '../api/uploadAvatar';
import { UserAvatar } from './UserAvatar';
import { useT } from '@/i18n';
import { ACCOUNT_NS } from '../locales';
import { translateMessage } from '@/i18n/messages';

const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Edit Profile: pick a png or jpeg, see a preview, upload it. */
export function AvatarDialog({ open, onClose, current, name }: { open: boolean; onClose: () => void; current?: string; name?: string }) {
  const t = useT(ACCOUNT_NS, 'avatar');
  const upload = useUploadAvatar();
  const progress = useUploadProgress();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  useEffect(() => {
    if (!open) setFile(null);
  }, [open]);

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0] ?? null;
    e.target.value = '';
    if (!picked) return;
    if (!['image/png', 'image/jpeg'].includes(picked.type)) return void toast.error(t('wrongType'));
    if (picked.size > AVATAR_MAX_BYTES) return void toast.error(t('tooLarge'));
    setFile(picked);
  };
  const onUpload = async () => {
    if (!file) return;
    try {
      const res = await upload.mutateAsync({ file, upload: progress.begin([file]) });
      toast.success(res.message ? translateMessage(res.message) : t('updated'));
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      progress.end();
    }
  };

  return (
    <Dialog open={open} title={t('editProfile')} onClose={onClose}>
      <div className="flex flex-col items-center gap-4">
        <div className="h-24 w-24 overflow-hidden rounded-full bg-slate-100">
          {preview ? <img src={preview} alt={t('preview')} className="h-full w-full object-cover" /> : <UserAvatar url={current} name={name} size={96} />}
        </div>
        <label className="cursor-pointer rounded-lg border border-brand-600 px-4 py-2 font-medium text-brand-700 hover:bg-brand-50">
          {t('chooseImage')}
          <input type="file" accept="image/png,image/jpeg" onChange={onPick} className="sr-only" aria-label={t('chooseAvatarImage')} />
        </label>
        <UploadProgress upload={progress} />
        <Button onClick={onUpload} disabled={!file} loading={upload.isPending} className="w-full">
          {upload.isPending ? t('uploading') : t('upload')}
        </Button>
      </div>
    </Dialog>
  );
}
