import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type AdminComplaint, type ReplyBody, replyBody } from '../../../shared/contract/admin.ts';
import { REPLY_LIMITS } from '../../../shared/contract/constants.ts';
import { useApiMutation } from '../../lib/api-mutation.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { ImagePicker, type Pick } from '../../ui/image-picker.tsx';
import { useImageUploads } from '../../ui/use-image-uploads.ts';
import { adminKeys, sendReply, uploadStaffImage, useStaffSession } from './admin-api.ts';
import { copyKey, formResolver, useErrorText } from './admin-form.tsx';

/** Reply images upload as soon as they are added, each with its progress (shared with the borrower's form). */
function useReplyImages(csrf: string) {
  const { t } = useTranslation('admin');
  return useImageUploads({
    send: (file, onProgress, signal) => uploadStaffImage(file, csrf, onProgress, signal),
    fallbackFailure: t('reply.uploadFailed'),
  });
}

/** The reply's text and flag, held to the contract's `replyBody` (the images are added when it is sent). */
const replyForm = z
  .object({
    replyText: z.string().trim().min(1, copyKey('admin:reply.empty')),
    markProcessed: z.boolean(),
  })
  .transform((d): z.input<typeof replyBody> => d)
  .pipe(replyBody);
type ReplyValues = z.input<typeof replyForm>;

/** The operator's reply: text, images, and whether this closes the complaint. */
export function ReplyForm({ complaint }: { complaint: AdminComplaint }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const { register, handleSubmit, setError, reset, watch, formState } = useForm<
    ReplyValues,
    unknown,
    ReplyBody
  >({ defaultValues: { replyText: '', markProcessed: false }, resolver: formResolver(replyForm) });
  const images = useReplyImages(session.csrfToken);
  const headingId = useId();
  const textId = useId();
  const counterId = useId();
  const errorId = useId();
  const processedId = useId();
  const processedHintId = useId();
  const max = REPLY_LIMITS.textMax;

  /** One pick: a refused file is said aloud (a toast each), and so is going past the limit. */
  const pickImages = ({ take, refused, over }: Pick) => {
    for (const { why } of refused)
      toast.show(t(why === 'type' ? 'reply.imageInvalid' : 'reply.imageTooLarge'));
    if (over > 0) toast.show(t('reply.tooManyImages', { max: REPLY_LIMITS.imagesMax }));
    for (const file of take) void images.upload(file);
  };
  const processing = complaint.status === 'processing';

  // Not silent: a refusal is toasted with the server's words; the text and images stay for another try.
  const send = useApiMutation({
    call: (body: ReplyBody) => sendReply(complaint.id, body, session.csrfToken, t('reply.sending')),
    invalidates: [adminKeys.queue],
    onSuccess: (saved) => {
      // The saved reply shows above at once, from the server's own copy of it.
      queryClient.setQueryData(adminKeys.complaint(complaint.id), saved);
      reset();
      images.clear();
    },
  });

  const submit = handleSubmit((body) => {
    if (images.uploading) {
      setError('root.uploads', { message: copyKey('admin:reply.waitUploads') });
      return;
    }
    send.mutate({
      ...body,
      replyImages: images.images.map((i) => i.url).join(','),
      markProcessed: processing && body.markProcessed,
    });
  });
  const error = formState.errors.replyText ?? formState.errors.root?.uploads;
  const text = watch('replyText');

  return (
    <section className="admin-card admin-reply" aria-labelledby={headingId}>
      <h2 id={headingId}>{complaint.replyText ? t('reply.titleAgain') : t('reply.title')}</h2>
      {complaint.replyText ? <p className="admin-muted">{t('reply.againNote')}</p> : null}
      <form onSubmit={submit} noValidate className="admin-form">
        <div className="admin-field">
          <label htmlFor={textId}>{t('reply.text')}</label>
          <textarea
            id={textId}
            rows={6}
            maxLength={max}
            // A new text is not the one just sent.
            {...register('replyText', { onChange: () => send.reset() })}
            aria-describedby={`${counterId} ${errorId}`}
            aria-invalid={formState.errors.replyText ? true : undefined}
          />
          <div id={counterId} className="admin-counter" data-testid="reply-counter">
            {t('reply.counter', { count: text.length, max })}
          </div>
        </div>

        <fieldset className="admin-field admin-fieldset">
          <legend className="admin-label">{t('reply.images')}</legend>
          <p className="admin-muted admin-hint">{t('reply.imagesHint', { max: REPLY_LIMITS.imagesMax })}</p>
          <ImagePicker
            className="admin-uploader"
            images={images.images}
            max={REPLY_LIMITS.imagesMax}
            addLabel={t('reply.addImage')}
            addIcon={<AddOutline aria-hidden="true" fontSize={22} />}
            viewLabel={(n) => t('reply.viewImage', { n })}
            progressLabel={(n) => t('reply.uploading', { n })}
            onPick={pickImages}
            overlay={(image, n) => (
              <>
                <button
                  type="button"
                  className="admin-upload-remove"
                  aria-label={t('reply.removeImage', { n })}
                  onClick={() => images.remove(image.key)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </>
            )}
          />
        </fieldset>

        {processing ? (
          <div className="admin-field">
            {/* Native: the hint must be announced with the box itself, which antd's Checkbox cannot wire. */}
            <div className="admin-check">
              <input
                id={processedId}
                type="checkbox"
                {...register('markProcessed')}
                aria-describedby={processedHintId}
              />
              <label htmlFor={processedId}>{t('reply.markProcessed')}</label>
            </div>
            <p id={processedHintId} className="admin-muted admin-hint admin-check-hint">
              {t('reply.markProcessedHint')}
            </p>
          </div>
        ) : null}

        <div id={errorId} className="admin-form-error" role="alert">
          {errorText(error)}
        </div>
        <div className="admin-actions">
          <Button
            type="submit"
            color="primary"
            size="large"
            loading={send.isPending}
            loadingText={t('reply.sending')}
            disabled={send.isPending || images.uploading}
          >
            {t('reply.send')}
          </Button>
          <span role="status" className="admin-saved">
            {send.isSuccess ? t('reply.sent') : ''}
          </span>
        </div>
      </form>
    </section>
  );
}
