import { Button } from 'antd-mobile';
import { useRef } from 'react';
import type { StatusData } from '../../../shared/contract/repayment.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { CenterPopup } from '../../ui/overlays.tsx';

/** "I have paid": what happens next, and Cancel / Yes. Closes only through its buttons. */
export function TipsPopup({
  visible,
  onCancel,
  onConfirm,
}: {
  visible: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('repaymentPay');
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <CenterPopup
      visible={visible}
      closeOnMaskClick={false}
      destroyOnClose
      className="repay-tips"
      // Screen readers and keyboards start inside the popup, at its title.
      afterShow={() => heading.current?.focus()}
    >
      {/* antd puts aria-* props on its outer box, not on the one with the role: the dialog is ours. */}
      <div
        className="repay-tips-body"
        role="dialog"
        aria-modal="true"
        aria-labelledby="repay-tips-title"
        aria-describedby="repay-tips-text"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      >
        <h2 id="repay-tips-title" ref={heading} tabIndex={-1}>
          {t('pay.tips.title')}
        </h2>
        <p id="repay-tips-text">{t('pay.tips.text')}</p>
        <div className="repay-tips-actions">
          <Button block onClick={onCancel}>
            {t('pay.tips.cancel')}
          </Button>
          <Button block color="primary" onClick={onConfirm}>
            {t('pay.tips.ok')}
          </Button>
        </div>
      </div>
    </CenterPopup>
  );
}

/** Where the payment stands, as the server says; once credited, the way to the loan's details. */
export function StatusResult({
  status,
  onDetails,
}: {
  status: StatusData;
  onDetails: (url: string) => void;
}) {
  const { t } = useTranslation('repaymentPay');
  return (
    <section className={`repay-card repay-status is-${status.state}`} aria-labelledby="repay-status">
      <h2 id="repay-status">{t(`pay.status.${status.state}`)}</h2>
      {status.message ? <p>{status.message}</p> : null}
      {status.reason ? <p className="repay-muted">{status.reason}</p> : null}
      {status.state === 'credited' ? (
        <Button block color="primary" onClick={() => onDetails(status.detailsUrl)}>
          {t('pay.details')}
        </Button>
      ) : null}
    </section>
  );
}
