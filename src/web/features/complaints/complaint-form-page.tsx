import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ConfigProvider, ImageUploader, Result, Tag, TextArea, useConfig } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { COMPLAINT_LIMITS } from '../../../shared/contract/constants.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { toast } from '../../lib/toast.ts';
import { PageError } from '../../ui/page-state.tsx';
import { SkeletonBlock, SkeletonRegion } from '../../ui/skeleton.tsx';
import { useImageUploads } from '../../ui/use-image-uploads.ts';
import {
  complaintKeys,
  cutDetail,
  problemInitQuery,
  saveProblem,
  UPLOAD_TYPES,
  uploadProblemImage,
} from './complaint-api.ts';
import './complaint-form-page.css';

/** Spec §2, §9: after "Successfully Sent" the borrower is back at the entry 1.5 s later. */
export const RETURN_DELAY_MS = 1500;

function entryPath(orderNo: string): string {
  return orderNo ? `${H5_PATHS.complaint}?${new URLSearchParams({ orderNo })}` : H5_PATHS.complaint;
}

/** Evidence images upload as soon as they are added, each with its progress (shared with the back office). */
function useEvidence() {
  const { t } = useTranslation('complaints');
  return useImageUploads({
    send: uploadProblemImage,
    successMessage: t('messages.uploadSuccess'),
    fallbackFailure: t('common:errors.internal'),
  });
}

