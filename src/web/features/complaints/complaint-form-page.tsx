import { useQuery } from '@tanstack/react-query';
import { Button, Result, Tag, TextArea, type TextAreaRef } from 'antd-mobile';
import { AddOutline, ExclamationCircleFill } from 'antd-mobile-icons';
import { type FormEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Option } from '../../../shared/contract/complaints.ts';
import { COLLECTION_TYPE, COMPLAINT_LIMITS } from '../../../shared/contract/constants.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { useApiMutation } from '../../lib/api-mutation.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { ImagePicker, type Pick } from '../../ui/image-picker.tsx';
import { PageError } from '../../ui/page-state.tsx';
import { SkeletonBlock, SkeletonRegion } from '../../ui/skeleton.tsx';
import { type UploadedImageRef, useImageUploads } from '../../ui/use-image-uploads.ts';
import {
  complaintKeys,
  cutDetail,
  isUnknownOrder,
  problemInitQuery,
  saveProblem,
  uploadProblemImage,
} from './complaint-api.ts';
import { clearDraft, draftKey, readDraft, writeDraft } from './complaint-draft.ts';
import { OrderNotFound } from './order-not-found.tsx';
import './complaint-form-page.css';

/** Spec §2, §9: after the success message the borrower is back at the entry 1.5 s later. */
export const RETURN_DELAY_MS = 1500;

const IMAGES_MAX = COMPLAINT_LIMITS.imagesMax;

function entryPath(orderNo: string): string {
  return orderNo ? `${H5_PATHS.complaint}?${new URLSearchParams({ orderNo })}` : H5_PATHS.complaint;
}

/**
 * Evidence images upload as soon as they are added, each with its progress (shared with the back
 * office). A failed one stays on screen, marked, until the borrower retries or removes it: dropping it
 * behind a passing toast let the complaint go without it. No toast per success either: it replaced
 * the limit message at once, and the tile itself shows the upload is done.
 */
function useEvidence(initial: readonly UploadedImageRef[] | undefined) {
  const { t } = useTranslation(['complaints', 'common']);
  return useImageUploads({
    send: uploadProblemImage,
    fallbackFailure: t('common:errors.internal'),
    keepFailed: true,
    initial,
  });
}

/** The complaint form (spec §2): type tags, text with a 200 counter, up to 9 images, Send. */
export function ComplaintFormPage() {
  const { t } = useTranslation(['complaints', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const problemType = Number(params.get('problemType'));
  const problemSonType = Number(params.get('problemSonType') ?? 0) || 0;
  const orderNo = params.get('orderNo') ?? '';
  // Opened from the entry, the cache answers; opened directly, the route's loader has already asked.
  const init = useQuery(problemInitQuery(orderNo || undefined));
  const [sent, setSent] = useState(false);

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
        <Result status="success" title={t('screens.form.sentTitle')} description={t('messages.sentText')} />
      </div>,
    );
  }
  if (init.isPending) return page(<FormSkeleton />);
  if (init.isError) {
    if (isUnknownOrder(init.error)) return page(<OrderNotFound />);
    return page(
      <PageError
        message={`${t('screens.form.loadError')} ${init.error.message}`}
        onRetry={() => void init.refetch()}
      />,
    );
  }

  const type = init.data.problemType.find((o) => o.value === problemType);
  const subTypes = type?.value === COLLECTION_TYPE ? init.data.problemSonType : [];
  const subType = problemSonType ? subTypes.find((o) => o.value === problemSonType) : undefined;
  if (!type || (problemSonType && !subType)) {
    return page(
      <div className="page-state" role="alert">
        <p>{t('screens.form.unknownType')}</p>
        <Link className="shell-button" to={entryPath(orderNo)} replace>
          {t('screens.form.back')}
        </Link>
      </div>,
    );
  }

  const storageKey = draftKey(orderNo, problemType);
  return page(
    // A form per order and type: its state (and its draft) never leaks into another one's.
    <ComplaintForm
      key={storageKey}
      storageKey={storageKey}
      type={type}
      subType={subType}
      subTypes={subType ? [] : subTypes}
      orderNo={orderNo}
      onSent={() => setSent(true)}
    />,
  );
}

