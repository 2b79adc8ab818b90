import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { AdminComplaint } from '../../../shared/contract/admin.ts';
import { REPLY_LIMITS } from '../../../shared/contract/constants.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { ImagePicker, type Pick } from '../../ui/image-picker.tsx';
import { useImageUploads } from '../../ui/use-image-uploads.ts';
import { adminKeys, sendReply, uploadStaffImage, useStaffSession } from './admin-api.ts';

/** Reply images upload as soon as they are added, each with its progress (shared with the borrower's form). */
function useReplyImages(csrf: string) {
  const { t } = useTranslation('admin');
  return useImageUploads({
    send: (file, onProgress, signal) => uploadStaffImage(file, csrf, onProgress, signal),
    fallbackFailure: t('reply.uploadFailed'),
  });
}

/** The operator's reply: text, images, and whether this closes the complaint. */
export function ReplyForm({ complaint }: { complaint: AdminComplaint }) {
  const { t } = useTranslation('admin');
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [markProcessed, setMarkProcessed] = useState(false);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const [saved, setSaved] = useState(false);
  // A double click must not save the reply twice.
  const sendingNow = useRef(false);
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

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sendingNow.current) return;
    if (images.uploading) {
      setError(t('reply.waitUploads'));
      return;
    }
    const replyText = text.trim();
    if (!replyText) {
      setError(t('reply.empty'));
      return;
    }
    setError('');
    setSaved(false);
    sendingNow.current = true;
    setSending(true);
    const result = await sendReply(
      complaint.id,
      {
        replyText,
        replyImages: images.images.map((i) => i.url).join(','),
        markProcessed: processing && markProcessed,
      },
      session.csrfToken,
      t('reply.sending'),
    );
    sendingNow.current = false;
    setSending(false);
    // A refusal was toasted with the server's words; the text and images stay for another try.
    if (!result.ok || !result.data) return;
    // The saved reply shows above at once, from the server's own copy of it.
    queryClient.setQueryData(adminKeys.complaint(complaint.id), result.data);
    void queryClient.invalidateQueries({ queryKey: adminKeys.queue });
    setText('');
    setMarkProcessed(false);
    images.clear();
    setSaved(true);
  };

  return (
    <section className="admin-card admin-reply" aria-labelledby={headingId}>
      <h2 id={headingId}>{complaint.replyText ? t('reply.titleAgain') : t('reply.title')}</h2>
      {complaint.replyText ? <p className="admin-muted">{t('reply.againNote')}</p> : null}
      <form onSubmit={send} noValidate className="admin-form">
        <div className="admin-field">
          <label htmlFor={textId}>{t('reply.text')}</label>
          <textarea
            id={textId}
            value={text}
            rows={6}
            maxLength={max}
            onChange={(e) => {
              setText(e.target.value);
              setSaved(false);
            }}
            aria-describedby={`${counterId} ${errorId}`}
            aria-invalid={error === t('reply.empty')}
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
                checked={markProcessed}
                onChange={(e) => setMarkProcessed(e.target.checked)}
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
          {error}
        </div>
        <div className="admin-actions">
          <Button
            type="submit"
            color="primary"
            size="large"
            loading={sending}
            loadingText={t('reply.sending')}
            disabled={sending || images.uploading}
          >
            {t('reply.send')}
          </Button>
          <span role="status" className="admin-saved">
            {saved ? t('reply.sent') : ''}
          </span>
        </div>
      </form>
    </section>
  );
}
