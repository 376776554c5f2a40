/**
 * The avatar of the General tab: the picture (or initials), a picker for JPEG/JPG/PNG up to 5 MB
 * (docs/product/rules.md: "Image size must be less than 5MB"), the square crop, then the upload.
 * The new picture goes into the session at once, so the top bar and every place showing the person
 * change without a reload.
 */
import { useRef, useState, type ReactElement } from 'react';
import { AVATAR_TYPES, MESSAGES, type Id, type Profile } from '../../contract';
import { imageUrl, isApiError } from '../../core';
import { useConfig, useRuntime, useToast } from '../../runtime';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { useAccountApi } from './accountApi';
import { avatarProblem } from './accountModel';
import { accountStyles } from './accountStyles';
import { AvatarCropper } from './AvatarCropper';

export const AVATAR_TEXT = {
  title: 'Profile picture',
  hint: 'JPEG or PNG, up to 5 MB. You can crop it to a square before it is saved.',
  choose: 'Change picture',
  uploading: 'Uploading...',
} as const;

export interface AvatarSectionProps {
  userId: Id;
  name: string;
  avatar: string | null | undefined;
  /** The saved profile with its new avatar. */
  onUploaded(profile: Profile | null, avatar: string | null): void;
}

export function AvatarSection({ userId, name, avatar, onUploaded }: AvatarSectionProps): ReactElement {
  const s = accountStyles();
  const api = useAccountApi();
  const config = useConfig();
  const runtime = useRuntime();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const wrong = avatarProblem(file);
    setProblem(wrong);
    if (wrong) {
      toast.error(wrong);
      return;
    }
    setPicked(file);
  };

  const upload = async (blob: Blob, fileName: string) => {
    setPicked(null);
    setBusy(true);
    try {
      const saved = await api.uploadAvatar(userId, blob, fileName);
      const next = saved?.avatar ?? null;
      // Everyone showing the person reads the session: the top bar changes now.
      runtime.session.getState().update({ avatar: next } as never);
      onUploaded(saved, next);
      toast.success(MESSAGES.profile.updated);
    } catch (error) {
      console.error(error);
      const message = isApiError(error) && error.status === 413 ? MESSAGES.profile.avatarTooLarge : MESSAGES.profile.updateFailed;
      setProblem(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="ed-avatar-title">
      <h3 id="ed-avatar-title" className={s.sectionTitle}>
        {AVATAR_TEXT.title}
      </h3>
      <p className={s.hint}>{AVATAR_TEXT.hint}</p>
      <div className={s.avatarRow}>
        <Avatar name={name} src={avatar ? imageUrl(config, avatar) : null} size={72} />
        <div className={s.avatarActions}>
          <input
            ref={input}
            type="file"
            accept={[...AVATAR_TYPES, '.jpg', '.jpeg', '.png'].join(',')}
            hidden
            aria-label={AVATAR_TEXT.choose}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <Button variant="secondary" onClick={() => input.current?.click()} busy={busy} busyLabel={AVATAR_TEXT.uploading}>
            {AVATAR_TEXT.choose}
          </Button>
          {problem && (
            <p className={s.error} role="alert">
              {problem}
            </p>
          )}
        </div>
      </div>
      {picked && <AvatarCropper file={picked} onCancel={() => setPicked(null)} onCropped={(blob, fileName) => void upload(blob, fileName)} />}
    </section>
  );
}