interface FormProps {
  storageKey: string;
  type: Option;
  /** The sub-type named by the address, if any. */
  subType: Option | undefined;
  /** Sub-types to choose from on the form, when the type has some and the address named none. */
  subTypes: readonly Option[];
  orderNo: string;
  onSent: () => void;
}

type EvidenceBlock = 'uploading' | 'failed' | null;

function ComplaintForm({ storageKey, type, subType, subTypes, orderNo, onSent }: FormProps) {
  const { t } = useTranslation(['complaints', 'common']);
  // Read once: what this tab kept of an earlier visit to this form (reload, Back).
  const [draft] = useState(() => readDraft(storageKey));
  const [text, setText] = useState(draft?.text ?? '');
  const [chosenSubType, setChosenSubType] = useState(() =>
    subTypes.some((o) => o.value === draft?.subType) ? (draft?.subType ?? 0) : 0,
  );
  const composing = useRef(false);
  // Which checks failed on the last Send; each message goes away once its field is put right.
  const [tried, setTried] = useState(false);
  const [evidenceBlocked, setEvidenceBlocked] = useState(false);
  // What the last pick left out (over the limit, wrong type, too large), shown until the next pick.
  const [dropped, setDropped] = useState(0);
  const [refused, setRefused] = useState<string[]>([]);
  const evidence = useEvidence(draft?.images);
  const textArea = useRef<TextAreaRef>(null);
  const subTypeGroup = useRef<HTMLDivElement>(null);
  const evidenceRef = useRef<HTMLElement>(null);
  const detailId = useId();
  const counterId = useId();
  const detailErrorId = useId();
  const subTypeHeadingId = useId();
  const subTypeErrorId = useId();
  const evidenceId = useId();
  const evidenceHintId = useId();
  const evidenceErrorId = useId();

  const sonType = subType?.value ?? chosenSubType;
  const detailMissing = tried && !text.trim();
  const subTypeMissing = tried && subTypes.length > 0 && !chosenSubType;
  const block: EvidenceBlock = evidence.failed ? 'failed' : evidence.uploading ? 'uploading' : null;
  const evidenceError = evidenceBlocked && block ? block : null;

  // antd's TextArea puts aria-* on its wrapper, where a screen reader never looks: the text box itself
  // must say it is invalid and what describes it.
  useLayoutEffect(() => {
    const element = textArea.current?.nativeElement;
    if (!element) return;
    element.setAttribute('aria-describedby', detailMissing ? `${counterId} ${detailErrorId}` : counterId);
    if (detailMissing) element.setAttribute('aria-invalid', 'true');
    else element.removeAttribute('aria-invalid');
  }, [detailMissing, counterId, detailErrorId]);

  // Kept as it changes, so a reload or Back does not lose it; only uploaded images (their URLs).
  const uploaded = evidence.images.flatMap((i) => (i.status === 'done' && i.url ? [i.url] : []));
  const uploadedList = uploaded.join(',');
  useEffect(() => {
    writeDraft(storageKey, {
      text,
      subType: chosenSubType,
      images: uploadedList ? uploadedList.split(',').map((url) => ({ url })) : [],
    });
  }, [storageKey, text, chosenSubType, uploadedList]);

  // One complaint per tap (the mutation's own guard: a second tap before the re-render sends nothing).
  // A refusal was toasted by the helper; the text and images stay for another try.
  const save = useApiMutation({
    call: (detail: string) =>
      saveProblem(
        {
          problemType: type.value,
          problemSonType: sonType,
          problemDetail: detail,
          problemImage: uploaded.join(','),
          orderNo,
        },
        t('screens.form.sending'),
      ),
    // The entry's counts and the list now include this complaint.
    invalidates: [complaintKeys.all],
    onSuccess: () => {
      clearDraft(storageKey);
      onSent();
    },
  });
  const sending = save.isPending;

  const onText = (value: string) => {
    // Extra input is cut, not refused (spec §5); never in the middle of an IME composition.
    setText(composing.current ? value : cutDetail(value));
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const detail = text.trim();
    const needsSubType = subTypes.length > 0 && !chosenSubType;
    setTried(true);
    setEvidenceBlocked(block !== null);
    if (needsSubType || !detail || block) {
      // The first field to put right gets the focus; its message is next to it.
      if (needsSubType) subTypeGroup.current?.querySelector('input')?.focus();
      else if (!detail) textArea.current?.focus();
      else evidenceRef.current?.focus();
      return;
    }
    save.mutate(detail);
  };

  /** One pick: each refused file named with its reason, what went past the limit counted, the rest sent. */
  const pickImages = ({ take, refused: out, over }: Pick) => {
    const reason = { type: t('messages.imageInvalid'), size: t('messages.imageTooLarge') };
    setRefused(
      out.map(({ file, why }) => t('screens.form.fileRefused', { name: file.name, reason: reason[why] })),
    );
    setDropped(over);
    for (const file of take) void evidence.upload(file);
  };

  const removeImage = (key: string) => {
    // Room again under the limit: what the last pick left out is no longer the news.
    setDropped(0);
    evidence.remove(key);
  };

  const max = COMPLAINT_LIMITS.detailMax;
  const count = evidence.images.length;
  let limitLine: string | null = null;
  if (dropped > 0) limitLine = t('screens.form.notAdded', { count: dropped, max: IMAGES_MAX });
  else if (count >= IMAGES_MAX) limitLine = t('screens.form.limitReached', { max: IMAGES_MAX });
  const failures = evidence.images.flatMap((image, index) =>
    image.status === 'failed' ? [{ key: image.key, n: index + 1, reason: image.error }] : [],
  );

  return (
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

      {subTypes.length > 0 ? (
        // Opened without a sub-type (a link from elsewhere, problemSonType=0): the server needs one.
        <div className="complaint-form-field">
          <h2 id={subTypeHeadingId} className="complaint-form-label">
            {t('screens.entry.subTypesHeading')}
          </h2>
          <div
            ref={subTypeGroup}
            role="radiogroup"
            className="complaint-form-subtypes"
            aria-labelledby={subTypeHeadingId}
            aria-describedby={subTypeMissing ? subTypeErrorId : undefined}
            aria-invalid={subTypeMissing || undefined}
          >
            {subTypes.map((option) => (
              <label key={option.value} className="complaint-form-subtype">
                <input
                  type="radio"
                  name={`${storageKey}-subtype`}
                  value={option.value}
                  checked={chosenSubType === option.value}
                  onChange={() => setChosenSubType(option.value)}
                />
                <span>{option.title}</span>
              </label>
            ))}
          </div>
          {subTypeMissing ? (
            <FieldError id={subTypeErrorId}>{t('screens.form.subTypeMissing')}</FieldError>
          ) : null}
        </div>
      ) : null}

      <div className="complaint-form-field">
        <label htmlFor={detailId} className="complaint-form-label">
          {t('screens.form.detailLabel')}
        </label>
        <TextArea
          ref={textArea}
          id={detailId}
          className={detailMissing ? 'complaint-form-textarea is-invalid' : 'complaint-form-textarea'}
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
        />
        <div className="complaint-form-under">
          {detailMissing ? <FieldError id={detailErrorId}>{t('messages.detailEmpty')}</FieldError> : null}
          <div id={counterId} className="complaint-form-counter" data-testid="detail-counter">
            <span aria-hidden="true">
              {text.length}/{max}
            </span>
            <span className="visually-hidden">{t('screens.form.counter', { count: text.length, max })}</span>
          </div>
        </div>
      </div>

      <section
        ref={evidenceRef}
        className="complaint-form-field complaint-form-evidence"
        aria-labelledby={evidenceId}
        aria-describedby={evidenceError ? `${evidenceHintId} ${evidenceErrorId}` : evidenceHintId}
        // Focus lands here when Send is held back by an image, so the reason is read out with it.
        tabIndex={-1}
      >
        <div className="complaint-form-evidence-head">
          <h2 id={evidenceId} className="complaint-form-label">
            {t('screens.form.evidence')}
          </h2>
          <span className="complaint-form-count" data-testid="image-count" aria-hidden="true">
            {count}/{IMAGES_MAX}
          </span>
        </div>
        <p id={evidenceHintId} className="complaint-form-hint">
          {t('screens.form.evidenceHint')}
        </p>
        <ImagePicker
          className="complaint-form-uploader"
          images={evidence.images}
          max={IMAGES_MAX}
          addLabel={t('screens.form.addImage')}
          addIcon={<AddOutline aria-hidden="true" fontSize={24} />}
          viewLabel={(n) => t('screens.form.viewImage', { n })}
          progressLabel={(n) => t('screens.form.uploading', { n })}
          onPick={pickImages}
          cellClass={(image) =>
            image.status === 'failed' ? 'complaint-form-image is-failed' : 'complaint-form-image'
          }
          overlay={(image, n) => {
            const key = image.key;
            if (image.status === 'failed')
              return (
                // Marked in words, not only in colour, with both ways out next to the picture.
                <div className="complaint-form-failed">
                  <span className="complaint-form-failed-text">
                    <ExclamationCircleFill aria-hidden="true" />
                    {t('screens.form.uploadFailed')}
                  </span>
                  <TileButton name={t('screens.form.retryImage', { n })} onClick={() => evidence.retry(key)}>
                    {t('common:actions.retry')}
                  </TileButton>
                  <TileButton name={t('screens.form.removeImage', { n })} onClick={() => removeImage(key)}>
                    {t('common:actions.remove')}
                  </TileButton>
                </div>
              );
            return (
              <button
                type="button"
                className="complaint-form-remove"
                aria-label={t('screens.form.removeImage', { n })}
                onClick={() => removeImage(key)}
              >
                <span aria-hidden="true">×</span>
              </button>
            );
          }}
        />

        {/* Read out as it changes: how many are in, what a pick left out, what failed and why. */}
        <div className="complaint-form-evidence-status" role="status">
          <span className="visually-hidden">{t('screens.form.imagesCount', { count, max: IMAGES_MAX })}</span>
          {limitLine ? (
            <p className="complaint-form-notice" data-testid="image-limit">
              {limitLine}
            </p>
          ) : null}
          {refused.map((line) => (
            <p key={line} className="complaint-form-notice">
              {line}
            </p>
          ))}
          {failures.length > 0 ? (
            <ul className="complaint-form-failures">
              {failures.map((f) => (
                <li key={f.key}>{t('screens.form.failedReason', { n: f.n, reason: f.reason })}</li>
              ))}
            </ul>
          ) : null}
        </div>
        {evidenceError ? (
          <FieldError id={evidenceErrorId} alert>
            {evidenceError === 'failed' ? t('screens.form.failedBlocks') : t('screens.form.waitUploads')}
          </FieldError>
        ) : null}
      </section>

      <p className="complaint-form-note">{t('screens.form.note')}</p>

      <Button
        type="submit"
        block
        color="primary"
        size="large"
        className="complaint-form-send"
        loading={sending}
        disabled={sending}
      >
        {t('screens.form.send')}
      </Button>
    </form>
  );
}

