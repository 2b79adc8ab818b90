import { Button } from 'antd-mobile';
import { useRef } from 'react';
import { useTranslation } from '../../lib/use-translation.tsx';
import { CenterPopup } from '../../ui/overlays.tsx';

export interface AgreementPopupProps {
  visible: boolean;
  /** The server's `popTitle`, or our own title when it sent none. */
  title: string;
  /** The server's `popContent`: a few words above the agreement, when it sent some. */
  content: string;
  /** Checked by `popupFrameUrl`: our own agreement page (embedded) or a web address. */
  url: string;
  onAgree: () => void;
  onCancel: () => void;
}

/**
 * The agreement popup of spec §2 and §4: the agreement in a frame, with Cancel and Agree. antd's Modal
 * gives its box no dialog role; CenterPopup takes one, so the popup is built on that. It closes only
 * through its two buttons: a tap beside it must not decide for the borrower whether they agree.
 */
export function AgreementPopup({ visible, title, content, url, onAgree, onCancel }: AgreementPopupProps) {
  const { t } = useTranslation('loanConfirm');
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <CenterPopup
      visible={visible}
      role="dialog"
      aria-label={title}
      closeOnMaskClick={false}
      destroyOnClose
      className="agreement-popup"
      // Screen readers and keyboards start inside the popup, at its title.
      afterShow={() => heading.current?.focus()}
    >
      <div className="agreement-popup-body">
        <h2 className="agreement-popup-title" ref={heading} tabIndex={-1}>
          {title}
        </h2>
        {content ? <p className="agreement-popup-content">{content}</p> : null}
        <iframe className="agreement-popup-frame" src={url} title={title} referrerPolicy="no-referrer" />
        <div className="agreement-popup-actions">
          <Button block size="large" onClick={onCancel}>
            {t('popup.cancel')}
          </Button>
          <Button block size="large" color="primary" onClick={onAgree}>
            {t('popup.agree')}
          </Button>
        </div>
      </div>
    </CenterPopup>
  );
}