/** The complaint form (spec §2): type tags, text with a 200 counter, up to 9 images, Send. */
export function ComplaintFormPage() {
  const { t } = useTranslation('complaints');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const problemType = Number(params.get('problemType'));
  const problemSonType = Number(params.get('problemSonType') ?? 0) || 0;
  const orderNo = params.get('orderNo') ?? '';
  // Opened from the entry, the cache answers; opened directly, the route's loader has already asked.
  const init = useQuery(problemInitQuery(orderNo || undefined));

  const [text, setText] = useState('');
  const composing = useRef(false);
  const [sending, setSending] = useState(false);
  // A second tap before the first re-render must not send the complaint twice.
  const sendingNow = useRef(false);
  const [sent, setSent] = useState(false);
  const evidence = useEvidence();
  const { locale } = useConfig();
  const detailId = useId();
  const counterId = useId();
  const evidenceId = useId();

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => navigate(entryPath(orderNo), { replace: true }), RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [sent, navigate, orderNo]);

  const title = t('screens.form.title');
  const page = (body: ReactNode) => (
    <main className="shell-page complaint-form">
      <title>{title}</title>
      <h1>{title}</h1>
      {body}
    </main>
  );

  if (sent) {
    return page(
      <div role="status" className="complaint-form-sent">
        <Result status="success" title={t('messages.sent')} description={t('messages.sentText')} />
      </div>,
    );
  }
  if (init.isPending) return page(<FormSkeleton />);
  if (init.isError)
    return page(<PageError message={init.error.message} onRetry={() => void init.refetch()} />);

  const type = init.data.problemType.find((o) => o.value === problemType);
  const subType = problemSonType
    ? init.data.problemSonType.find((o) => o.value === problemSonType)
    : undefined;
  if (!type || (problemSonType && !subType)) {
    return page(
      <div className="page-state" role="alert">
        <p>{t('screens.form.unknownType')}</p>
        <Link className="shell-button complaint-form-link-button" to={entryPath(orderNo)} replace>
          {t('screens.form.back')}
        </Link>
      </div>,
    );
  }

  const onText = (value: string) => {
    // Extra input is cut, not refused (spec §5); never in the middle of an IME composition.
    setText(composing.current ? value : cutDetail(value));
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sendingNow.current || evidence.uploading) return;
    const detail = text.trim();
    if (!detail) {
      toast.show(t('messages.detailEmpty'));
      return;
    }
    sendingNow.current = true;
    setSending(true);
    const result = await saveProblem(
      {
        problemType,
        problemSonType,
        problemDetail: detail,
        problemImage: evidence.images.map((i) => i.url).join(','),
        orderNo,
      },
      t('screens.form.sending'),
    );
    sendingNow.current = false;
    setSending(false);
    // A refusal was toasted by the helper; the text and images stay for another try.
    if (!result.ok) return;
    setSent(true);
    // The entry's counts and the list now include this complaint.
    void queryClient.invalidateQueries({ queryKey: complaintKeys.all });
  };

  const max = COMPLAINT_LIMITS.detailMax;

  return page(
    <form className="complaint-form-body" onSubmit={send} noValidate>
      <div className="complaint-form-tags">
        <Tag color="primary" fill="outline" className="complaint-form-tag">
          <span className="visually-hidden">{t('screens.form.typeLabel')}: </span>
          {type.title}
        </Tag>
        {subType ? (
          <Tag color="primary" fill="outline" className="complaint-form-tag">
            <span className="visually-hidden">{t('screens.form.subTypeLabel')}: </span>
            {subType.title}
          </Tag>
        ) : null}
      </div>

      <div className="complaint-form-field">
        <label htmlFor={detailId} className="complaint-form-label">
          {t('screens.form.detailLabel')}
        </label>
        <TextArea
          id={detailId}
          className="complaint-form-textarea"
          value={text}
          onChange={onText}
          onCompositionStart={() => {
            composing.current = true;
          }}
          onCompositionEnd={(event) => {
            composing.current = false;
            setText(cutDetail(event.currentTarget.value));
          }}
          placeholder={t('screens.form.detailPlaceholder')}
          rows={5}
          autoSize={{ minRows: 5, maxRows: 10 }}
          aria-describedby={counterId}
        />
        <div id={counterId} className="complaint-form-counter" data-testid="detail-counter">
          <span aria-hidden="true">
            {text.length}/{max}
          </span>
          <span className="visually-hidden">{t('screens.form.counter', { count: text.length, max })}</span>
        </div>
      </div>

      <section className="complaint-form-field" aria-labelledby={evidenceId}>
        <h2 id={evidenceId} className="complaint-form-label">
          {t('screens.form.evidence')}
        </h2>
        <p className="complaint-form-hint">{t('screens.form.evidenceHint')}</p>
        {/* The file input is named by antd's "Upload"; the borrower sees "Add image", so it says that. */}
        <ConfigProvider
          locale={{
            ...locale,
            ImageUploader: { ...locale.ImageUploader, upload: t('screens.form.addImage') },
          }}
        >
          <ImageUploader
            className="complaint-form-uploader"
            value={evidence.images.map((i) => ({ key: i.key, url: i.preview }))}
            // The list is ours (upload adds, our remove button removes); the uploader only renders it.
            onChange={() => {}}
            upload={evidence.upload}
            accept={UPLOAD_TYPES.join(',')}
            multiple
            columns={3}
            maxCount={COMPLAINT_LIMITS.imagesMax}
            deletable={false}
            beforeUpload={(file) => {
              if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) {
                toast.show(t('messages.imageInvalid'));
                return null;
              }
              if (file.size > COMPLAINT_LIMITS.imageBytesMax) {
                toast.show(t('messages.imageTooLarge'));
                return null;
              }
              return file;
            }}
            onCountExceed={() => toast.show(t('messages.tooManyImages'))}
            renderItem={(node, item, list) => {
              const n = list.indexOf(item) + 1;
              const image = evidence.images.find((i) => i.key === item.key);
              const key = String(item.key);
              return (
                <div className="complaint-form-image" key={key}>
                  {node}
                  {image && image.url === null ? (
                    <div
                      className="complaint-form-progress"
                      role="progressbar"
                      aria-label={t('screens.form.uploading', { n })}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={image.progress}
                    >
                      <span className="complaint-form-progress-bar" style={{ width: `${image.progress}%` }} />
                      <span className="complaint-form-progress-text">{image.progress}%</span>
                    </div>
                  ) : null}
                  <button
                    type="button"
                    className="complaint-form-remove"
                    aria-label={t('screens.form.removeImage', { n })}
                    onClick={() => evidence.remove(key)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </div>
              );
            }}
          >
            <span className="adm-image-uploader-cell complaint-form-add">
              <AddOutline aria-hidden="true" fontSize={24} />
              <span>{t('screens.form.addImage')}</span>
            </span>
          </ImageUploader>
        </ConfigProvider>
      </section>

      <p className="complaint-form-note">{t('screens.form.note')}</p>

      <Button
        type="submit"
        block
        color="primary"
        size="large"
        className="complaint-form-send"
        loading={sending}
        disabled={sending || evidence.uploading}
      >
        {t('screens.form.send')}
      </Button>
      {evidence.uploading ? (
        <p className="complaint-form-hint" role="status">
          {t('screens.form.waitUploads')}
        </p>
      ) : null}
    </form>,
  );
}

/**
 * The form's frame while problem-init is on the way (opened directly, not from the entry): the type
 * tags, the comment box and the evidence section as placeholders under their real headings.
 */
function FormSkeleton() {
  const { t } = useTranslation('complaints');
  return (
    <SkeletonRegion className="complaint-form-body">
      <div className="complaint-form-tags" aria-hidden="true">
        <SkeletonBlock width="96px" height="1.9rem" radius="999px" />
        <SkeletonBlock width="140px" height="1.9rem" radius="999px" />
      </div>
      <div className="complaint-form-field">
        <p className="complaint-form-label">{t('screens.form.detailLabel')}</p>
        <SkeletonBlock height="8.5rem" radius="var(--radius-small)" />
      </div>
      <section className="complaint-form-field" aria-labelledby="complaint-form-evidence-loading">
        <h2 id="complaint-form-evidence-loading" className="complaint-form-label">
          {t('screens.form.evidence')}
        </h2>
        <p className="complaint-form-hint">{t('screens.form.evidenceHint')}</p>
        <SkeletonBlock width="80px" height="80px" radius="var(--radius-small)" />
      </section>
      <SkeletonBlock height="48px" radius="var(--radius-small)" />
    </SkeletonRegion>
  );
}