/**
 * The form's frame while problem-init is on the way (opened directly, not from the entry): the type
 * tags and the evidence section as placeholders under their real headings, and the comment box.
 */
function FormSkeleton() {
  const { t } = useTranslation(['complaints', 'common']);
  return (
    <SkeletonRegion className="complaint-form-body">
      <div className="complaint-form-tags" aria-hidden="true">
        <SkeletonBlock width="96px" height="1.9rem" radius="999px" />
        <SkeletonBlock width="140px" height="1.9rem" radius="999px" />
      </div>
      <div className="complaint-form-field">
        <p className="complaint-form-label">{t('screens.form.detailLabel')}</p>
        {/* The comment box itself, as the form draws it (antd's classes, 5 rows), read-only until the
            form replaces it: the first paint already says what to write, and nothing typed here is lost. */}
        <div className="adm-text-area complaint-form-textarea" aria-hidden="true">
          <textarea
            className="adm-text-area-element"
            rows={5}
            placeholder={t('screens.form.detailPlaceholder')}
            readOnly
            tabIndex={-1}
          />
        </div>
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

/** A field's error, under the field it belongs to (the field points at it with aria-describedby). */
function FieldError({ id, alert, children }: { id: string; alert?: boolean; children: ReactNode }) {
  return (
    <p id={id} className="complaint-form-error" role={alert ? 'alert' : undefined}>
      <ExclamationCircleFill aria-hidden="true" />
      {children}
    </p>
  );
}

/** A way out on a failed image's tile; `name` says which image it acts on. */
function TileButton({ name, onClick, children }: { name: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="complaint-form-tile-button" aria-label={name} onClick={onClick}>
      {children}
    </button>
  );
}
